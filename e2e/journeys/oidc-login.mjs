// Issue 14 point 8 in the browser: sign-in through a real OpenID provider (the `oidc-provider` package, started here on
// a free port with a public client that must use PKCE). The journey's own server (startServer with OIDC_PROVIDERS) is
// reached through a small local proxy whose origin is known before the server starts (OIDC_REDIRECT_BASE must be the
// origin the browser sees). Steps: an unlinked provider account is refused with the 账户绑定 hint; the admin signs in
// with the password and links the provider account (the link flow of 账户绑定, started from the signed-in page);
// after signing out, the login page's 其他登录方式 button signs the admin in through the provider.
import http from 'node:http';
import net from 'node:net';
import Provider from 'oidc-provider';
import { API_PREFIX, expect, freePort, motionsSettled, screenshot, startServer, submitSignIn, tokenOf } from '../harness.mjs';

export const name = 'OpenID Connect sign-in through a real provider (oidc-login)';
export const timeoutMs = 180_000;

/** A pass-through proxy on `port` to the server at `target` (HTTP and WebSocket upgrades). */
async function startProxy(port, target) {
  const t = new URL(target);
  const server = http.createServer((req, res) => {
    const up = http.request({ host: t.hostname, port: t.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.rawHeaders);
      r.pipe(res);
    });
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
  });
  const upgraded = new Set();
  server.on('upgrade', (req, socket, head) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    const up = net.connect(Number(t.port), t.hostname, () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      up.write(lines.join('\r\n') + '\r\n\r\n');
      if (head?.length) up.write(head);
      up.pipe(socket);
      socket.pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return () =>
    new Promise((r) => {
      // upgraded (WebSocket) sockets are no longer the HTTP server's: ended here, or close() would wait for them
      for (const s of upgraded) s.destroy();
      server.closeAllConnections();
      server.close(() => r());
    });
}

async function startProvider(redirectUri) {
  const server = http.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      { client_id: 'pk-e2e', token_endpoint_auth_method: 'none', redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] },
    ],
    pkce: { required: () => true },
    cookies: { keys: ['pk-e2e-provider-cookie-key'] },
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], profile: ['name'] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, name: `船长 ${id}` }) };
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/** At the provider (devInteractions): type the account on its login form, then allow on its consent form, until back. */
async function signInAtProvider(page, account, base) {
  for (let i = 0; i < 6 && !page.url().startsWith(base); i++) {
    const login = page.locator('input[name="login"]');
    const submit = page.locator('button[type="submit"]').first();
    await Promise.race([page.waitForURL((u) => u.href.startsWith(base), { timeout: 15_000 }), submit.waitFor({ timeout: 15_000 })]).catch(() => {});
    if (page.url().startsWith(base)) break;
    if (await login.count()) {
      await login.fill(account);
      await page.locator('input[name="password"]').fill('any');
    }
    await Promise.all([page.waitForLoadState('domcontentloaded'), submit.click()]);
  }
  await page.waitForURL((u) => u.href.startsWith(base), { timeout: 20_000 });
}

export async function run({ page, step }) {
  const proxyPort = await freePort();
  const base = `http://127.0.0.1:${proxyPort}`;
  const op = await startProvider(`${base}${API_PREFIX}/sys/thirdLogin/oauth2/op/callback`);
  const server = await startServer({
    logName: 'server-oidc',
    env: {
      OIDC_PROVIDERS: JSON.stringify([{ id: 'op', name: '海盗身份中心', issuer: op.issuer, clientId: 'pk-e2e', scopes: ['openid', 'profile'] }]),
      OIDC_REDIRECT_BASE: base,
    },
  });
  const stopProxy = await startProxy(proxyPort, server.baseUrl);
  try {
    step('the login page shows the provider under 其他登录方式');
    await page.goto(`${base}/user/login`);
    const button = page.getByTestId('third-party-login').getByRole('button', { name: '海盗身份中心' });
    await button.waitFor();
    await screenshot(page, 'oidc-login-page');

    step('an unlinked provider account is refused with the 账户绑定 hint, and no account is made');
    await button.click();
    await signInAtProvider(page, 'stranger', base);
    await page.waitForURL(/\/oauth2-app\/login\?thirdError=unlinked/);
    await page.getByTestId('oauth2-error').getByText('账户绑定').waitFor();
    expect(!(await tokenOf(page)), 'an unlinked account got a token');
    await screenshot(page, 'oidc-unlinked');

    step('sign in with the password, then link the provider account from the signed-in page (账户绑定 flow)');
    await page.goto(`${base}/user/login`);
    await submitSignIn(page);
    await page.waitForURL(/\/dashboard\/analysis/);
    const token = await tokenOf(page);
    const started = await page.evaluate(
      async ([prefix, t]) =>
        (
          await fetch(`${prefix}/sys/thirdLogin/oauth2/op/bind`, {
            method: 'POST',
            headers: { 'X-Access-Token': t, 'content-type': 'application/json' },
            body: '{}',
          })
        ).json(),
      [API_PREFIX, token],
    );
    expect(started.success && started.result.url.startsWith(op.issuer), `bind start: ${JSON.stringify(started)}`);
    await page.goto(started.result.url);
    await signInAtProvider(page, 'captain-admin', base);
    await page.waitForURL(/\/account\/settings\/binding/);
    expect(!page.url().includes('bind=') || page.url().includes('#bind=ok'), `link answer: ${page.url()}`);
    const links = await page.evaluate(
      async ([prefix, t]) => (await fetch(`${prefix}/sys/thirdLogin/bindings`, { headers: { 'X-Access-Token': t } })).json(),
      [API_PREFIX, token],
    );
    expect(
      links.result?.length === 1 && links.result[0].thirdType === 'op' && links.result[0].realname === '船长 captain-admin',
      `links: ${JSON.stringify(links)}`,
    );
    // once 个人设置 mounts the 账户绑定 tab (web/src/pages/account/settings/Binding.tsx), the link shows there
    if (await page.getByTestId('binding-settings').count()) await page.getByTestId('binding-settings').getByText('已绑定').waitFor();
    await motionsSettled(page);
    await screenshot(page, 'oidc-binding');

    step('sign out, then sign in through the provider: the admin enters the back office');
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${base}/user/login`);
    await page.getByTestId('third-party-login').getByRole('button', { name: '海盗身份中心' }).click();
    await signInAtProvider(page, 'captain-admin', base);
    await page.waitForURL(/\/dashboard\/analysis/, { timeout: 30_000 });
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__Login_Userinfo') ?? 'null')?.value);
    expect(user?.username === 'admin', `signed in as ${JSON.stringify(user?.username)}`);
    expect(!page.url().includes('thirdToken'), 'the one-time token stayed in the address bar');
    await screenshot(page, 'oidc-signed-in');
  } finally {
    await stopProxy();
    await server.stop();
    await op.close();
  }
}
