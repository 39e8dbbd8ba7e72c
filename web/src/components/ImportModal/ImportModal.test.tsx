import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal, message } from 'antd';
import { http } from '../../api/request';
import { ImportModal } from './ImportModal';

vi.mock('../../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
  HttpError: class HttpError extends Error {},
}));

afterEach(() => {
  Modal.destroyAll();
  message.destroy();
  vi.clearAllMocks();
});

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
      success: true, code: 201, message: '文件导入成功，但有错误。', timestamp: 0,
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
