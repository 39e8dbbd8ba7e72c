import { render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Result } from '@pk/contract';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../api/request';
import { DictCheckbox, DictMultiSelectTag, DictSelect, DictTag } from '../components/dict';
import { feedback } from '../components/feedback';
import { CheckboxGroup, DictPicker } from '../components/pickers';
import { ValueInput } from '../components/SuperQuery/ConditionRow';
import { FieldInput } from './fields';
import { DICT_MSG, useDictOptions } from './useDictOptions';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const env = <T,>(success: boolean, result: T, message = ''): Result<T> => ({ success, code: success ? 200 : 510, message, result, timestamp: 0 });
const SEX = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

let error: ReturnType<typeof vi.spyOn>;
let warning: ReturnType<typeof vi.spyOn>;
/** The texts shown through message.error (one call may pass a string or {content, key}). */
const shown = (spy: ReturnType<typeof vi.spyOn>) =>
  spy.mock.calls.map((c: unknown[]) => (typeof c[0] === 'string' ? c[0] : (c[0] as { content: string }).content));

beforeEach(() => {
  localStorage.clear();
  error = vi.spyOn(feedback.message, 'error').mockImplementation(() => undefined as never);
  warning = vi.spyOn(feedback.message, 'warning').mockImplementation(() => undefined as never);
  mocked.get.mockImplementation(async (url: string) => (url.endsWith('/sex') ? env(true, SEX) : env(false, null, '没有权限，请联系管理员授权')));
});
afterEach(() => {
  vi.restoreAllMocks();
  mocked.get.mockReset();
});

// 001 §5: 'dictionary code cannot be empty' — one hook feeds every dictionary widget (dict components, pickers,
// CRUD fields, query builder, editable table); a widget whose code is blank says so, a place without a dictionary does not.
describe('useDictOptions', () => {
  it('a code: fetched once, options and items', async () => {
    const { result } = renderHook(() => useDictOptions('sex'), { wrapper });
    await waitFor(() =>
      expect(result.current.options).toEqual([
        { value: '1', label: '男' },
        { value: '2', label: '女' },
      ]),
    );
    expect(result.current.items).toEqual(SEX);
    expect(result.current.error).toBeUndefined();
    expect(mocked.get).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });

  it.each(['', '   '])('a blank code %j: the §5 error, returned and shown, nothing fetched', async (code) => {
    const { result } = renderHook(() => useDictOptions(code), { wrapper });
    expect(result.current).toMatchObject({ options: [], items: [], loading: false, error: '字典Code不能为空!' });
    await waitFor(() => expect(shown(error)).toEqual([DICT_MSG.emptyCode]));
    expect(mocked.get).not.toHaveBeenCalled();
  });

  it.each([undefined, null])('no dictionary (%s): nothing fetched, nothing said', async (code) => {
    const { result } = renderHook(() => useDictOptions(code), { wrapper });
    expect(result.current).toMatchObject({ options: [], items: [], loading: false, error: undefined });
    await new Promise((r) => setTimeout(r, 20));
    expect(mocked.get).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(warning).not.toHaveBeenCalled();
  });

  it("a code the server refuses: the server's message, returned and shown", async () => {
    const { result } = renderHook(() => useDictOptions('secret'), { wrapper });
    await waitFor(() => expect(result.current.error).toBe('没有权限，请联系管理员授权'));
    expect(shown(warning)).toContain('没有权限，请联系管理员授权');
    expect(result.current.options).toEqual([]);
  });

  it('several widgets with a blank code give one notice (same key)', async () => {
    render(
      <>
        <DictTag dictCode="" value="1" />
        <DictTag dictCode="" value="2" />
      </>,
      { wrapper },
    );
    await waitFor(() => expect(error).toHaveBeenCalled());
    const keys = new Set(error.mock.calls.map((c: unknown[]) => (c[0] as { key: string }).key));
    expect(keys.size).toBe(1);
  });
});

describe('dictionary widgets with a blank code show the §5 error', () => {
  const widgets: Array<[string, ReactNode]> = [
    ['DictSelect', <DictSelect dictCode="" />],
    ['DictSelect radio', <DictSelect dictCode="" type="radio" />],
    ['DictCheckbox', <DictCheckbox dictCode="" />],
    ['DictMultiSelectTag', <DictMultiSelectTag dictCode="" />],
    ['DictTag', <DictTag dictCode="" value="1" />],
    ['DictPicker', <DictPicker dictCode="" />],
    ['CheckboxGroup', <CheckboxGroup dictCode="" />],
  ];
  it.each(widgets)('%s', async (_name, node) => {
    render(<>{node}</>, { wrapper });
    await waitFor(() => expect(shown(error)).toEqual([DICT_MSG.emptyCode]));
    expect(mocked.get).not.toHaveBeenCalled();
  });

  it('with a code they show its items (DictTag text, DictPicker / CheckboxGroup options)', async () => {
    const { container } = render(
      <>
        <DictTag dictCode="sex" value="2" />
        <CheckboxGroup dictCode="sex" value="1" />
      </>,
      { wrapper },
    );
    await waitFor(() => expect(container.querySelector('.ant-tag')?.textContent).toBe('女'));
    expect(screen.getByLabelText('男')).toBeChecked();
    expect(screen.getByLabelText('女')).not.toBeChecked();
    expect(mocked.get).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('places without a dictionary say nothing', () => {
  it('CRUD form fields, query-builder values and a CheckboxGroup over its own options', async () => {
    render(
      <>
        <FieldInput field={{ prop: 'name', label: '名称', type: 'string' }} />
        <FieldInput field={{ prop: 'sex', label: '性别', type: 'string', dict: 'sex' }} />
        <ValueInput field={{ prop: 'name', label: '名称', type: 'string' }} onChange={() => undefined} />
        <ValueInput field={{ prop: 'age', label: '年龄', type: 'number' }} onChange={() => undefined} />
        <CheckboxGroup options={[{ value: 'a', label: 'A' }]} />
      </>,
      { wrapper },
    );
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('/sys/dict/getDictItems/sex'));
    await new Promise((r) => setTimeout(r, 20));
    expect(mocked.get).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    expect(warning).not.toHaveBeenCalled();
  });
});
