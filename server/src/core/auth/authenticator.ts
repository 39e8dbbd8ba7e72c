import type { AppContext } from '../context.js';
import type { Authenticator, SessionUser } from '../access/types.js';
import { TokenError } from '../envelope/errors.js';
import { TenantError } from './errors.js';
import { permissionCodesOf } from './permissions.js';
import { readSession, touchSession, verifyToken } from './session.js';
import { isActive, loadUser, tenantIdsOf } from './users.js';

/**
 * The tenant chosen by the `tenant-id` header: empty or 0 = none; otherwise it must be one of the user's
 * rel_tenant_ids, else TenantError (403).
 */
export function resolveTenant(header: string | undefined, relTenantIds: number[]): number {
  const raw = (header ?? '').trim();
  if (raw === '' || raw === '0' || raw === 'null' || raw === 'undefined') return 0;
  if (!/^\d{1,9}$/.test(raw)) throw new TenantError();
  const id = Number(raw);
  if (id === 0) return 0;
  if (!relTenantIds.includes(id)) throw new TenantError();
  return id;
}

/**
 * Token → session user (security §1.5): HS256 signature with the server secret and expiry checked, the session record
 * must exist, the user must exist with status 1 and del_flag 0. Every failure is a TokenError (HTTP 401).
 */
export function createAuthenticator(ctx: AppContext): Authenticator {
  return {
    async authenticate(token: string, tenantHeader: string | undefined): Promise<SessionUser> {
      const claims = await verifyToken(ctx, token);
      if (!claims) throw new TokenError();
      const rec = await readSession(ctx, claims.jti);
      if (!rec || rec.userId !== claims.sub) throw new TokenError();
      const user = await loadUser(ctx, claims.sub);
      if (!user || !isActive(user)) throw new TokenError();
      const tenantIds = tenantIdsOf(user);
      const tenantId = resolveTenant(tenantHeader, tenantIds);
      await touchSession(ctx, claims.jti);
      return {
        id: user.id,
        username: user.username ?? '',
        realname: user.realname ?? '',
        sessionId: claims.jti,
        tenantId,
        tenantIds,
        orgCode: user.org_code ?? null,
      };
    },
    permissionCodes(user: SessionUser): Promise<ReadonlySet<string>> {
      return permissionCodesOf(ctx, user.id);
    },
  };
}

export { invalidateUser } from './users.js';
export { bumpPermissionVersion } from './permissions.js';
export { endUserSessions } from './session.js';
