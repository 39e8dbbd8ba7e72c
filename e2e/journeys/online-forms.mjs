// Issue 25 point 13 in the browser: 在线开发 → Online表单开发. The admin designs a table (a text, a dictionary
// list, a fixed-point number, a date and a long text besides the key and audit rows), 同步数据库 shows the dry run
// (新建表) and 普通同步 creates it; 生成菜单 gives /online/cgformList/{id}, whose generic list adds three records.
// Back in the designer a column is renamed and the text column widened: the dry run names both steps, 普通同步
// keeps the three records, 导出 downloads them. A user holding only the form's list code sees the list, no 新增.
import fs from 'node:fs';
import { ADMIN, api, expect, motionsSettled, screenshot, submitSignIn, tokenOf, watchCspViolations } from '../harness.mjs';

export const name = 'online forms: design a table, sync, generate its menu, add records, rename and widen, sync again, export, list-only user';
export const timeoutMs = 240_000;

const stamp = Date.now().toString(36).slice(-5);
const TABLE = { name: 'e2e_treasure_log', txt: '寻宝日志' };
const USER = { username: `e2eonline${stamp}`, realname: '寻宝日志读者', password: 'Passw0rd!onl' };
const ONLINE_GROUP = 'e41b69c57a941a3bbcce45032fe57605'; // 在线开发 (seed/menus.ts MENU_IDS.online)

/** The designed columns after the five default rows (rows 6–10 of the designer). */
const FIELDS = [
  { name: 'treasure_name', txt: '宝藏名称', type: '字符串', length: 50 },
  { name: 'hunter_sex', txt: '猎人性别', type: '整数', widget: '下拉框', dict: 'sex' },
  { name: 'reward', txt: '赏金', type: '定点小数', length: 10, point: 2 },
  { name: 'found_on', txt: '发现日期', type: '日期', widget: '日期（年-月-日）' },
  { name: 'memo', txt: '备注', type: '长文本', widget: '多行文本' },
];
const RENAMED = 'remark';

const RECORDS = [
  { name: '黄金梅丽号船锚', sex: '男', reward: '1000.5', date: '2024-05-01', memo: '在东海的礁石下找到' },
  { name: '空岛黄金钟', sex: '女', reward: '99999.99', date: '2024-06-18', memo: '钟声响彻云端' },
  { name: '罗杰的大秘宝', sex: '男', reward: '5000000', date: '2024-12-31', memo: '一切都在那里' },
];

async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

/** The list row holding `text`, once the list shows it. */
async function row(page, text) {
  const r = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
  await r.waitFor();
  return r;
}

/**
 * Choose `label` in the searchable antd Select `combo` (its search input): the text is typed so that an option far
 * down a virtual list is rendered, the option is clicked once the dropdown's motion ended, and the choice is read
 * back from the select; a click lost under load is tried again (Escape only while a dropdown is open: with none
 * open it would close the dialog around the select).
 */
async function choose(page, combo, label, shown = combo.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')) {
  const open = page.locator('.ant-select-dropdown:visible');
  const option = open.locator(`.ant-select-item-option[title="${label}"]`);
  const chosen = async (ms) => {
    for (const end = Date.now() + ms; ; await page.waitForTimeout(100)) {
      const text = (await shown.innerText()).trim();
      if (text === label) return true;
      if (Date.now() > end) return false;
    }
  };
  for (let i = 1; ; i++) {
    try {
      await combo.click({ timeout: 5000 });
      await combo.fill(label);
      await option.waitFor({ timeout: 3000 });
      await motionsSettled(page);
      await option.click({ timeout: 3000 });
      await open.waitFor({ state: 'hidden', timeout: 3000 });
      if (await chosen(3000)) return;
      throw new Error(`the select shows ${JSON.stringify((await shown.innerText()).trim())}, not ${label}`);
    } catch (e) {
      if (i >= 3) throw e;
      if (await open.count()) await combo.press('Escape');
      await open.waitFor({ state: 'hidden', timeout: 3000 }).catch(() => {});
      if (await chosen(0)) return;
    }
  }
}

