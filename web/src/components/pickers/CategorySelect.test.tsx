import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Result } from '@pk/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpError } from '../../api/request';
import { closeAntdOverlays } from '../../test/antdOverlays';
import { feedback } from '../feedback';
import { CategorySelect } from './CategorySelect';

vi.mock('../../api/request', async (orig) => ({
  HttpError: (await orig<typeof import('../../api/request')>()).HttpError,
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const ok = <T,>(result: T): Result<T> => ({ success: true, code: 200, message: '', result, timestamp: 0 });
const refused = (message: string) => ({ success: false, code: 500, message, result: null, timestamp: 0 }) as never;
const ROOT = [
  { key: 'c1', title: '武器', code: 'A02A01', leaf: false, parentId: 'p' },
  { key: 'c2', title: '防具', code: 'A02A02', leaf: true, parentId: 'p' },
];
const KIDS = [{ key: 'c11', title: '长剑', code: 'A02A01A01', leaf: true, parentId: 'c1' }];
const open = (el: HTMLElement) => fireEvent.mouseDown(el.querySelector('.ant-select') ?? el);

let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  error = vi.spyOn(feedback.message, 'error').mockImplementation(() => undefined as never);
  vi.spyOn(feedback.message, 'warning').mockImplementation(() => undefined as never);
  mocked.get.mockImplementation(async (url: string, params?: Record<string, unknown>) => {
    if (url === 'sys/category/loadTreeRoot') return ok(ROOT);
    if (url === 'sys/category/loadTreeChildren') return ok(params?.pid === 'c1' ? KIDS : []);
    if (url === 'sys/category/loadDictItem/')
      return ok(
        String(params?.ids)
          .split(',')
          .map((id) => ({ c11: '长剑', c2: '防具' })[id] ?? id),
      );
    return ok([]);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  mocked.get.mockReset();
  await closeAntdOverlays();
});

// JCategorySelect (contract §6.6; 001 §7, §8): pcode root, async children, value = id(s), text via loadDictItem.
describe('CategorySelect', () => {
  it('loads the children of pcode (async=true), then a branch on expansion; the value is the id', async () => {
    const onChange = vi.fn();
    const { container } = render(<CategorySelect pcode="A02" onChange={onChange} />);
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('sys/category/loadTreeRoot', { async: true, pcode: 'A02' }));
    open(container);
    expect(await screen.findByTitle('武器')).toBeInTheDocument();
    fireEvent.click(document.querySelector('.ant-select-tree-switcher_close') as HTMLElement);
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith('sys/category/loadTreeChildren', { pid: 'c1' }));
    fireEvent.click(await screen.findByTitle('长剑'));
    expect(onChange).toHaveBeenCalledWith('c11', ['长剑']);
  });

  it('shows stored ids by name from loadDictItem (delNotExist=false), not the raw ids', async () => {
    render(<CategorySelect multiple value="c11,c2" />);
    expect(await screen.findByText('长剑')).toBeInTheDocument();
    expect(screen.getByText('防具')).toBeInTheDocument();
    expect(screen.queryByText('c11')).toBeNull();
    expect(mocked.get).toHaveBeenCalledWith('sys/category/loadDictItem/', expect.objectContaining({ ids: expect.stringContaining('c11'), delNotExist: false }));
  });

  it('multiple: the value is the ids joined with commas', async () => {
    const onChange = vi.fn();
    const { container } = render(<CategorySelect multiple value="c2" onChange={onChange} />);
    open(container);
    fireEvent.click(await screen.findByTitle('武器'));
    expect(onChange).toHaveBeenCalledWith('c2,c1', ['防具', '武器']);
  });

  it('a root load failure shows the server message as an error toast and in the empty tree (001 §8)', async () => {
    mocked.get.mockResolvedValue(refused('该编码【ZZ】不存在，请核实!'));
    const { container } = render(<CategorySelect pcode="ZZ" />);
    await waitFor(() => expect(error).toHaveBeenCalledWith('该编码【ZZ】不存在，请核实!'));
    open(container);
    expect(await screen.findByTestId('picker-failure')).toHaveTextContent('该编码【ZZ】不存在，请核实!');
  });

  it('a rejected read is caught: no unhandled rejection, the reason in the empty tree', async () => {
    mocked.get.mockRejectedValue(new HttpError('网络超时'));
    const { container } = render(<CategorySelect />);
    await waitFor(() => expect(mocked.get).toHaveBeenCalled());
    open(container);
    expect(await screen.findByTestId('picker-failure')).toHaveTextContent('网络超时');
  });
});
