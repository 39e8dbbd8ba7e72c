import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Result } from '@pk/contract';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../api/request';
import { MSG } from './constants';
import { EditableTable, type EditableTableHandle } from './EditableTable';
import { cellOf, rowIds, mockTableLayout } from './testSupport';
import type { ColumnDef } from './types';

vi.mock('../../api/request', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
mockTableLayout();

const reply = (over: Partial<Result<unknown>> & Record<string, unknown>): Result<unknown> => ({
  success: true,
  code: 200,
  message: '',
  result: null,
  timestamp: 0,
  ...over,
});
let stored = 0;
beforeEach(() => {
  stored = 0;
  vi.mocked(http.upload).mockReset();
  vi.mocked(http.upload).mockImplementation(async (_url, form) =>
    reply({ message: `temp/20260101/${(form.get('file') as File).name.replace(/\.\w+$/, '')}_${++stored}.txt` }),
  );
});

async function mount(col: Partial<ColumnDef>) {
  const ref = createRef<EditableTableHandle>();
  const columns: ColumnDef[] = [{ key: 'file', title: '附件', type: 'upload', ...col }];
  const view = render(<EditableTable ref={ref} columns={columns} dataSource={[{ id: 'r1', file: '' }]} />);
  await waitFor(() => expect(rowIds(view.container)).toEqual(['r1']));
  const cell = () => cellOf(view.container, 'r1', 'file');
  const choose = async (...names: string[]) => {
    const input = cell().querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: names.map((n) => new File(['x'.repeat(2048)], n, { type: 'text/plain' })) } });
    });
  };
  return { ...view, ref, cell, choose, value: () => ref.current!.store.getRow('r1')?.file };
}

describe('upload cell (001 §4 upload states, §5 count limit, §7 upload call)', () => {
  it('done: the name, download, more options (every file, its size, delete) and delete back to empty', async () => {
    const { cell, choose, value } = await mount({ token: true });
    await choose('航海日志.txt');
    await waitFor(() => expect(value()).toBe('temp/20260101/航海日志_1.txt'));
    expect(within(cell()).getByText('航海日志.…')).toBeInTheDocument();
    const [url, form, opts] = vi.mocked(http.upload).mock.calls[0]!;
    expect([url, form.get('isup'), form.get('biz'), opts?.anonymous]).toEqual(['/sys/common/upload', '1', 'temp', false]);
    const download = within(cell()).getByLabelText('下载') as HTMLAnchorElement;
    expect(download.getAttribute('href')).toMatch(/\/sys\/common\/static\/temp\/20260101\/航海日志_1\.txt$/);
    expect(download.getAttribute('download')).toBe('航海日志.txt');

    fireEvent.click(within(cell()).getByLabelText('更多'));
    const dialog = (await screen.findByText('更多操作')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('航海日志.txt')).toBeInTheDocument();
    expect(within(dialog).getByText('2.0 KB')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(value()).toBe(''));
    expect(within(cell()).getByRole('button', { name: /点击上传/ })).toBeInTheDocument();

    await choose('b.txt');
    await waitFor(() => expect(value()).toBe('temp/20260101/b_2.txt'));
    fireEvent.click(within(cell()).getByLabelText('删除'));
    await waitFor(() => expect(value()).toBe(''));
    expect(within(cell()).getByRole('button', { name: /点击上传/ })).toBeInTheDocument();
  });

  it('number 1 keeps only the last file', async () => {
    const { choose, value } = await mount({ number: 1 });
    await choose('a.txt');
    await waitFor(() => expect(value()).toBe('temp/20260101/a_1.txt'));
    await choose('b.txt');
    await waitFor(() => expect(value()).toBe('temp/20260101/b_2.txt'));
  });

  it('fieldExtendJson uploadnum 2 keeps the last 2; no limit (default 0) keeps all', async () => {
    const limited = await mount({ fieldExtendJson: '{"uploadnum":2}' });
    await limited.choose('a.txt', 'b.txt', 'c.txt');
    await waitFor(() => expect(limited.value()).toBe('temp/20260101/b_2.txt,temp/20260101/c_3.txt'));
    expect(within(limited.cell()).getByText('+1')).toBeInTheDocument();
    limited.unmount();
    stored = 0;
    const all = await mount({});
    await all.choose('a.txt', 'b.txt', 'c.txt');
    await waitFor(() => expect(all.value()).toBe('temp/20260101/a_1.txt,temp/20260101/b_2.txt,temp/20260101/c_3.txt'));
  });

  it('the column action, no token unless asked, the path from responseName', async () => {
    vi.mocked(http.upload).mockResolvedValue(reply({ message: 'ok', path: 'docs/x.txt' }));
    const { choose, value } = await mount({ action: '/demo/upload', responseName: 'path' });
    await choose('x.txt');
    await waitFor(() => expect(value()).toBe('docs/x.txt'));
    const [url, , opts] = vi.mocked(http.upload).mock.calls[0]!;
    expect([url, opts?.anonymous]).toEqual(['/demo/upload', true]);
  });

  it('a refused file: the error icon opens 上传出错 with the message; no toast; 清除 goes back to empty', async () => {
    vi.mocked(http.upload).mockResolvedValue(reply({ success: false, code: 500, message: '非法文件类型' }));
    const { cell, choose, value } = await mount({});
    await choose('evil.html');
    const icon = await waitFor(() => within(cell()).getByLabelText(MSG.uploadError));
    expect(screen.queryByText('evil.html 上传失败.')).toBeNull();
    fireEvent.click(icon);
    expect(await screen.findByText('非法文件类型')).toBeInTheDocument();
    expect(value()).toBe('');
    fireEvent.click(within(cell()).getByLabelText('清除'));
    expect(within(cell()).getByRole('button', { name: /点击上传/ })).toBeInTheDocument();
  });
});
