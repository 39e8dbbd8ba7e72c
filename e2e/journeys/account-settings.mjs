// Issue 14 point 6 in the browser: a user of their own (a role holding the hidden 个人页 menus, made through the API,
// so the admin's settings stay as every other journey expects them) changes the display settings under 个人设置 →
// 个性化设置 in one browser context; signing in in a second context applies them there. Then 基本设置 changes the real
// name (the header follows), 个人中心 shows it, and 安全设置 lists both sessions and ends the other one.
import { ADMIN, api, expect, motionsSettled, screenshot, submitSignIn, tokenOf, watchCspViolations } from '../harness.mjs';

export const name = 'account settings: display settings follow the user to another browser; basic settings; own sessions';
export const timeoutMs = 180_000;

const stamp = Date.now().toString(36).slice(-5);
const USER = { username: `e2eacct${stamp}`, realname: '账户旅程', password: 'Passw0rd!acct' };
const ACCOUNT_MENU = '717f6bee46f44a3897eca9abd6e2ec44'; // 个人页 (seed/menus.ts MENU_IDS.account)
const NEW_NAME = `账户旅程改${stamp}`;

function toast(page, text) {
  return page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

function ids(node) {
  return [node.id, ...(node.children ?? []).flatMap(ids)];
}

async function signInAs(page, baseUrl, who) {
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, who);
  await page.waitForURL((u) => !u.pathname.startsWith('/user/login'));
}

function stored(page, key) {
  return page.evaluate((k) => JSON.parse(localStorage.getItem(`pro__${k}`) ?? 'null')?.value, key);
}

export async function run({ page, context, baseUrl, step }) {
  step('the admin makes a role holding 个人页 and a user with it, through the API');
  await signInAs(page, baseUrl, ADMIN);
  const call = api(baseUrl, await tokenOf(page));
  const roleCode = `acct_${stamp}`;
  expect((await call('POST', '/sys/role/add', { roleName: `账户角色${stamp}`, roleCode })).success, 'role add');
  const roleId = (await call('GET', `/sys/role/list?roleCode=${roleCode}`)).result.records.find((r) => r.roleCode === roleCode).id;
  const tree = await call('GET', '/sys/permission/list');
  const account = tree.result.find((m) => m.id === ACCOUNT_MENU);
  expect(account, 'the 个人页 menu is seeded');
  const grant = await call('POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: ids(account).join(','), lastpermissionIds: '' });
  expect(grant.success, `grant: ${JSON.stringify(grant)}`);
  const made = await call('POST', '/sys/user/add', { ...USER, confirmpassword: USER.password, selectedroles: roleId });
  expect(made.success, `user add: ${JSON.stringify(made)}`);

  step('browser A: the user signs in and changes 个性化设置 (top menu, 酱紫); each change is saved on the server');
  const a = await context.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const cspA = await watchCspViolations(a);
  const b = await context.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const cspB = await watchCspViolations(b);
  try {
    const pa = await a.newPage();
    await signInAs(pa, baseUrl, USER);
    await pa.goto(`${baseUrl}/account/settings/custom`);
    const custom = pa.getByTestId('custom-settings');
    await custom.waitFor();
    expect((await pa.locator('.basic-layout.layout-sidemenu').count()) === 1, 'starts with the side menu');
    const savedBy = async (click) => {
      const [res] = await Promise.all([
        pa.waitForResponse((r) => r.url().includes('/sys/user/account/settings') && r.request().method() === 'PUT', { timeout: 10_000 }),
        click(),
      ]);
      return (await res.json()).success;
    };
    expect(await savedBy(() => custom.locator('label', { hasText: '顶部栏导航' }).click()), 'layout saved');
    await pa.locator('.basic-layout.layout-topmenu').waitFor();
    expect(await savedBy(() => custom.getByRole('radio', { name: '酱紫' }).click()), 'colour saved');
    expect((await stored(pa, 'DEFAULT_COLOR')) === '#722ED1', 'colour kept locally');
    await screenshot(pa, 'account-settings-custom-a');

    step('browser B (nothing stored): signing in applies the top menu and the colour');
    const pb = await b.newPage();
    await signInAs(pb, baseUrl, USER);
    await pb.locator('.basic-layout.layout-topmenu').waitFor({ timeout: 15_000 });
    await pb.waitForFunction(() => JSON.parse(localStorage.getItem('pro__DEFAULT_COLOR') ?? 'null')?.value === '#722ED1', null, { timeout: 10_000 });
    const link = await pb.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--pk-color-link').trim().toLowerCase());
    expect(link === '#722ed1', `the link colour in B is ${link}`);
    await screenshot(pb, 'account-settings-applied-b');

    step('browser B: 基本设置 changes the real name; the header follows');
    await pb.goto(`${baseUrl}/account/settings/BaseSetting`);
    const form = pb.getByTestId('base-setting-form');
    await form.waitFor();
    const realname = form.getByLabel('姓名', { exact: true });
    await pb
      .waitForFunction(() => document.querySelector('[data-testid="base-setting-form"] input#realname')?.value, null, { timeout: 10_000 })
      .catch(() => {});
    await realname.fill(NEW_NAME);
    await form.getByLabel('电子邮件').fill(`${USER.username}@example.com`);
    await form.getByRole('button', { name: /更新基本信息/ }).click();
    await toast(pb, '基本信息已保存');
    await pb.getByText(NEW_NAME).first().waitFor();
    expect((await form.getByLabel('手机').isDisabled()) === true, 'the phone is read-only');
    await screenshot(pb, 'account-settings-base');

    step('个人中心 shows the new name, the role and the recent operation');
    await pb.goto(`${baseUrl}/account/center`);
    await pb.getByTestId('center-name').getByText(NEW_NAME).waitFor();
    await pb.getByTestId('center-roles').getByText(`账户角色${stamp}`).waitFor();
    await pb.getByTestId('center-operations').getByText('个人设置-基本设置').first().waitFor();
    await screenshot(pb, 'account-center');

    step('安全设置 lists both sessions (this one marked) and 退出其他会话 ends browser A');
    await pb.goto(`${baseUrl}/account/settings/security`);
    const sessions = pb.getByTestId('own-sessions');
    await sessions.getByText('当前会话').waitFor();
    await pb.waitForFunction(() => document.querySelectorAll('[data-testid="own-sessions"] .ant-list-item').length === 2, null, { timeout: 10_000 });
    await screenshot(pb, 'account-settings-security');
    await pb.getByRole('button', { name: /退出其他会话/ }).click();
    await motionsSettled(pb);
    await pb
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await toast(pb, '已退出其他 1 个会话');
    await pb.waitForFunction(() => document.querySelectorAll('[data-testid="own-sessions"] .ant-list-item').length === 1, null, { timeout: 10_000 });
    await pa.waitForTimeout(1200); // a session is remembered ≤ 1 s per node
    await pa.reload();
    await pa.waitForURL(/\/user\/login/, { timeout: 15_000 });

    for (const [label, v] of [
      ['A', cspA],
      ['B', cspB],
    ])
      expect(!v.length, `CSP violation in ${label}: ${JSON.stringify(v.slice(0, 3))}`);
  } finally {
    await a.close().catch(() => {});
    await b.close().catch(() => {});
  }
}
