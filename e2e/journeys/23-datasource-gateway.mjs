// Issue 11 points 16 and 17: the admin adds a data source (a SQLite file inside DATA_DIR: the server's own
// database), tests the connection from the dialog, saves it, and never sees the password again (no answer of
// /sys/dataSource carries it, the edit dialog's 密码 is empty and a blank test still connects through the stored
// one); then adds a gateway route with a predicate and switches it off in the list.
import { ADMIN, expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'data source and gateway route: add, test the connection, password never shown; add a route and toggle it';

const stamp = Date.now().toString(36).slice(-5);
const SECRET = `E2e-secret-${stamp}`;
const CODE = `ds_${stamp}`;
const ROUTER_ID = `route-${stamp}`;

async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

export async function run({ page, baseUrl, step }) {
  const answers = [];
  page.on('response', async (r) => {
    if (r.url().includes('/sys/dataSource/')) answers.push(await r.text().catch(() => ''));
  });

  step('the admin signs in and opens 多数据源管理');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/isystem/dataSource`);
  await page.locator('.ant-table').first().waitFor();

  step('新增: choosing SQLite fills the driver; 测试 connects; 确定 saves');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '数据源编码' });
  await dialog.waitFor();
  await motionsSettled(page);
  await field(dialog, '数据源编码').locator('input').fill(CODE);
  await field(dialog, '数据源名称').locator('input').fill(`本地库${stamp}`);
  await field(dialog, '数据库类型').locator('.ant-select').click();
  await motionsSettled(page);
  await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: /^SQLite$/ }).click();
  await page.waitForFunction(() => [...document.querySelectorAll('.ant-modal input')].some((i) => i.value === 'org.sqlite.JDBC'));
  await field(dialog, '数据源地址').locator('input').fill('jdbc:sqlite:pirate-king.db');
  await field(dialog, '密码').locator('input').fill(SECRET);
  await dialog.getByRole('button', { name: '测 试' }).click();
  await toast(page, '数据库连接成功');
  await screenshot(page, 'datasource-tested');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功');
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: CODE });
  await row.waitFor();

  step('编辑: the password is not shown; a blank test uses the stored one');
  await row.getByRole('button', { name: '编辑' }).click();
  const edit = page.locator('.ant-modal', { hasText: '不修改请留空' });
  await edit.waitFor();
  await motionsSettled(page);
  expect((await field(edit, '密码').locator('input').inputValue()) === '', 'the edit dialog must not hold the password');
  expect(!(await page.content()).includes(SECRET), 'the page must not contain the password');
  await edit.getByRole('button', { name: '测 试' }).click();
  await toast(page, '数据库连接成功');
  await edit.getByRole('button', { name: /取\s*消/ }).click();
  await edit.waitFor({ state: 'hidden' });
  expect(answers.length >= 2, `answers of /sys/dataSource seen: ${answers.length}`);
  expect(
    answers.every((a) => !a.includes(SECRET) && !a.includes('dbPassword')),
    'no /sys/dataSource answer may carry the password',
  );

  step('路由网关: 新增 a route with a Path predicate');
  await page.goto(`${baseUrl}/isystem/gatewayroute`);
  await page.locator('.ant-table').first().waitFor();
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const routeDialog = page.locator('.ant-modal', { hasText: '路由断言' });
  await routeDialog.waitFor();
  await motionsSettled(page);
  await field(routeDialog, '路由ID').locator('input').fill(ROUTER_ID);
  await field(routeDialog, '路由名称').locator('input').fill('e2e');
  await field(routeDialog, '路由URI').locator('input').fill('lb://e2e');
  await routeDialog.getByRole('button', { name: '添加路由断言' }).click();
  await routeDialog.getByRole('combobox', { name: '路由断言1名称' }).fill('Path');
  const args = routeDialog.getByRole('combobox', { name: '路由断言1参数' });
  await args.fill('/e2e/**');
  await args.press('Enter');
  await routeDialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '操作成功');
  const routeRow = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: ROUTER_ID });
  await routeRow.waitFor();
  expect(await routeRow.getByText('Path=/e2e/**').isVisible(), 'the predicate is listed');

  step('switch the route off in the list');
  const toggle = routeRow.getByRole('switch');
  expect((await toggle.getAttribute('aria-checked')) === 'true', 'a new route is on');
  await toggle.click();
  await page.waitForFunction(
    (id) =>
      [...document.querySelectorAll('.ant-table-tbody tr')].some(
        (tr) => tr.textContent.includes(id) && tr.querySelector('[role=switch]')?.getAttribute('aria-checked') === 'false',
      ),
    ROUTER_ID,
  );
  await screenshot(page, 'gateway-route-off');
}
