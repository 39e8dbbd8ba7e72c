import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpError } from '../../api/request';
import { ImportModal } from './ImportModal';
import { closeAntdOverlays } from '../../test/antdOverlays';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
  HttpError: class HttpError extends Error {},
}));

afterEach(async () => {
  await closeAntdOverlays(); // static containers outlive cleanup(); their work must not run after teardown
  vi.mocked(http.upload).mockReset();
});

const dialog = () => screen.getByText('导入EXCEL').closest('[role="dialog"]') as HTMLElement;
const fileInput = () => document.querySelector('input[type=file]') as HTMLInputElement;

const startButton = () => screen.getByText(/开始上传|上传中/).closest('button') as HTMLButtonElement;

// 001 §2/§4/§8: one dialog life — disabled with no files, a failure warns and stays open, code 201 closes with the warning.
describe('ImportModal', () => {
  it('queues files, keeps the dialog open on failure, and on code 201 closes, emits ok and shows the error-file link', async () => {
    const onClose = vi.fn();
    const onOk = vi.fn();
    const user = userEvent.setup();
    render(<ImportModal open url="/sys/position/importExcel" onClose={onClose} onOk={onOk} />);
    expect(screen.getByText('导入EXCEL')).toBeTruthy();
    expect(startButton().disabled).toBe(true);

    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.xls,.xlsx');
    expect(input.multiple).toBe(true);
    await user.upload(input, [new File(['a'], 'a.xls'), new File(['b'], 'b.xlsx')]);
    await screen.findByText('b.xlsx');
    expect(startButton().disabled).toBe(false);

    vi.mocked(http.upload).mockResolvedValueOnce({ success: false, code: 500, message: '文件导入失败:有重复数据！', result: null, timestamp: 0 });
    await user.click(startButton());
    expect(await screen.findByText('文件导入失败:有重复数据！')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    const [url, form, opts] = vi.mocked(http.upload).mock.calls[0];
    expect(url).toBe('/sys/position/importExcel');
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['a.xls', 'b.xlsx']);
    expect(opts?.timeout).toBeGreaterThan(60_000);

    vi.mocked(http.upload).mockResolvedValueOnce({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      timestamp: 0,
      result: { msg: '总上传行数：2，已导入行数：1，错误行数：1', fileUrl: '/sys/common/static/logs/20261123/e.txt', fileName: 'e.txt' },
    });
    await user.click(startButton());
    expect((await screen.findAllByText('导入成功,但是有错误数据!')).length).toBeGreaterThan(0);
    expect(screen.getByText('总上传行数：2，已导入行数：1，错误行数：1')).toBeTruthy();
    expect(screen.getByText('点击下载').getAttribute('href')).toMatch(/\/sys\/common\/static\/logs\/20261123\/e\.txt$/);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onOk).toHaveBeenCalledTimes(1);
  });
});

describe('ImportModal: width, file filter, busy state (001 §2, §4)', () => {
  it('is 600 wide', () => {
    render(<ImportModal open url="/x/importExcel" onClose={vi.fn()} />);
    expect(dialog().style.width).toBe('600px');
  });

  it('a file that is not .xls/.xlsx is refused with a warning and not queued', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<ImportModal open url="/x/importExcel" onClose={vi.fn()} />);
    await user.upload(fileInput(), [new File(['a'], 'notes.txt'), new File(['b'], 'data.csv')]);
    expect((await screen.findAllByText('请选择 .xls 或 .xlsx 文件')).length).toBeGreaterThan(0);
    expect(screen.queryByText('notes.txt')).toBeNull();
    expect(screen.queryByText('data.csv')).toBeNull();
    expect(startButton().disabled).toBe(true);
    await user.upload(fileInput(), new File(['c'], 'OK.XLSX'));
    await screen.findByText('OK.XLSX');
    expect(startButton().disabled).toBe(false);
  });

  it('while the import runs: 上传中..., closing and choosing are disabled; success closes, emits ok and shows the message', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onOk = vi.fn();
    let finish!: (v: Awaited<ReturnType<typeof http.upload>>) => void;
    vi.mocked(http.upload).mockReturnValueOnce(new Promise((r) => (finish = r)));
    render(<ImportModal open url="/x/importExcel" onClose={onClose} onOk={onOk} />);
    await user.upload(fileInput(), new File(['a'], 'a.xlsx'));
    await screen.findByText('a.xlsx');
    await user.click(startButton());
    await waitFor(() => expect(startButton().textContent).toMatch(/上传中/));
    expect(startButton().className).toContain('ant-btn-loading');
    expect((screen.getByText(/关\s*闭/).closest('button') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByText('选择导入文件').closest('button') as HTMLButtonElement).disabled).toBe(true);
    expect(fileInput().disabled).toBe(true);
    expect(onClose).not.toHaveBeenCalled();

    finish({ success: true, code: 200, message: '共1行数据全部导入成功！', result: null, timestamp: 0 });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onOk).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('共1行数据全部导入成功！')).toBeInTheDocument();
  });

  it('a network failure warns 文件上传失败 and stays open; an HTTP error is left to the request client (shown once)', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<ImportModal open url="/x/importExcel" onClose={onClose} />);
    await user.upload(fileInput(), new File(['a'], 'a.xls'));
    await screen.findByText('a.xls');
    vi.mocked(http.upload).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(startButton());
    expect(await screen.findByText('文件上传失败')).toBeInTheDocument();
    vi.mocked(http.upload).mockRejectedValueOnce(new HttpError('文件大小超出10MB限制, 请压缩或降低文件质量! '));
    await user.click(startButton());
    await waitFor(() => expect(startButton().textContent).toMatch(/开始上传/));
    expect(screen.getAllByText('文件上传失败')).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
  });
});
