import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (the `oidc-provider` package) in this process on a free port, for the third-party sign-in
 * tests: one public client with PKCE required, accounts made on demand (sub = the login name typed in the provider's
 * development interaction), `name` in the id_token.
 */
export interface TestProvider {
  issuer: string;
  clientId: string;
  close(): Promise<void>;
}

/** A confidential client too (client_secret_basic, PKCE required as well), for a provider configured with clientSecret. */
export const CONFIDENTIAL_CLIENT = { id: 'pk-admin-confidential', secret: 'pk-test-client-secret-0123456789' };

export async function startTestProvider(redirectUris: string[], clientId = 'pk-admin'): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        token_endpoint_auth_method: 'none',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: CONFIDENTIAL_CLIENT.id,
        client_secret: CONFIDENTIAL_CLIENT.secret,
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: ['pk-test-provider-cookie-key'] },
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      return { accountId: id, claims: async () => ({ sub: id, name: `外部用户 ${id}` }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies for the provider (names only; paths ignored: the provider's cookies have distinct names). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Walk a browser through the provider from the authorization URL to the redirect back to the client: the development
 * interaction's login (as `login`) and consent forms. Returns the final redirect URL (the client's callback).
 */
export async function signInAtProvider(authUrl: string, login: string, jar = new CookieJar()): Promise<string> {
  let url = authUrl;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res);
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).href;
      if (!next.startsWith(new URL(authUrl).origin)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}`);
    const body = html.includes('name="login"') ? new URLSearchParams({ prompt: 'login', login, password: 'x' }) : new URLSearchParams({ prompt: 'consent' });
    const post = await fetch(new URL(action.replace(/&amp;/g, '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    jar.take(post);
    if (post.status < 300 || post.status >= 400) throw new Error(`interaction answered ${post.status}: ${(await post.text()).slice(0, 300)}`);
    url = new URL(post.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the provider');
}
