// Issue 4 point 3, the pickers: on 组件示例 → 选择器, pick a user through the department modal and see the value;
// pick departments unlinked (the default: only the checked node) and linked (the whole subtree); pick an area in
// the cascader; pick a user in the user picker (the signed-in directory, no 510); pick a category in the category
// select. Screenshots: pickers-user-modal, pickers-user-picker, pickers-depart-linked, pickers-category, pickers-demo.
import { clickHoverMenuItem, expect, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'pickers: users by department, the user picker, departments linked and unlinked, a category, an area in the cascader';

const valueOf = (page, field) => page.getByTestId(`value-${field}`).innerText();

async function waitValue(page, field, ok, what) {
  for (let i = 0; i < 50; i++) {
    const v = await valueOf(page, field);
    if (ok(v)) return v;
    await page.waitForTimeout(100);
  }
  throw new Error(`${what}: value-${field} is ${JSON.stringify(await valueOf(page, field))}`);
}

/** Wait (bounded) until the tree in `scope` shows `want(checked, shown)` checked boxes, as a user waits to see it. */
async function waitChecked(scope, want, what) {
  for (let i = 0; i < 50; i++) {
    const checked = await scope.locator('.ant-tree-checkbox-checked').count();
    const shown = await scope.locator('.ant-tree-checkbox').count();
    if (want(checked, shown)) return { checked, shown };
    await scope.page().waitForTimeout(100);
  }
  const checked = await scope.locator('.ant-tree-checkbox-checked').count();
  const shown = await scope.locator('.ant-tree-checkbox').count();
  throw new Error(`${what}: ${checked} of ${shown} boxes checked`);
}

/** The checkbox of the tree node titled `title` inside `scope`. */
function treeCheckbox(scope, title) {
  // The inner locator of `has` is relative to the tree node, so it must be a plain selector.
  return scope.locator('.ant-tree-treenode', { has: scope.page().locator(`[title="${title}"]`) }).locator('.ant-tree-checkbox');
}

export async function run({ page, baseUrl, step }) {
  step('sign in and open 组件示例 → 选择器');
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/user\/login/);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/demo/pickers`);
  await page.getByTestId('picker-demo').waitFor();

  step('选择用户: pick a department on the left, check the user, 确定 → the value is the username');
  await page.getByTestId('picker-user-by-depart').getByRole('button', { name: '选择用户' }).click();
  const userModal = page.getByTestId('user-by-depart-modal');
  await userModal.waitFor();
  await userModal.getByTitle('海盗王乐园', { exact: true }).click();
  const adminRow = userModal.locator('.ant-table-row', { hasText: 'admin' });
  await adminRow.waitFor();
  const deptCell = await adminRow.locator('td').nth(5).innerText();
  expect(deptCell.includes('海盗王乐园'), `department column: ${JSON.stringify(deptCell)}`);
  await adminRow.locator('.ant-checkbox-input').check();
  await screenshot(page, 'pickers-user-modal');
  await page
    .getByRole('dialog', { name: '选择用户' })
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
  await waitValue(page, 'users', (v) => v.includes('admin'), 'users after the modal');
  const tag = await page.getByTestId('picker-user-by-depart').innerText();
  expect(tag.includes('管理员'), `the box shows the real name: ${JSON.stringify(tag)}`);

  step('用户选择: the directory lists users (no 510), columns account, real name, phone, birthday; pick admin');
  await page.getByTestId('picker-user').getByRole('button', { name: '选择用户' }).click();
  const userPicker = page.getByTestId('picker-user-modal');
  const adminInPicker = userPicker.locator('.ant-table-row', { hasText: 'admin' });
  await adminInPicker.waitFor();
  expect((await userPicker.getByTestId('picker-failure').count()) === 0, 'the user picker shows a refusal');
  const heads = (await userPicker.locator('thead th').allInnerTexts()).map((x) => x.trim()).filter(Boolean);
  expect(JSON.stringify(heads) === JSON.stringify(['用户账号', '用户姓名', '电话', '生日']), `user picker columns: ${JSON.stringify(heads)}`);
  await adminInPicker.click();
  await screenshot(page, 'pickers-user-picker');
  await page
    .getByRole('dialog', { name: '选择用户' })
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
  await waitValue(page, 'user', (v) => v.includes('admin'), 'user after the user picker');
  const userTag = await page.getByTestId('picker-user').innerText();
  expect(userTag.includes('管理员'), `the user picker box shows the real name: ${JSON.stringify(userTag)}`);

  step('分类字典选择: expand 道具分类, pick 武器 → the value is its id, the box shows the name');
  await page.getByTestId('picker-category').click();
  const catTree = page.locator('.ant-select-dropdown:visible');
  await catTree.getByTitle('道具分类', { exact: true }).waitFor();
  await catTree
    .locator('.ant-select-tree-treenode', { has: page.locator('[title="道具分类"]') })
    .locator('.ant-select-tree-switcher')
    .click();
  await catTree.getByTitle('武器', { exact: true }).click();
  const catValue = await waitValue(page, 'categorySelect', (v) => /\d{6,}|[0-9a-f]{16,}/.test(v), 'category value');
  const catText = await page.getByTestId('picker-category').innerText();
  expect(catText.includes('武器') && !catText.includes(catValue.replace('当前值：', '').trim()), `category box: ${JSON.stringify(catText)}`);
  await screenshot(page, 'pickers-category');

  step('部门 unlinked (default): checking the company checks only the company');
  const departBox = page.getByTestId('picker-depart');
  await departBox.getByRole('button', { name: '选择部门' }).click();
  let modal = page.getByTestId('depart-modal');
  await modal.getByTitle('技术部', { exact: true }).waitFor();
  await treeCheckbox(modal, '海盗王乐园').click();
  const strictChildren = await modal.locator('.ant-tree-checkbox-checked').count();
  expect(strictChildren === 1, `unlinked: ${strictChildren} checked boxes, want 1`);
  await page
    .getByRole('dialog', { name: '选择部门' })
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
  const one = await waitValue(page, 'departLinked', (v) => /[0-9a-f]{32}/.test(v), 'one department');
  expect(!one.includes(','), `unlinked gives one id: ${one}`);

  step('部门 linked (树操作 → 父子关联): checking the company checks its whole subtree');
  await departBox.getByRole('button', { name: '选择部门' }).click();
  modal = page.getByTestId('depart-modal');
  await modal.getByTitle('技术部', { exact: true }).waitFor();
  // linked now: the saved company shows its whole subtree checked (every node shown is in it; other journeys may
  // have added departments under it) — the switch is seen before the boxes are clicked. Once in CI (a machine at
  // half speed) the tree stayed unlinked after the item's click: choose it again, as a user would, and say so.
  for (let i = 1; ; i++) {
    await clickHoverMenuItem(page, page.getByTestId('depart-tree-ops'), '父子关联');
    try {
      await waitChecked(modal, (checked, shown) => checked >= 3 && checked === shown, 'linked mode shows the subtree of the saved company');
      break;
    } catch (err) {
      if (i >= 3) throw err;
      console.log('# note: chose 父子关联 again (the tree stayed unlinked)');
    }
  }
  await treeCheckbox(modal, '海盗王乐园').click(); // uncheck: the subtree follows
  await waitChecked(modal, (checked) => checked === 0, 'linked: unchecking the company unchecks its subtree');
  await treeCheckbox(modal, '海盗王乐园').click(); // check again: the subtree follows
  const { checked: linked } = await waitChecked(
    modal,
    (checked, shown) => checked >= 3 && checked === shown,
    'linked: checking the company checks its whole subtree, want all (at least 3)',
  );
  await screenshot(page, 'pickers-depart-linked');
  await page
    .getByRole('dialog', { name: '选择部门' })
    .getByRole('button', { name: /^确\s?定$/ })
    .click();
  const three = await waitValue(page, 'departLinked', (v) => v.split(',').length === linked, `${linked} departments`);
  const names = await departBox.innerText();
  expect(
    ['海盗王乐园', '运营部', '技术部'].every((n) => names.includes(n)),
    `tags: ${JSON.stringify(names)} (${three})`,
  );

  step('省市区 cascader: 北京市 / 市辖区 / 东城区 → 110101');
  expect((await valueOf(page, 'area')).includes('440106'), 'the initial area value');
  await page.getByTestId('picker-area').click();
  const menus = page.locator('.ant-cascader-menus');
  await menus.getByTitle('北京市', { exact: true }).click();
  await menus.getByTitle('市辖区', { exact: true }).click();
  await menus.getByTitle('东城区', { exact: true }).click();
  await waitValue(page, 'area', (v) => v.includes('110101'), 'area after the cascader');
  const areaText = await page.getByTestId('picker-area').innerText();
  expect(areaText.includes('北京市') && areaText.includes('东城区'), `cascader text: ${JSON.stringify(areaText)}`);

  await page.waitForTimeout(200);
  await screenshot(page, 'pickers-demo', { fullPage: true });
}