/** Open an antd dialog by clicking `button` (a lazily loaded dialog's first click can be lost on a loaded machine). */
async function openDialog(page, button, dialog) {
  for (let i = 1; ; i++) {
    await button.click();
    if (
      await dialog.waitFor({ timeout: 5000 }).then(
        () => true,
        () => false,
      )
    )
      break;
    if (i >= 3) throw new Error('the dialog did not open');
  }
  await motionsSettled(page);
}

/** A date typed into an antd DatePicker (the panel open and still first, as 24-announcements does). */
async function pickDate(page, input, value) {
  for (let i = 1; ; i++) {
    await input.click();
    await page.locator('.ant-picker-dropdown:visible').waitFor();
    await motionsSettled(page);
    await input.fill(value);
    await input.press('Enter');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    if ((await input.inputValue()) === value) return;
    if (i >= 3) throw new Error(`the date was not taken: ${await input.inputValue()}`);
  }
}

/**
 * Open the side menu's `item` under `group` and wait for `path`: the group is opened only when the item is hidden
 * (a click on an open group closes it), and a click lost while the submenu still unfolds is tried again.
 */
async function openFromMenu(page, group, item, path) {
  const side = page.getByTestId('side-menu');
  const entry = side.getByText(item, { exact: true });
  for (let i = 1; ; i++) {
    try {
      if (!(await entry.isVisible())) await side.getByText(group, { exact: true }).click();
      await entry.waitFor({ timeout: 3000 });
      await motionsSettled(page);
      await entry.click({ timeout: 3000 });
      await page.waitForURL((u) => u.pathname === path, { timeout: 5000 });
      return;
    } catch (e) {
      if (i >= 3) throw e;
    }
  }
}

/** 同步数据库 on the definition's row: the dry run lists `steps`, 普通同步 succeeds and the row says 已同步. */
async function syncNormally(page, steps, shot) {
  await (await row(page, TABLE.name)).getByRole('button', { name: '同步数据库' }).click();
  const dialog = page.locator('.ant-modal', { hasText: `同步数据库 - ${TABLE.name}` });
  await dialog.waitFor();
  const plan = dialog.getByRole('list', { name: '同步计划' });
  await plan.waitFor();
  const text = await plan.innerText();
  for (const s of steps) expect(text.includes(s), `the dry run does not say ${s}: ${text}`);
  await screenshot(page, shot);
  await dialog.getByRole('button', { name: '普通同步' }).click();
  await toast(page, '同步数据库成功');
  await dialog.waitFor({ state: 'hidden' });
  await (await row(page, TABLE.name)).getByText('已同步').waitFor();
}

