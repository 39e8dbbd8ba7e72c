// Issue 11 points 13 and 14 in the browser: 系统校验规则 — add a rule with a per-character part, try it in 功能测试,
// and see a form field that names the rule reject a value (组件示例 → 弹窗与控件); 系统编码规则 — add an order-number
// rule chosen from the built-in generators and see 功能测试 generate numbers of today, one after the other.
import { expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'rules: add a check rule and see a form reject a value; add a fill rule and see a generated number';

const stamp = Date.now().toString(36).slice(-5);
const CHECK = { name: `车牌规则${stamp}`, code: `e2e_plate_${stamp}`, message: '前两位须为大写字母' };
const FILL = { name: `单号${stamp}`, code: `e2e_order_${stamp}` };

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

function today() {
  const d = new Date(Date.now() + 8 * 3600_000); // Asia/Shanghai, as the server dates numbers
  return d.toISOString().slice(0, 10).replace(/-/g, '');
}

export async function run({ page, baseUrl, step }) {
  step('sign in; 系统校验规则 lists the seeded rules');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/isystem/checkRule`);
  await row(page, '通用编码规则');

  step('新增 a check rule: the first 2 characters must be capital letters, then 4-8 characters in all');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '规则名称' });
  await dialog.waitFor();
  await motionsSettled(page);
  await field(dialog, '规则名称').locator('input').fill(CHECK.name);
  await field(dialog, '规则Code').locator('input').fill(CHECK.code);
  await dialog.getByRole('button', { name: '添加局部规则' }).click();
  const local = dialog.getByTestId('rules-localRules');
  await local.getByRole('spinbutton').fill('2');
  await local.getByPlaceholder('正则表达式').fill('^[A-Z]{2}$');
  await local.getByPlaceholder('提示文本').fill(CHECK.message);
  await dialog.getByRole('button', { name: '添加全局规则' }).click();
  const global = dialog.getByTestId('rules-globalRules');
  await global.getByPlaceholder('正则表达式').fill('^.{4,8}$');
  await global.getByPlaceholder('提示文本').fill('须为4-8位');
  await screenshot(page, 'check-rule-dialog');
  await dialog.getByRole('button', { name: '确定' }).click();
  await toast(page, '添加成功');

  step('功能测试: a value failing the first part shows its message; a good value passes');
  await (await row(page, CHECK.code)).getByRole('button', { name: '功能测试' }).click();
  const test = page.locator('.ant-modal', { hasText: `规则编码：${CHECK.code}` });
  await test.waitFor();
  await motionsSettled(page);
  await test.getByPlaceholder('请输入要校验的值').fill('ab12');
  await test.getByText(CHECK.message).waitFor();
  await test.getByPlaceholder('请输入要校验的值').fill('AB12');
  await test.getByTestId('check-rule-test-result').filter({ hasText: '校验通过' }).waitFor();
  await page.keyboard.press('Escape');
  await test.waitFor({ state: 'hidden' });

  step('a form field naming the rule rejects a value (组件示例 → 弹窗与控件)');
  await page.goto(`${baseUrl}/demo/dialogs`);
  const demo = page.getByTestId('check-rule-demo');
  await demo.waitFor();
  await field(demo, '规则编码').locator('input').fill(CHECK.code);
  await field(demo, '编码').locator('input').fill('x123');
  await demo
    .getByRole('button', { name: '校 验' })
    .or(demo.getByRole('button', { name: '校验' }))
    .first()
    .click();
  await demo.getByText(CHECK.message).waitFor();
  await field(demo, '编码').locator('input').fill('XY123');
  await demo.getByText(CHECK.message).waitFor({ state: 'detached' });
  await field(demo, '编码').locator('input').fill('XY');
  await demo.getByText('须为4-8位').waitFor();
  await screenshot(page, 'check-rule-form');

  step('系统编码规则: 新增 an order-number rule (generator chosen from the list, prefix E2E, 4 digits)');
  await page.goto(`${baseUrl}/isystem/fillRule`);
  await row(page, 'shop_order_num'); // the seeded rule: the list is there
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const fd = page.locator('.ant-modal', { hasText: '规则实现类' });
  await fd.waitFor();
  await motionsSettled(page);
  await field(fd, '规则名称').locator('input').fill(FILL.name);
  await field(fd, '规则Code').locator('input').fill(FILL.code);
  expect((await field(fd, '规则实现类').innerText()).includes('订单流水号'), 'the generator select does not show 订单流水号');
  await field(fd, '规则参数').locator('textarea').fill('{"prefix":"E2E","digits":4}');
  await fd.getByRole('button', { name: '确定' }).click();
  await toast(page, '添加成功');
  await (await row(page, FILL.code)).getByText('订单流水号').waitFor();

  step('功能测试 generates a number of today; 再次生成 gives the next one');
  await (await row(page, FILL.code)).getByRole('button', { name: '功能测试' }).click();
  const value = page.getByTestId('fill-rule-test-value');
  await value.waitFor();
  const first = (await value.innerText()).trim();
  expect(first === `E2E${today()}0001`, `generated ${first}`);
  await screenshot(page, 'fill-rule-test');
  await page.getByRole('button', { name: '再次生成' }).click();
  await page
    .getByTestId('fill-rule-test-value')
    .filter({ hasText: `E2E${today()}0002` })
    .waitFor();
}
