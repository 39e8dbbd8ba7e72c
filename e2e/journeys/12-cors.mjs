// Issue 10 point 11 in a real browser: a page served from an origin of CORS_ORIGINS signs in and works against the
// API of another origin (preflights with X-Access-Token and tenant-id included); a page of any other origin is
// refused by the browser, because the server sends it no CORS header.
import http from 'node:http';
import { ADMIN, API_PREFIX, expect, freePort, startServer } from '../harness.mjs';

export const name = 'cors: a client of a listed origin signs in and lists users across origins, another origin is refused';

/** A bare page server (no CSP of its own), standing for a client deployed on another host. */
async function pageServer() {
  const port = await freePort();
  const srv = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>client</title>'));
  await new Promise((r) => srv.listen(port, '127.0.0.1', r));
  return { port, close: () => new Promise((r) => srv.close(r)) };
}

/** In the page: sign in, then list users with the contract's headers (both requests need a preflight). */
async function signInAndList(page, api, who) {
  return page.evaluate(
    async ({ api, who }) => {
      try {
        const login = await fetch(`${api}/sys/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json;charset=UTF-8' },
          body: JSON.stringify({ username: who.username, password: who.password, captcha: '', checkKey: '' }),
        });
        const token = (await login.json()).result?.token;
        const list = await fetch(`${api}/sys/user/list?pageNo=1&pageSize=10`, {
          headers: { 'X-Access-Token': token, 'tenant-id': '0', 'X-TIMESTAMP': String(Date.now()) },
        });
        const body = await list.json();
        return { ok: true, success: body.success, total: body.result?.total };
      } catch (e) {
        return { ok: false, error: String(e) };
      }
    },
    { api, who },
  );
}

export async function run({ page, step }) {
  const client = await pageServer();
  const listed = `http://127.0.0.1:${client.port}`;
  const api = await startServer({ env: { CORS_ORIGINS: listed }, logName: 'server-cors' });
  try {
    step('a page of the listed origin signs in and lists users through preflighted requests');
    await page.goto(`${listed}/`);
    const good = await signInAndList(page, `${api.baseUrl}${API_PREFIX}`, ADMIN);
    expect(good.ok && good.success === true && good.total >= 1, `listed origin: ${JSON.stringify(good)}`);

    step('a page of another origin (the same host by another name) is refused by the browser');
    await page.goto(`http://localhost:${client.port}/`);
    const bad = await signInAndList(page, `${api.baseUrl}${API_PREFIX}`, ADMIN);
    expect(!bad.ok && /Failed to fetch/i.test(bad.error), `another origin was not refused: ${JSON.stringify(bad)}`);
  } finally {
    await api.stop();
    await client.close();
  }
}