export async function run({ page, context, baseUrl, step }) {
  step('admin signs in; 在线开发 → Online表单开发');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page, ADMIN);
  await page.waitForURL(/\/dashboard\/analysis/);
  await openFromMenu(page, '在线开发', 'Online表单开发', '/online/cgform');
  await page.getByRole('button', { name: '新增', exact: true }).waitFor();

  step(`新增: ${TABLE.name} with a text, a dictionary list, a fixed-point number, a date and a long text`);
  const designer = page.locator('.ant-modal', { hasText: '新增表单' });
  await openDialog(page, page.getByRole('button', { name: '新增', exact: true }), designer);
  const cell = (label, i) => designer.getByLabel(`${label}（第${i}行）`, { exact: true });
  await cell('字段名', 5).waitFor();
  expect((await cell('字段名', 1).inputValue()) === 'id' && (await cell('字段名', 5).inputValue()) === 'update_time', 'the key and audit rows');
  await field(designer, '表名').locator('input').fill(TABLE.name);
  await field(designer, '表描述').locator('input').fill(TABLE.txt);
  for (const [k, f] of FIELDS.entries()) {
    const i = 6 + k;
    await designer.getByRole('button', { name: '新增字段' }).click();
    await cell('字段名', i).fill(f.name);
    await cell('字段备注', i).fill(f.txt);
    if (f.length) await cell('字段长度', i).fill(String(f.length));
    if (f.point) await cell('小数点', i).fill(String(f.point));
    if (f.type !== '字符串') await choose(page, cell('字段类型', i), f.type);
  }
  await screenshot(page, 'online-designer-new');
  await designer.getByRole('tab', { name: '页面属性' }).click();
  for (const [k, f] of FIELDS.entries()) if (f.widget) await choose(page, cell('控件类型', 6 + k), f.widget);
  await screenshot(page, 'online-designer-widgets');
  await designer.getByRole('tab', { name: '校验字典' }).click();
  await cell('字典编码', 7).fill('sex');
  const [added] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/online/cgform/api/addAll')),
    designer.getByRole('button', { name: /确\s*定/ }).click(),
  ]);
  const sent = added.postDataJSON().fields.map((f) => [f.dbFieldName, f.dbType, f.dbLength, f.fieldShowType, f.dictField].join(' '));
  expect(
    JSON.stringify(sent.slice(5)) ===
      JSON.stringify([
        'treasure_name string 50 text ',
        'hunter_sex int 32 list sex',
        'reward BigDecimal 10 text ',
        'found_on Date 32 date ',
        'memo Text 32 textarea ',
      ]),
    `the designed rows sent: ${JSON.stringify(sent)}`,
  );
  await toast(page, '添加成功');
  await designer.waitFor({ state: 'hidden' });
  await (await row(page, TABLE.name)).getByText('未同步').waitFor();

  step('同步数据库: the dry run says 新建表; 普通同步; the list says 已同步');
  await syncNormally(page, [`新建表 ${TABLE.name}`], 'online-sync-create');

  step('生成菜单 names /online/cgformList/{id}; after a reload the side menu opens it');
  await (await row(page, TABLE.name)).getByRole('button', { name: '生成菜单' }).click();
  const info = page.locator('.ant-modal', { hasText: '菜单地址' });
  await info.waitFor();
  const menuUrl = /菜单地址：(\S+)/.exec(await info.innerText())?.[1] ?? '';
  const id = /^\/online\/cgformList\/([\w-]+)$/.exec(menuUrl)?.[1];
  expect(id, `the menu url ${menuUrl}`);
  await motionsSettled(page);
  await info.getByRole('button', { name: '知道了' }).click();
  await info.waitFor({ state: 'hidden' });
  await page.reload();
  await (await row(page, TABLE.name)).getByRole('button', { name: '打开' }).waitFor();
  await openFromMenu(page, '在线开发', TABLE.txt, menuUrl);

  step('the designed list: 新增 three records through the generic dialog');
  // the designer's page stays mounted in its hidden tab, with a 新增 of its own: look in the shown tab's page only
  const shownPage = page.locator('[data-page-key]:not([hidden])');
  await shownPage.getByRole('columnheader', { name: '宝藏名称' }).waitFor();
  const addButton = shownPage.getByRole('button', { name: '新增', exact: true });
  await addButton.waitFor();
  const form = page.locator('.ant-modal', { has: page.locator(`label[title="${FIELDS[0].txt}"]`) });
  for (const r of RECORDS) {
    await openDialog(page, addButton, form);
    await field(form, '宝藏名称').locator('input').fill(r.name);
    await choose(page, field(form, '猎人性别').getByRole('combobox'), r.sex, field(form, '猎人性别').locator('.ant-select'));
    await field(form, '赏金').getByRole('spinbutton').fill(r.reward);
    await pickDate(page, field(form, '发现日期').locator('input'), r.date);
    await field(form, '备注').locator('textarea').fill(r.memo);
    if (r === RECORDS[0]) await screenshot(page, 'online-record-form');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await toast(page, '添加成功');
    await form.waitFor({ state: 'hidden' });
    await row(page, r.name);
  }
  await screenshot(page, 'online-list-three');

  step(`the designer: 编辑 renames memo to ${RENAMED} and widens treasure_name to 100`);
  await openFromMenu(page, '在线开发', 'Online表单开发', '/online/cgform');
  const editor = page.locator('.ant-modal', { hasText: '编辑表单' });
  await openDialog(page, (await row(page, TABLE.name)).getByRole('button', { name: '编辑' }), editor);
  const ecell = (label, i) => editor.getByLabel(`${label}（第${i}行）`, { exact: true });
  await page.waitForFunction(() => document.querySelector('input[aria-label="字段名（第10行）"]')?.value === 'memo', null, { timeout: 10_000 });
  await ecell('字段名', 10).fill(RENAMED);
  await ecell('字段长度', 6).fill('100');
  await screenshot(page, 'online-designer-edit');
  await editor.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '修改成功');
  await editor.waitFor({ state: 'hidden' });
  await (await row(page, TABLE.name)).getByText('未同步').waitFor();

  step('同步数据库: the dry run names the rename and the widening; 普通同步 succeeds');
  await syncNormally(page, [`字段 memo 改名为 ${RENAMED}`, '字段 treasure_name 加长'], 'online-sync-alter');

  step('the designed list keeps the three records; 导出 downloads them');
  await page.goto(`${baseUrl}${menuUrl}`);
  for (const r of RECORDS) {
    const text = await (await row(page, r.name)).innerText();
    for (const v of [r.sex, r.reward, r.date, r.memo]) expect(text.includes(v), `the row of ${r.name} lacks ${v}: ${text}`);
  }
  await screenshot(page, 'online-list-after-sync');
  const [download, answer] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((r) => r.url().includes(`/online/cgform/crud/${id}/exportXls`)),
    page.getByRole('button', { name: '导出', exact: true }).click(),
  ]);
  expect(
    answer.status() === 200 && (answer.headers()['content-type'] ?? '').includes('spreadsheet'),
    `export answer ${answer.status()} ${answer.headers()['content-type']}`,
  );
  expect(download.suggestedFilename() === `${TABLE.txt}列表数据.xlsx`, `downloaded ${download.suggestedFilename()}`);
  const xlsx = fs.readFileSync(await download.path());
  expect(xlsx.length > 1000 && xlsx.subarray(0, 2).toString() === 'PK', `the downloaded file (${xlsx.length} bytes) is no xlsx`);

  step('a user holding only the list code: the role and user are made through the API');
  const call = api(baseUrl, await tokenOf(page));
  const roleCode = `online_${stamp}`;
  expect((await call('POST', '/sys/role/add', { roleName: `寻宝日志只读${stamp}`, roleCode })).success, 'role add');
  const roleId = (await call('GET', `/sys/role/list?roleCode=${roleCode}`)).result.records.find((r) => r.roleCode === roleCode).id;
  const tree = await call('GET', '/sys/permission/list');
  const flat = (nodes) => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const codes = flat(tree.result).filter((p) => String(p.perms ?? '').startsWith(`online:${id}:`));
  expect(codes.length > 1, `the generated codes: ${JSON.stringify(codes.map((p) => p.perms))}`);
  const listCode = codes.find((p) => p.perms === `online:${id}:list`);
  expect(listCode, 'the list code row');
  const grant = await call('POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: `${ONLINE_GROUP},${listCode.id}`, lastpermissionIds: '' });
  expect(grant.success, `grant: ${JSON.stringify(grant)}`);
  const made = await call('POST', '/sys/user/add', { ...USER, confirmpassword: USER.password, selectedroles: roleId });
  expect(made.success, `user add: ${JSON.stringify(made)}`);

  step('the user signs in (another browser context), opens 寻宝日志 from the menu: the records, no 新增');
  const other = await context.browser().newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  other.setDefaultTimeout(15_000);
  const cspOther = await watchCspViolations(other);
  const page2 = await other.newPage();
  try {
    await page2.goto(`${baseUrl}/user/login`);
    await submitSignIn(page2, USER);
    await page2.waitForURL((u) => !u.pathname.startsWith('/user/login'));
    await openFromMenu(page2, '在线开发', TABLE.txt, menuUrl);
    for (const r of RECORDS) await row(page2, r.name);
    for (const label of ['新增', '导出', '导入', '编辑', '删除']) {
      expect((await page2.getByRole('button', { name: label, exact: true }).count()) === 0, `${label} should not be shown`);
    }
    await screenshot(page2, 'online-list-reader');
    expect(!cspOther.length, `CSP violations in the user's context: ${JSON.stringify(cspOther.slice(0, 3))}`);
  } catch (e) {
    await screenshot(page2, 'FAILED-online-forms-reader').catch(() => {});
    throw e;
  } finally {
    await other.close().catch(() => {});
  }
}
