// Issue 12 points 7 and 8 in the browser: 模板管理 — add a system-message template with a ${var}, 发送测试 it to
// admin with JSON test data (bad JSON first: 解析Json出错！); 消息管理 shows the queued row as 未发送; the send job
// runs once (e2e/tools/send-pending.ts, a second node of the same database) and the row reads 发送成功, its content
// rendered, an unknown variable left visible.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'messages: add a template, test-send it to admin, see it queued and then sent in 消息管理';

const stamp = Date.now().toString(36).slice(-5);
const TPL = { code: `e2e_note_${stamp}`, name: `巡检通知${stamp}`, content: '<p>船只 ${ship} 于 ${time} 完成巡检</p>' };

async function toast(page, text) {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor();
}

function field(scope, label) {
  return scope.locator('.ant-form-item', { has: scope.page().locator(`label[title="${label}"]`) });
}

async function row(page, text) {
  const r = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: text });
  await r.first().waitFor();
  return r.first();
}

export async function run({ page, baseUrl, server, step }) {
  step('sign in; 模板管理 lists the seeded templates');
  await page.goto(`${baseUrl}/user/login`);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/modules/message/sysMessageTemplateList`);
  await row(page, 'sys_ts_note');
  await screenshot(page, 'message-template-list');

  step('新增 a system-message template with placeholders');
  await page.getByRole('button', { name: '新增', exact: true }).click();
  const dialog = page.locator('.ant-modal', { hasText: '模板CODE' });
  await dialog.waitFor();
  await motionsSettled(page);
  await field(dialog, '模板CODE').locator('input').fill(TPL.code);
  await field(dialog, '模板标题').locator('input').fill(TPL.name);
  await field(dialog, '模板内容').locator('textarea').fill(TPL.content);
  await field(dialog, '模板类型').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: /^系统$/ }).click();
  await screenshot(page, 'message-template-dialog');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '添加成功');
  await dialog.waitFor({ state: 'hidden' });

  step('发送测试: bad JSON is refused; good JSON to admin queues the message');
  await (await row(page, TPL.code)).getByRole('button', { name: '发送测试' }).click();
  const test = page.locator('.ant-modal', { hasText: '消息接收方' });
  await test.waitFor();
  await motionsSettled(page);
  expect((await field(test, '消息类型').innerText()).includes('系统'), 'the message type does not start as the template type 系统');
  await field(test, '测试数据').locator('textarea').fill('{"ship": ');
  await field(test, '消息接收方').locator('input').fill('admin');
  await test.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '解析Json出错！');
  await field(test, '测试数据').locator('textarea').fill('{"ship":"黑珍珠号"}');
  await screenshot(page, 'message-send-test');
  await test.getByRole('button', { name: /确\s*定/ }).click();
  await toast(page, '发送消息任务添加成功！');
  await test.waitFor({ state: 'hidden' });

  step('消息管理: the queued row reads 未发送');
  await page.goto(`${baseUrl}/modules/message/sysMessageList`);
  const queued = await row(page, TPL.name);
  await queued.getByText('未发送').waitFor();
  expect((await queued.innerText()).includes('admin'), 'the receiver admin is not shown');
  await screenshot(page, 'message-list-queued');

  step('the send job runs once; after 刷新 the row reads 发送成功 with one attempt');
  const job = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'e2e/tools/send-pending.ts'), server.dataDir], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(job.status === 0, `send-pending failed: ${job.stderr}`);
  expect(/"sent":1\b/.test(job.stdout), `send-pending: ${job.stdout}`);
  await page.reload();
  const sent = await row(page, TPL.name);
  await sent.getByText('发送成功').waitFor();
  const text = await sent.innerText();
  expect(text.includes('黑珍珠号') && text.includes('${time}'), `content not rendered as expected: ${text}`);
  await screenshot(page, 'message-list-sent');
}
