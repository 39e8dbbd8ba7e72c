/**
 * The tenant a table socket belongs to (issue 10 point 7): an `update_vxe_table` message reaches only sockets whose
 * users share the sender's tenant. A WebSocket carries no `tenant-id` header, so the tenant is the session's:
 *  - the session's current tenant (chosen at sign-in: the user's one active tenant), while the user still belongs to it;
 *  - otherwise the user's whole tenant scope (a member of several tenants who chose none sees all of them), so it
 *    shares only with sockets of exactly the same tenants;
 *  - a platform user (no tenant) shares with platform users only.
 */
export function socketTenant(sessionTenantId: number, tenantIds: readonly number[] | undefined): string {
  const mine = [...new Set(tenantIds ?? [])].sort((a, b) => a - b);
  if (!mine.length) return 'platform';
  if (sessionTenantId > 0 && mine.includes(sessionTenantId)) return `t:${sessionTenantId}`;
  return `t:${mine.join(',')}`;
}
