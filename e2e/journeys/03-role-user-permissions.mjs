// Issue 3 point 11, role → user → permissions: the admin creates a role that may only see the user list and add
// users (through the authorisation drawer), creates a user with that role (through the user dialog), signs out and
// signs in as that user: the menu shows only the user list, 新增 is there, 删除 and 导出 are not, and a direct
// call to the delete endpoint with the stored token gets code 510.
import { ADMIN, API_PREFIX, expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'role user permissions: a role for the user list + add, a user with it, only those buttons, delete gets 510';

const stamp = Date.now().toString(36).slice(-5);
const ROLE = { name: `录入员${stamp}`, code: `clerk_${stamp}` };
const USER = { username: `clerk${stamp}`, realname: `录入员${stamp}`, password: 'Clerk@2024!' };

/** Wait for an antd message with `text` (the server's reply). */
async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** The form item control of `label` inside `scope`. */
function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

async function logout(page) {
  await page.getByTestId('logout').click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.getByText('真的要注销登录吗 ?').waitFor();
  for (let attempt = 1; ; attempt++) {
    await confirm.locator('.ant-btn-primary').click();
    try {
      await page.waitForURL(/\/user\/login/, { timeout: 5000 });
      return;
    } catch (err) {
      if (attempt >= 3 || !(await confirm.isVisible())) throw err;
    }
  }
}

export async function run({ page, baseUrl, step }) {
  step('the admin signs in and opens 角色管理');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/isystem/roleUserList`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();

  step('新增 a role');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const roleDialog = page.locator('.ant-modal', { hasText: '角色名称' });
  await field(roleDialog, '角色名称').locator('input').fill(ROLE.name);
  await field(roleDialog, '角色编码').locator('input').fill(ROLE.code);
  await roleDialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '添加成功');

  step('授权: only 用户管理 → 添加按钮 (its menu and folder follow)');
  const roleRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: ROLE.code });
  await roleRow.getByRole('button', { name: '授权' }).click();
  const drawer = page.locator('.ant-drawer', { hasText: '角色权限配置' });
  const addNode = drawer.locator('.ant-tree-treenode', { hasText: '添加按钮' });
  await addNode.waitFor();
  await addNode.locator('.ant-tree-checkbox').click();
  for (const title of ['系统管理', '用户管理', '添加按钮']) {
    const node = drawer.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) }).first();
    expect((await node.locator('.ant-tree-checkbox-checked').count()) === 1, `${title} should be checked`);
  }
  const deleteNode = drawer.locator('.ant-tree-treenode', { has: page.locator('.ant-tree-title', { hasText: /^删除$/ }) }).first();
  expect((await deleteNode.locator('.ant-tree-checkbox-checked').count()) === 0, 'a sibling button must stay unchecked');
  await screenshot(page, 'role-auth-drawer');
  await drawer.getByRole('button', { name: '保存并关闭' }).click();
  await toast(page, '保存成功');
  await drawer.waitFor({ state: 'hidden' });

  step('用户管理 → 新增 a user with that role');
  await page.goto(`${baseUrl}/isystem/user`);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const userDialog = page.locator('.ant-modal', { hasText: '添加用户' });
  await field(userDialog, '用户账号').locator('input').fill(USER.username);
  await field(userDialog, '登录密码').locator('input').fill(USER.password);
  await field(userDialog, '确认密码').locator('input').fill(USER.password);
  await field(userDialog, '用户姓名').locator('input').fill(USER.realname);
  await field(userDialog, '角色分配').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: ROLE.name }).click();
  await page.keyboard.press('Escape');
  await screenshot(page, 'user-dialog');
  await userDialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '添加成功');
  await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: USER.username }).waitFor();
  await screenshot(page, 'user-list');

  step('用户管理 pages as 001 §9: "1-10 共N条" (1-N under 10 rows), 10/20/30; 20 条/页 asks pageSize=20, createTime desc');
  const totalText = (await page.locator('.ant-pagination-total-text').innerText()).trim();
  const shown = /^1-(\d+) 共(\d+)条$/.exec(totalText);
  expect(shown && Number(shown[1]) === Math.min(10, Number(shown[2])), `total text "${totalText}"`);
  // antd shows the jumper only when there is more than one page (the test database holds a few users)
  const jumper = await page.locator('.ant-pagination-options-quick-jumper input').isVisible();
  expect(jumper === Number(shown[2]) > 10, `quick jumper shown: ${jumper}`);
  await page.locator('.ant-pagination-options .ant-select').click();
  // read the size changer's options once its slide-up motion has ended: at the motion's start they have no size
  // yet and Playwright finds none visible (it read [] here)
  const sizes = page.locator('.ant-select-item-option:visible').filter({ hasText: '条/页' });
  await motionsSettled(page);
  await sizes.nth(2).waitFor();
  const sizeTexts = (await sizes.allInnerTexts()).map((t) => t.replace(/\s+/g, ''));
  expect(JSON.stringify(sizeTexts) === JSON.stringify(['10条/页', '20条/页', '30条/页']), `page sizes ${JSON.stringify(sizeTexts)}`);
  const [asked] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/sys/user/list') && new URL(r.url()).searchParams.get('pageSize') === '20'),
    sizes.filter({ hasText: '20' }).click(),
  ]);
  const sent = new URL(asked.url()).searchParams;
  expect(sent.get('pageNo') === '1' && sent.get('column') === 'createTime' && sent.get('order') === 'desc', `list params ${sent}`);

  step('sign out, sign in as the new user');
  await logout(page);
  await submitSignIn(page, USER);
  await page.waitForURL(/\/dashboard\/analysis/);

  step('the menu shows only the user list (besides 首页)');
  const side = page.getByTestId('side-menu');
  await side.getByText('系统管理', { exact: true }).click();
  await side.getByText('用户管理', { exact: true }).waitFor();
  const items = (await side.locator('.ant-menu-item, .ant-menu-submenu-title').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  expect(items.length === 3 && ['首页', '系统管理', '用户管理'].every((t) => items.includes(t)), `menu entries: ${JSON.stringify(items)}`);

  step('用户管理: 新增 is there; 删除, 批量删除 and 导出 are not');
  await side.getByText('用户管理', { exact: true }).click();
  await page.waitForURL(/\/isystem\/user/);
  const firstRow = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await firstRow.waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).waitFor();
  await firstRow.locator('.ant-checkbox-input').check();
  for (const label of ['删除', '批量删除', '导出', '导入', '编辑', '回收站']) {
    expect((await page.getByRole('button', { name: label, exact: true }).count()) === 0, `${label} should not be shown`);
  }
  await screenshot(page, 'user-list-restricted');

  step('a direct call to the delete endpoint with the stored token gets code 510');
  const reply = await page.evaluate(async (prefix) => {
    const token = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}').value;
    const res = await fetch(`${prefix}/sys/user/delete?id=1`, { method: 'DELETE', headers: { 'X-Access-Token': token } });
    return { status: res.status, body: await res.json() };
  }, API_PREFIX);
  expect(reply.body?.code === 510 && reply.body?.success === false, `delete reply: ${JSON.stringify(reply)}`);
}
