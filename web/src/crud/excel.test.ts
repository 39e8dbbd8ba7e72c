import { afterEach, describe, expect, it, vi } from 'vitest';
import { positionEntity } from '@pk/contract';
import { http } from '../api/request';
import { exportFileName, exportList } from './excel';

vi.mock('../api/request', () => ({
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));

const mocked = vi.mocked(http);

afterEach(() => {
  vi.clearAllMocks();
});

describe('exportFileName', () => {
  it('is {title}列表数据.xlsx: the export bytes are xlsx, and a .xls name makes Excel warn (issue 10 point 15)', () => {
    expect(exportFileName(positionEntity)).toBe('职务列表数据.xlsx');
  });
});

describe('exportList', () => {
  it('downloads {api}/exportXls with the params, the file name and a long timeout', async () => {
    mocked.download.mockResolvedValue(undefined as never);
    await exportList(positionEntity, { name: '开发', selections: '1,2' });
    const [url, params, name, opts] = mocked.download.mock.calls[0];
    expect(url).toBe('/sys/position/exportXls');
    expect(params).toEqual({ name: '开发', selections: '1,2' });
    expect(name).toBe('职务列表数据.xlsx');
    expect(opts?.timeout).toBeGreaterThan(60_000);
  });
});
