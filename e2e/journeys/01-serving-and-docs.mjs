// Issue points 10 and 19 in a real browser: the client is served with a history fallback, unknown API paths
// stay JSON, and the API docs page is public while the route list needs the signed-in user's stored token.
import { ADMIN, API_PREFIX, expect, screenshot } from '../harness.mjs';

export const name = 'serving: deep link, API 404 envelope, API docs page';

export async function run({ page, baseUrl, step }) {
  step('a deep link answers index.html with no-cache');
  const deep = await page.request.get(`${baseUrl}/isystem/position?from=e2e`);
  expect(deep.status() === 200, `deep link status ${deep.status()}`);
  expect((await deep.text()).includes('id="root"'), 'deep link did not answer index.html');
  expect(deep.headers()['cache-control'] === 'no-cache', `index.html cache-control: ${deep.headers()['cache-control']}`);

  step('hashed assets are immutable');
  const html = await (await page.request.get(`${baseUrl}/`)).text();
  const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(asset, 'index.html loads no /assets/*.js');
  const js = await page.request.get(`${baseUrl}${asset}`);
  expect(js.status() === 200 && /immutable/.test(js.headers()['cache-control'] ?? ''), `asset ${asset}: ${js.status()} ${js.headers()['cache-control']}`);

  step('the browser gets the Brotli copies of index.html and the entry chunk (issue 11 point 9)');
  const encodings = new Map();
  const onResponse = (r) => encodings.set(new URL(r.url()).pathname, r.headers()['content-encoding']);
  page.on('response', onResponse);
  await page.goto(`${baseUrl}/user/login`);
  await page.waitForLoadState('load');
  page.off('response', onResponse);
  expect(encodings.get('/user/login') === 'br', `index.html content-encoding: ${encodings.get('/user/login')}`);
  expect(encodings.get(asset) === 'br', `${asset} content-encoding: ${encodings.get(asset)}`);

  step('an unknown API path answers the 404 envelope');
  const nf = await page.request.get(`${baseUrl}${API_PREFIX}/sys/no-such-route`);
  expect(nf.status() === 404, `API 404 status ${nf.status()}`);
  const body = await nf.json();
  expect(body.success === false && body.code === 404, `API 404 body ${JSON.stringify(body)}`);

  step('the API docs page loads without a token, but not the route list');
  await page.goto(`${baseUrl}${API_PREFIX}/docs`);
  await page.getByText(/Failed to load API definition/i).waitFor();
  const anon = await page.request.get(`${baseUrl}${API_PREFIX}/v3/api-docs`);
  expect(anon.status() === 401, `anonymous /v3/api-docs: ${anon.status()}`);

  step('with the token stored as the client stores it, the docs list the routes');
  const login = await page.request.post(`${baseUrl}${API_PREFIX}/sys/login`, {
    data: { username: ADMIN.username, password: ADMIN.password, captcha: '', checkKey: '' },
  });
  const token = (await login.json()).result?.token;
  expect(token, 'API sign-in gave no token');
  await page.evaluate((t) => localStorage.setItem('pro__Access-Token', JSON.stringify({ value: t, expire: null })), token);
  await page.reload();
  await page.locator('.swagger-ui .info .title').waitFor();
  const title = await page.locator('.swagger-ui .info .title').innerText();
  expect(title.includes('海盗王'), `docs title: ${title}`);
  // operations are grouped by tag (collapsed); the position module is one of them
  await page.locator('.opblock-tag', { hasText: 'sys/position' }).waitFor();
  await screenshot(page, 'api-docs');
}
