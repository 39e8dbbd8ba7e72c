import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { FieldDef } from '@pk/contract';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { SuperQuery, type SuperQueryOutput } from './SuperQuery';

// no dictionary field here, so nothing reaches the server; the request client must not be used at all
vi.mock('../../api/request', () => ({
  http: {
    get: vi.fn(() => Promise.reject(new Error('no server in this test'))),
    post: vi.fn(),
    put: vi.fn(),
    delete: vi.fn(),
    download: vi.fn(),
    upload: vi.fn(),
  },
  HttpError: class HttpError extends Error {},
}));

// role queries skip the accessibility walk (getComputedStyle up the tree for every candidate), which over antd's
// dialogs in jsdom costs seconds per test; the queries below are scoped to the open dialog instead
configure({ defaultHidden: true });

afterEach(async () => {
  await closeAntdOverlays();
});

const FIELDS: FieldDef[] = [
  { prop: 'code', label: '职务编码', type: 'string', filter: 'like' },
  { prop: 'name', label: '职务名称', type: 'string', filter: 'like' },
];
const KEY = 'JSuperQuerySaved_sq_test';

function setup() {
  // no pause between keystrokes and no pointer-events walk up the tree per event (jsdom's getComputedStyle over
  // antd's style tags makes every click cost most of a second otherwise)
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  const onSearch = vi.fn<(p: SuperQueryOutput) => void>();
  render(<SuperQuery fields={FIELDS} saveCode="sq_test" onSearch={onSearch} />);
  return { user, onSearch };
}

/** The builder dialog (the one titled 高级查询构造器). */
const builder = () => screen.getByText('高级查询构造器').closest('[role="dialog"]') as HTMLElement;
const rows = () => builder().querySelectorAll('.pk-sq-row');
const footerButton = (name: RegExp) => within(builder()).getByRole('button', { name });

async function openBuilder(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /高级查询/ }));
  await screen.findByText('高级查询构造器');
}

/** Fill row i: pick the field by its label, type the value (the rule stays 等于). */
async function fill(user: ReturnType<typeof userEvent.setup>, i: number, label: string, value: string) {
  const row = rows()[i] as HTMLElement;
  await user.click(within(row).getByRole('combobox', { name: '查询字段' }));
  const options = await screen.findAllByTitle(label);
  await user.click(options.at(-1) as HTMLElement);
  setValue(i, value);
}

/** Types a whole value into row i at once (one change event: keystroke by keystroke is slow in jsdom). */
function setValue(i: number, value: string) {
  fireEvent.change(within(rows()[i] as HTMLElement).getByRole('textbox', { name: '值' }), { target: { value } });
}

/** The last confirm dialog antd opened (Modal.confirm), and its OK button. */
async function confirmDialog(text: string) {
  const content = await screen.findByText(text);
  const dialog = content.closest('[role="dialog"]') as HTMLElement;
  return { dialog, ok: within(dialog).getByRole('button', { name: /确\s*定/ }) };
}

