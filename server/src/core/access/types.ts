/**
 * Every route declares who may call it (deny by default, DEVELOPERS.md / security §1.2):
 * - 'public': anyone (the session is still resolved when a valid token is sent);
 * - 'user': any signed-in user;
 * - { perms: [...] }: a signed-in user holding at least one of these permission codes
 *   (the `perms` of granted, enabled sys_permission rows, comma lists split).
 */
export type RouteAuth = 'public' | 'user' | { perms: readonly string[] };

/** The signed-in caller, resolved from the session record (never from the request body or path). */
export interface SessionUser {
  id: string;
  username: string;
  realname: string;
  /** Session id (the JWT `jti`). */
  sessionId: string;
  /** Tenant chosen by the `tenant-id` header, validated against the user's own tenants (0 = none). */
  tenantId: number;
  /** Every tenant the user belongs to (rel_tenant_ids); empty = a platform user (security §1.11). */
  tenantIds?: readonly number[];
  orgCode: string | null;
}

/** What the access guard needs from the auth module; decorated on the app as `app.authn`. */
export interface Authenticator {
  /** Resolve a token to its session user, or throw TokenError. `tenantHeader` is the raw `tenant-id` header. */
  authenticate(token: string, tenantHeader: string | undefined): Promise<SessionUser>;
  /** The permission codes the user holds (cached; invalidated when grants change). */
  permissionCodes(user: SessionUser): Promise<ReadonlySet<string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    authn: Authenticator;
  }
}
