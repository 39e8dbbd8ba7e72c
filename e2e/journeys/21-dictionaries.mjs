// Issue 11 points 11 and 12 in the browser: 数据字典 — create a dictionary with items (字典配置), see them in a
// dictionary select (组件示例 → 字典组件, 任意字典), add one more item: the open select keeps its cached items until
// 刷新缓存, after which it shows the new one; 回收站 restores a deleted dictionary. 分类字典 — open a node, 添加下级,
// then delete it.
import { expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'dictionaries: a dictionary with items reaches a dictionary select after 刷新缓存; category add child / delete';

const stamp = Date.now().toString(36).slice(-5);
const DICT = { name: `颜色${stamp}`, code: `e2e_color_${stamp}` };

/** Wait for an antd message with `text` (the server's reply). */
async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

/** The form item control of `label` inside `scope`. */
function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

function tab(page, title) {
  return page.getByTestId('multi-tab').getByRole('tab', { name: title });
}

/** The open select's option texts (its dropdown). */
async function optionTexts(page, select) {
  await select.click();
  const list = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').last();
  await list.locator('.ant-select-item-option').first().waitFor();
  const texts = (await list.locator('.ant-select-item-option').allInnerTexts()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  return texts;
}

async function addItem(page, drawer, text, value) {
  await drawer.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '数据值' });
  await dialog.waitFor();
  await motionsSettled(page);
  await field(dialog, '名称').locator('input').fill(text);
  await field(dialog, '数据值').locator('input').fill(value);
  await dialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '保存成功');
  await dialog.waitFor({ state: 'hidden' });
  await drawer.locator('.ant-table-tbody tr.ant-table-row', { hasText: text }).waitFor();
}