describe('SuperQuery (001 §2 title and width, §4 states, §5 messages)', () => {
  it('opens titled 高级查询构造器, 1000 wide, with one blank condition', async () => {
    const { user } = setup();
    await openBuilder(user);
    expect(builder().style.width).toBe('1000px');
    expect(rows()).toHaveLength(1);
    expect((within(rows()[0] as HTMLElement).getByRole('textbox', { name: '值' }) as HTMLInputElement).value).toBe('');
  });

  it('查询 with no valid condition warns 不能查询空条件 and runs nothing', async () => {
    const { user, onSearch } = setup();
    await openBuilder(user);
    await user.click(footerButton(/^查\s*询$/));
    expect(await screen.findByText('不能查询空条件')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('查询 runs the query, closes, and sets the query-active flag; 重置 clears conditions and the flag', async () => {
    const { user, onSearch } = setup();
    await openBuilder(user);
    await fill(user, 0, '职务名称', '经理');
    await user.click(footerButton(/^查\s*询$/));
    expect(onSearch).toHaveBeenCalledWith({
      superQueryParams: encodeURI(JSON.stringify([{ field: 'name', rule: 'eq', val: '经理', type: 'string' }])),
      superQueryMatchType: 'and',
    });
    const trigger = screen.getByRole('button', { name: /高级查询/ });
    expect(trigger.className).toContain('ant-btn-primary');
    await user.hover(trigger);
    expect(await screen.findByText('已有高级查询条件生效')).toBeInTheDocument();

    await openBuilder(user);
    expect((within(rows()[0] as HTMLElement).getByRole('textbox', { name: '值' }) as HTMLInputElement).value).toBe('经理');
    await user.click(footerButton(/^重\s*置$/));
    expect(onSearch).toHaveBeenLastCalledWith(null);
    expect(rows()).toHaveLength(1);
    expect((within(rows()[0] as HTMLElement).getByRole('textbox', { name: '值' }) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: /高级查询/ }).className).not.toContain('ant-btn-primary');
  });

  it('saving: 空条件不能保存, 保存名称不能为空, 保存成功 into local storage; the same name asks “{name} 已存在，是否覆盖？”', async () => {
    const { user } = setup();
    await openBuilder(user);
    await user.click(footerButton(/保存查询条件/));
    expect(await screen.findByText('空条件不能保存')).toBeInTheDocument();

    await fill(user, 0, '职务编码', 'dev');
    await user.click(footerButton(/保存查询条件/));
    const prompt = (await screen.findByText('请输入保存的名称')).closest('[role="dialog"]') as HTMLElement;
    await user.click(within(prompt).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('保存名称不能为空')).toBeInTheDocument();
    await user.type(within(prompt).getByRole('textbox', { name: '保存名称' }), '开发{Enter}');
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toEqual([
      { title: '开发', matchType: 'and', records: [{ field: 'code', rule: 'eq', type: 'string', val: 'dev' }] },
    ]);
    expect(within(builder()).getByText('开发')).toBeInTheDocument();

    // change the value and save under the same name: asked first, overwritten on OK
    setValue(0, 'ops');
    await user.click(footerButton(/保存查询条件/));
    const prompt2 = (await screen.findAllByText('请输入保存的名称')).at(-1)!.closest('[role="dialog"]') as HTMLElement;
    expect((within(prompt2).getByRole('textbox', { name: '保存名称' }) as HTMLInputElement).value).toBe('开发');
    await user.click(within(prompt2).getByRole('button', { name: /确\s*定/ }));
    const { ok } = await confirmDialog('开发 已存在，是否覆盖？');
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')[0].records[0].val).toBe('dev'); // not before OK
    await user.click(ok);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')[0].records[0].val).toBe('ops'));
    expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toHaveLength(1);
  });

  it('a saved query loads back into the builder; deleting asks 是否删除当前查询？ and removes it', async () => {
    localStorage.setItem(KEY, JSON.stringify([{ title: '我的查询', matchType: 'or', records: [{ field: 'name', rule: 'like', val: '总', type: 'string' }] }]));
    const { user, onSearch } = setup();
    await openBuilder(user);
    await user.click(within(builder()).getByText('我的查询'));
    expect((within(rows()[0] as HTMLElement).getByRole('textbox', { name: '值' }) as HTMLInputElement).value).toBe('总');

    await user.click(within(builder()).getByRole('button', { name: '删除 我的查询' }));
    const { ok } = await confirmDialog('是否删除当前查询？');
    expect(localStorage.getItem(KEY)).toContain('我的查询'); // not before OK
    await user.click(ok);
    await waitFor(() => expect(JSON.parse(localStorage.getItem(KEY) ?? '[]')).toEqual([]));
    expect(await within(builder()).findByText('没有保存任何查询')).toBeInTheDocument();

    await user.click(footerButton(/^查\s*询$/));
    expect(onSearch).toHaveBeenCalledWith({
      superQueryParams: encodeURI(JSON.stringify([{ field: 'name', rule: 'like', val: '总', type: 'string' }])),
      superQueryMatchType: 'or',
    });
  });

  it('adds and removes condition rows; removing the last leaves one blank row', async () => {
    const { user } = setup();
    await openBuilder(user);
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: '添加条件' }));
    expect(rows()).toHaveLength(2);
    await user.click(within(rows()[1] as HTMLElement).getByRole('button', { name: '删除条件' }));
    expect(rows()).toHaveLength(1);
    setValue(0, 'x');
    await user.click(within(rows()[0] as HTMLElement).getByRole('button', { name: '删除条件' }));
    expect(rows()).toHaveLength(1);
    expect((within(rows()[0] as HTMLElement).getByRole('textbox', { name: '值' }) as HTMLInputElement).value).toBe('');
  });
});
