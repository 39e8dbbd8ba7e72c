// Issue 4 points 7 and 8 in the browser: dictionary widgets show dictionary texts and the Y/N switch; the details
// dialog (1200, fullscreen switch), the draggable modal (no drag in fullscreen), the prompt dialog, the slider
// (early release resets, full drag verifies), the 300 ms click guard; the editors load only when shown
// (TinyMCE with a Chinese toolbar and no menubar, the markdown editor, CodeMirror with line numbers and fullscreen).
import { expect, motionsSettled, screenshot, submitSignIn } from '../harness.mjs';

export const name = 'widget demos: dictionary widgets, dialogs, slider, click guard, lazy editors';

const EDITOR_CHUNKS = /tinymceCore|RichTextEditorImpl|MarkdownEditorImpl|CodeEditorImpl/;

async function box(locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('element has no box');
  return b;
}

export async function run({ page, baseUrl, step }) {
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));

  step('sign in; open 字典组件: texts come from the dictionaries');
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/user\/login/);
  await submitSignIn(page);
  await page.waitForURL(/\/dashboard\/analysis/);
  await page.goto(`${baseUrl}/demo/dict`);
  const values = page.getByTestId('dict-values');
  await values.getByText('男').waitFor();
  await values.getByText('通知公告').waitFor();
  await values.locator('.ant-tag', { hasText: '高' }).waitFor();
  await values.locator('.ant-tag', { hasText: '低' }).waitFor();
  expect(await page.getByRole('radio', { name: '中' }).isChecked(), 'priority radio 中 is not checked');

  step('the switch stores Y / N with 是 / 否 labels');
  const sw = page.getByRole('switch', { name: '开关' });
  expect((await sw.innerText()).includes('是'), 'checked switch does not say 是');
  await sw.click();
  await values.getByText('N', { exact: true }).waitFor();
  expect((await sw.innerText()).includes('否'), 'unchecked switch does not say 否');
  await screenshot(page, 'demo-dict');
  expect(!requested.some((u) => EDITOR_CHUNKS.test(u)), 'an editor chunk was loaded before the editors page');

  step('弹窗与控件: details dialog is 1200 wide and switches to fullscreen, where it cannot be dragged');
  await page.goto(`${baseUrl}/demo/dialogs`);
  await page.getByTestId('dialog-demo').waitFor();
  await page.getByRole('button', { name: '详情弹窗（1200，可全屏）' }).click();
  const detail = page.locator('.ant-modal').filter({ hasText: '海盗王总部' });
  await detail.waitFor();
  await page.waitForTimeout(400);
  expect(Math.round((await box(detail)).width) === 1200, `details width ${(await box(detail)).width}`);
  await detail.getByRole('button', { name: '全屏' }).click();
  await page.waitForTimeout(300);
  const full = await box(detail);
  expect(full.width >= 1400 && full.y <= 1, `fullscreen box ${JSON.stringify(full)}`);
  const handle = detail.getByTestId('modal-drag-handle');
  const h = await box(handle);
  await page.mouse.move(h.x + 20, h.y + 5);
  await page.mouse.down();
  await page.mouse.move(h.x + 220, h.y + 105, { steps: 5 });
  await page.mouse.up();
  const after = await box(handle);
  expect(Math.abs(after.x - h.x) < 1 && Math.abs(after.y - h.y) < 1, 'the fullscreen dialog moved when dragged');
  await screenshot(page, 'demo-details-fullscreen');
  await detail.getByRole('button', { name: '退出全屏' }).click();
  await detail
    .getByRole('button', { name: '关 闭' })
    .or(detail.getByRole('button', { name: '关闭' }))
    .first()
    .click();
  await detail.waitFor({ state: 'hidden' });

  step('the draggable modal follows its title');
  await page.getByRole('button', { name: '可拖拽弹窗' }).click();
  const dm = page.locator('.ant-modal').filter({ hasText: '按住标题栏可以拖动此弹窗' });
  await dm.waitFor();
  await page.waitForTimeout(400);
  // the offset is a transform inside .ant-modal: measure what moves, the title
  const dmHandle = dm.getByTestId('modal-drag-handle');
  const before = await box(dmHandle);
  const t = before;
  await page.mouse.move(t.x + 20, t.y + 5);
  await page.mouse.down();
  await page.mouse.move(t.x + 170, t.y + 85, { steps: 5 });
  await page.mouse.up();
  const moved = await box(dmHandle);
  expect(Math.abs(moved.x - before.x - 150) < 2 && Math.abs(moved.y - before.y - 80) < 2, `moved by ${moved.x - before.x}, ${moved.y - before.y}`);
  await dm.getByRole('button', { name: /取\s*消/ }).click();
  await dm.waitFor({ state: 'hidden' });

  step('the prompt dialog returns the typed text');
  await page.getByRole('button', { name: '输入弹窗' }).click();
  const pd = page.locator('.ant-modal').filter({ hasText: '这是一个带输入框的提示弹窗' });
  await pd.waitFor();
  await motionsSettled(page); // a click during the zoom-in can miss the button (seen under load)
  await pd.getByRole('button', { name: /确\s*定/ }).click();
  await pd.getByText('请输入内容').waitFor(); // required
  await pd.getByPlaceholder('名称').fill('黑胡子');
  await pd.getByRole('button', { name: /确\s*定/ }).click();
  await page.getByTestId('prompt-answer').getByText('黑胡子').waitFor();

  step('slider: an early release resets, a full drag verifies (one way)');
  const track = await box(page.getByTestId('slider-verify'));
  const knob = page.getByTestId('slider-handle');
  let k = await box(knob);
  await page.mouse.move(k.x + 10, k.y + 10);
  await page.mouse.down();
  await page.mouse.move(k.x + 150, k.y + 10, { steps: 5 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  k = await box(knob);
  expect(Math.abs(k.x - track.x) < 2, 'the handle did not return to the start');
  expect((await page.getByTestId('slider-result').innerText()) === '未验证', 'verified after an early release');
  await page.mouse.move(k.x + 10, k.y + 10);
  await page.mouse.down();
  await page.mouse.move(k.x + track.width + 50, k.y + 10, { steps: 8 });
  await page.mouse.up();
  await page.getByTestId('slider-verify').getByText('验证通过').waitFor();
  await page.getByTestId('slider-result').getByText('已通过验证').waitFor();

  step('click guard: a second click within 300 ms warns and does not count');
  const guardButton = page.getByRole('button', { name: '点我（快速连点会提示）' });
  await guardButton.dblclick();
  await page.getByText('您点击的太快了，请慢一点').waitFor();
  expect((await page.getByTestId('guard-count').innerText()).endsWith('1'), 'the fast second click was counted');
  await screenshot(page, 'demo-dialogs');

  step('编辑器: TinyMCE loads now, with a Chinese toolbar, no menubar, height 300');
  expect(!requested.some((u) => EDITOR_CHUNKS.test(u)), 'an editor chunk was loaded before the editors page');
  await page.goto(`${baseUrl}/demo/editors`);
  const tox = page.locator('.tox-tinymce');
  await tox.waitFor();
  expect(
    requested.some((u) => /RichTextEditorImpl/.test(u)),
    'the rich editor chunk was not requested',
  );
  expect(!requested.some((u) => /MarkdownEditorImpl|CodeEditorImpl/.test(u)), 'markdown or code editor loaded before their tab was opened');
  await page.locator('.tox-tbtn[aria-label="粗体"]').waitFor();
  await page.locator('.tox-tbtn[aria-label="插入/编辑图片"]').waitFor();
  expect((await page.locator('.tox-menubar').count()) === 0, 'TinyMCE shows a menubar');
  expect(Math.abs((await box(tox)).height - 300) <= 2, `rich editor height ${(await box(tox)).height}`);
  expect(!requested.some((u) => /cdn\.tiny\.cloud|tiny\.cloud/.test(u)), 'TinyMCE was fetched from the cloud');
  await screenshot(page, 'demo-editor-rich');

  step('Markdown tab: Chinese commands, height 300');
  await page.getByRole('tab', { name: 'Markdown' }).click();
  const md = page.getByTestId('markdown-editor');
  await md.locator('.w-md-editor').waitFor();
  await md.locator('button[title^="添加粗体文本"]').waitFor();
  await md.locator('button[title^="添加图像"]').waitFor();
  expect(Math.abs((await box(md.locator('.w-md-editor'))).height - 300) <= 2, 'markdown editor is not 300 high');
  await screenshot(page, 'demo-editor-markdown');

  step('代码 tab: CodeMirror with the language list, line numbers, height 240 and fullscreen');
  await page.getByRole('tab', { name: '代码' }).click();
  const ce = page.getByTestId('code-editor');
  await ce.locator('.cm-editor').waitFor();
  await ce.locator('.cm-lineNumbers').waitFor();
  expect(Math.abs((await box(ce.locator('.cm-editor'))).height - 240) <= 2, `code editor height ${(await box(ce.locator('.cm-editor'))).height}`);
  await ce.getByLabel('语言').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().waitFor();
  // the options' texts can still be empty while the dropdown opens on a loaded machine: read until they are there
  let opts = [];
  for (let end = Date.now() + 3000; Date.now() < end; await page.waitForTimeout(100)) {
    opts = await page.locator('.ant-select-dropdown:visible .ant-select-item-option').allInnerTexts();
    if (opts.length && opts.every((t) => t.trim())) break;
  }
  expect(opts.join() === 'CSS,Javascript,HTML,Java,Objective-C,Python,R,Shell,SQL,Swift', `first languages: ${opts.join()}`);
  await page.keyboard.press('Escape');
  await ce.getByRole('button', { name: '全屏' }).click();
  await page.locator('[data-testid="code-editor"][data-fullscreen="true"]').waitFor();
  await screenshot(page, 'demo-editor-code-fullscreen');
  await page.getByRole('button', { name: '退出全屏' }).click();
  await screenshot(page, 'demo-editor-code');
}
