import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Modal, message } from 'antd';
import { positionEntity, type Result } from '@pk/contract';
import { http } from '../api/request';
import { exportFileName, importFile } from './excel';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);
const xls = () => new File(['x'], '职务.xls', { type: 'application/vnd.ms-excel' });

afterEach(() => {
  Modal.destroyAll();
  message.destroy(); // static containers outlive cleanup(); their timers must not fire after teardown
  vi.clearAllMocks();
});

describe('importFile', () => {
  it('posts the workbook as `file` with a long timeout and shows the success message', async () => {
    mocked.upload.mockResolvedValue({ success: true, code: 200, message: '共3行数据全部导入成功！', result: null, timestamp: 0 });
    expect(await importFile(positionEntity, xls())).toBe(true);
    const [url, form, opts] = mocked.upload.mock.calls[0];
    expect(url).toBe('/sys/position/importExcel');
    expect((form.get('file') as File).name).toBe('职务.xls');
    expect(opts?.timeout).toBeGreaterThan(60_000);
    expect(await screen.findByText('共3行数据全部导入成功！')).toBeTruthy();
  });

  it('code 201 opens a warning with the summary and the error report link', async () => {
    const partial: Result<unknown> = {
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { msg: '总上传行数：3，已导入行数：2，错误行数：1', fileUrl: '/sys/common/static/logs/err.txt', fileName: 'err.txt' },
      timestamp: 0,
    };
    mocked.upload.mockResolvedValue(partial as never);
    expect(await importFile(positionEntity, xls())).toBe(true);
    expect((await screen.findAllByText('文件导入成功，但有错误。')).length).toBeGreaterThan(0);
    expect(screen.getByText('总上传行数：3，已导入行数：2，错误行数：1')).toBeTruthy();
    const link = screen.getByText('点击下载').closest('a');
    expect(link?.getAttribute('href')).toBe(`${window._CONFIG.domianURL}/sys/common/static/logs/err.txt`);
  });

  it('a failure shows the server message and does not reload', async () => {
    mocked.upload.mockResolvedValue({ success: false, code: 500, message: '文件导入失败:有重复数据！', result: null, timestamp: 0 });
    expect(await importFile(positionEntity, xls())).toBe(false);
    expect(await screen.findByText('文件导入失败:有重复数据！')).toBeTruthy();
  });

  it('refuses other file types without calling the server', async () => {
    expect(await importFile(positionEntity, new File(['x'], 'a.csv'))).toBe(false);
    expect(mocked.upload).not.toHaveBeenCalled();
  });
});

describe('exportFileName', () => {
  it('is {title}列表数据.xls', () => {
    expect(exportFileName(positionEntity)).toBe('职务列表数据.xls');
  });
});
