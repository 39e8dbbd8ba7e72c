import { setTableDictScope, type DictScope } from '../../../core/dict/index.js';
import { callerTenants, userScope } from '../user/definition.js';

/**
 * sys_user rows of the user table dictionaries (`sys_user,realname,id|username`): exactly the users the user list
 * shows the caller (security §1.11; ACCESS.md "Tenant scope"): the tenant chosen by the header, else all of the
 * caller's tenants, no limit for a platform user; never the reserved external user. The key is the tenant list
 * the scope depends on, so cached texts are shared only by callers with the same view.
 */
export const userDictScope: DictScope = {
  where: (eb, req) => userScope(eb, req),
  key: (req) => {
    const tenants = callerTenants(req);
    return tenants ? [...tenants].sort((a, b) => a - b).join(',') : '*';
  },
};

/** Give the scoped table dictionaries their rules (called while the app is built, before any request). */
export function setDictScopes(): void {
  setTableDictScope('sys_user', userDictScope);
}
