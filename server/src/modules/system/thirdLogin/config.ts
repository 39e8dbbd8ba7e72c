import { ConfigError } from '../../../config.js';

/** One OpenID Connect provider of OIDC_PROVIDERS (README "Configuration"). */
export interface OidcProviderConfig {
  /** The thirdType on the wire and in sys_third_account.third_type: lower-case letters, digits, `_`, `-` (≤ 32). */
  id: string;
  /** The button's text (设置 in the provider's own language is fine: 企业微信, GitHub…). */
  name: string;
  /** The issuer URL; its `/.well-known/openid-configuration` is read on first use. */
  issuer: string;
  clientId: string;
  /** Absent: a public client (PKCE only, token endpoint auth `none`). */
  clientSecret: string | null;
  /** Scopes asked for; `openid` is always included. */
  scopes: string[];
}

export interface ThirdLoginConfig {
  /** OIDC_PROVIDERS: a JSON array of providers; empty = no third-party sign-in. */
  oidcProviders: OidcProviderConfig[];
  /**
   * OIDC_REDIRECT_BASE: the public origin of this server as the browser sees it (`https://admin.example.com`); the
   * redirect URI given to the providers is `{base}{API_PREFIX}/sys/thirdLogin/oauth2/{id}/callback`, and the browser is
   * sent back to `{base}/oauth2-app/login` (fixed paths: no open redirect). Required when OIDC_PROVIDERS is set.
   */
  oidcRedirectBase: string | null;
  /** CAS_SERVER_URL: the CAS server (`https://cas.example.com/cas`); null = CAS sign-in off (default). */
  casServerUrl: string | null;
  /** CAS_SERVICES: the exact service URLs a ticket may be validated for (comma list); required with CAS_SERVER_URL. */
  casServices: string[];
}

const ID_RE = /^[a-z0-9][a-z0-9_-]{0,31}$/;

function httpUrl(raw: string, name: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new ConfigError(`${name} must be an http(s) URL (got "${raw}")`);
  if (u.username || u.password) throw new ConfigError(`${name} must not carry credentials`);
  return u;
}

function str(v: unknown, what: string, max: number): string {
  if (typeof v !== 'string' || !v.trim() || v.length > max)
    throw new ConfigError(`OIDC_PROVIDERS: ${what} must be a non-empty string of at most ${max} characters`);
  return v.trim();
}

export function parseOidcProviders(raw: string): OidcProviderConfig[] {
  if (!raw.trim()) return [];
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    throw new ConfigError('OIDC_PROVIDERS must be a JSON array of {id, name, issuer, clientId, clientSecret?, scopes?}');
  }
  if (!Array.isArray(list) || list.length > 20) throw new ConfigError('OIDC_PROVIDERS must be a JSON array of at most 20 providers');
  const out: OidcProviderConfig[] = [];
  for (const item of list) {
    if (!item || typeof item !== 'object') throw new ConfigError('OIDC_PROVIDERS: every entry must be an object');
    const p = item as Record<string, unknown>;
    const id = str(p.id, 'id', 32);
    if (!ID_RE.test(id)) throw new ConfigError(`OIDC_PROVIDERS: id "${id}" must be lower-case letters, digits, "_" or "-"`);
    if (out.some((o) => o.id === id)) throw new ConfigError(`OIDC_PROVIDERS: id "${id}" appears twice`);
    const issuer = httpUrl(str(p.issuer, 'issuer', 500), `OIDC_PROVIDERS[${id}].issuer`).href;
    const scopesRaw = p.scopes === undefined ? ['openid', 'profile'] : p.scopes;
    if (!Array.isArray(scopesRaw) || scopesRaw.some((s) => typeof s !== 'string' || !/^[\x21\x23-\x5b\x5d-\x7e]{1,64}$/.test(s)))
      throw new ConfigError(`OIDC_PROVIDERS[${id}].scopes must be an array of scope names`);
    const scopes = [...new Set(['openid', ...(scopesRaw as string[])])];
    out.push({
      id,
      name: str(p.name ?? id, 'name', 40),
      issuer,
      clientId: str(p.clientId, 'clientId', 200),
      clientSecret: p.clientSecret === undefined || p.clientSecret === null || p.clientSecret === '' ? null : str(p.clientSecret, 'clientSecret', 500),
      scopes,
    });
  }
  return out;
}

/** Read by loadConfig (config.ts). */
export function loadThirdLoginConfig(env: NodeJS.ProcessEnv): ThirdLoginConfig {
  const oidcProviders = parseOidcProviders(env.OIDC_PROVIDERS ?? '');
  const baseRaw = (env.OIDC_REDIRECT_BASE ?? '').trim();
  let oidcRedirectBase: string | null = null;
  if (baseRaw) {
    const u = httpUrl(baseRaw, 'OIDC_REDIRECT_BASE');
    if (u.pathname !== '/' || u.search || u.hash) throw new ConfigError('OIDC_REDIRECT_BASE must be an origin such as https://admin.example.com (no path)');
    oidcRedirectBase = u.origin;
  }
  if (oidcProviders.length && !oidcRedirectBase) throw new ConfigError('OIDC_REDIRECT_BASE is required when OIDC_PROVIDERS is set');
  const casRaw = (env.CAS_SERVER_URL ?? '').trim();
  const casServerUrl = casRaw ? httpUrl(casRaw, 'CAS_SERVER_URL').href.replace(/\/+$/, '') : null;
  const casServices = (env.CAS_SERVICES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (httpUrl(s, 'CAS_SERVICES'), s));
  if (casServerUrl && !casServices.length) throw new ConfigError('CAS_SERVICES (the allowed service URLs) is required when CAS_SERVER_URL is set');
  return { oidcProviders, oidcRedirectBase, casServerUrl, casServices };
}