export async function run({ page, baseUrl, step }) {
  step('sign in; side menu 系统管理 → 数据字典');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  const side = page.getByTestId('side-menu');
  await side.getByText('系统管理', { exact: true }).click();
  await side.getByText('数据字典', { exact: true }).click();
  await page.waitForURL(/\/isystem\/dict/);
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();

  step('新增 a dictionary (the code is checked free while typing)');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dictDialog = page.locator('.ant-modal', { hasText: '字典编码' });
  await dictDialog.waitFor();
  await motionsSettled(page);
  await field(dictDialog, '字典名称').locator('input').fill(DICT.name);
  await field(dictDialog, '字典编码').locator('input').fill('sex');
  await dictDialog.getByText('该值不可用，系统中已存在！').waitFor();
  await field(dictDialog, '字典编码').locator('input').fill(DICT.code);
  await dictDialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '保存成功');
  await dictDialog.waitFor({ state: 'hidden' });

  step('字典配置: add 红色 and 绿色; a used 数据值 is refused while typing');
  const search = page.locator('#dict-search');
  await search.getByRole('textbox', { name: '字典编码' }).fill(DICT.code);
  await search
    .getByRole('button', { name: '查 询' })
    .or(search.getByRole('button', { name: '查询' }))
    .first()
    .click();
  const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: DICT.code });
  await row.waitFor();
  await row.getByRole('button', { name: '字典配置' }).click();
  const drawer = page.locator('.ant-drawer', { hasText: `字典列表 - ${DICT.name}` });
  await drawer.waitFor();
  await motionsSettled(page);
  await addItem(page, drawer, '红色', 'red');
  await addItem(page, drawer, '绿色', 'green');
  await drawer.getByRole('button', { name: '新增', exact: true }).click();
  const dup = page.locator('.ant-modal', { hasText: '数据值' });
  await dup.waitFor();
  await motionsSettled(page);
  await field(dup, '数据值').locator('input').fill('red');
  await dup.getByText('该值不可用，系统中已存在！').waitFor();
  await dup
    .getByRole('button', { name: '取消' })
    .or(dup.getByRole('button', { name: '取 消' }))
    .first()
    .click();
  await dup.waitFor({ state: 'hidden' });
  await screenshot(page, 'dict-items');
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });

  step('组件示例 → 字典组件: the new dictionary in a dictionary select');
  await side.getByText('组件示例', { exact: true }).click();
  await side.getByText('字典组件', { exact: true }).click();
  await page.waitForURL(/\/demo\/dict/);
  await page.locator('#dict-demo-code').fill(DICT.code);
  const anySelect = page.getByTestId('dict-demo').locator('.ant-form-item', { hasText: '任意字典（下拉）' }).locator('.ant-select');
  await anySelect.waitFor();
  const first = await optionTexts(page, anySelect);
  expect(JSON.stringify(first) === JSON.stringify(['红色', '绿色']), `select options: ${JSON.stringify(first)}`);

  step('back on the 数据字典 tab: add 蓝色; the open select still shows its cached items');
  await tab(page, '数据字典').click();
  await row.getByRole('button', { name: '字典配置' }).click();
  await drawer.waitFor();
  await motionsSettled(page);
  await addItem(page, drawer, '蓝色', 'blue');
  await drawer.locator('.ant-drawer-close').click();
  await drawer.waitFor({ state: 'hidden' });
  await tab(page, '字典组件').click();
  const cached = await optionTexts(page, anySelect);
  expect(JSON.stringify(cached) === JSON.stringify(['红色', '绿色']), `select options before 刷新缓存: ${JSON.stringify(cached)}`);

  step('刷新缓存 → 刷新缓存完成！, and the select shows 蓝色');
  await tab(page, '数据字典').click();
  await page.getByRole('button', { name: '刷新缓存' }).click();
  await toast(page, '刷新缓存完成！');
  await tab(page, '字典组件').click();
  let fresh = [];
  for (let i = 0; i < 20; i++) {
    fresh = await optionTexts(page, anySelect);
    if (fresh.includes('蓝色')) break;
    await page.waitForTimeout(250);
  }
  expect(JSON.stringify(fresh) === JSON.stringify(['红色', '绿色', '蓝色']), `select options after 刷新缓存: ${JSON.stringify(fresh)}`);
  await screenshot(page, 'dict-select-after-refresh');

  step('删除 the dictionary, then 回收站 → 取回');
  await tab(page, '数据字典').click();
  await row.getByRole('button', { name: '删除' }).click();
  const pop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
  await pop.waitFor();
  await motionsSettled(page);
  await pop.locator('.ant-btn-primary').click();
  await toast(page, '删除成功');
  await row.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: '回收站' }).click();
  const bin = page.locator('.ant-modal', { hasText: '字典回收站' });
  await bin.waitFor();
  await motionsSettled(page);
  const binRow = bin.locator('.ant-table-tbody tr.ant-table-row', { hasText: DICT.code });
  await binRow.getByRole('button', { name: '取回' }).click();
  await toast(page, '操作成功');
  await binRow.waitFor({ state: 'detached' });
  await bin.locator('.ant-modal-close').click();
  await row.waitFor();

  step('分类字典: open 游戏类型, 添加下级 策略, then delete it');
  await side.getByText('分类字典', { exact: true }).click();
  await page.waitForURL(/\/isys\/category/);
  const parent = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '游戏类型' });
  await parent.waitFor();
  await parent.locator('.ant-table-row-expand-icon').click();
  await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: '角色扮演' }).waitFor();
  await parent.getByRole('button', { name: '添加下级' }).click();
  const catDialog = page.locator('.ant-modal', { hasText: '父级节点' });
  await catDialog.waitFor();
  await motionsSettled(page);
  expect((await catDialog.locator('#category-form-parent').inputValue()) === '游戏类型', 'the parent shown is not 游戏类型');
  const childName = `策略${stamp}`;
  await field(catDialog, '类型名称').locator('input').fill(childName);
  await catDialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '添加成功');
  const child = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: childName });
  await child.waitFor();
  expect((await child.innerText()).includes('A01A03'), `the new child's code: ${await child.innerText()}`);
  await screenshot(page, 'category-child');
  await child.getByRole('button', { name: '删除' }).click();
  const catPop = page.locator('.ant-popconfirm:not(.ant-popover-hidden)').last();
  await catPop.getByText('其下级节点将一并删除').waitFor();
  await motionsSettled(page);
  await catPop.locator('.ant-btn-primary').click();
  await toast(page, '删除成功');
  await child.waitFor({ state: 'detached' });
}
