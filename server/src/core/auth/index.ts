/** The auth API other modules use. */
export { createAuthenticator, resolveTenant } from './authenticator.js';
export { invalidateUser, loadUser, isActive, tenantIdsOf } from './users.js';
export { bumpPermissionVersion, permissionCodesOf, splitPerms } from './permissions.js';
export { createSession, endSession, endUserSessions, listSessions, readSession, verifyToken } from './session.js';
export { TenantError } from './errors.js';
