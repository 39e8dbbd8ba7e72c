import { describe, expect, it } from 'vitest';
import {
  addItem,
  fileAccessUrl,
  formatSize,
  isImageType,
  itemsFromValue,
  keepLast,
  moveItem,
  MSG,
  nameOfPath,
  readReply,
  removeItem,
  sameValue,
  updateItem,
  uploadFailureText,
  UPLOAD_TIMEOUT_MS,
  valueOf,
  type UploadItem,
} from './uploadRules';

const ROOT = 'http://h/jeecg-boot';
const done = (uid: string, path: string, extra: Partial<UploadItem> = {}): UploadItem => ({ uid, name: nameOfPath(path), status: 'done', path, ...extra });

describe('fileAccessUrl (contract §7.1)', () => {
  it('keeps http values as they are and maps the rest under /sys/common/static', () => {
    expect(fileAccessUrl('https://cdn/x.png', ROOT)).toBe('https://cdn/x.png');
    expect(fileAccessUrl('http://oss/y.pdf', ROOT)).toBe('http://oss/y.pdf');
    expect(fileAccessUrl('temp/20261123/ab.png', ROOT)).toBe('http://h/jeecg-boot/sys/common/static/temp/20261123/ab.png');
    expect(fileAccessUrl('/temp/a.png', ROOT)).toBe('http://h/jeecg-boot/sys/common/static/temp/a.png');
    expect(fileAccessUrl('  ', ROOT)).toBe('');
  });
});

describe('itemsFromValue', () => {
  it('reads comma-joined paths as done items', () => {
    const items = itemsFromValue('temp/1/a.png, temp/1/b.pdf,', ROOT);
    expect(items.map((i) => [i.name, i.status, i.path, i.url])).toEqual([
      ['a.png', 'done', 'temp/1/a.png', `${ROOT}/sys/common/static/temp/1/a.png`],
      ['b.pdf', 'done', 'temp/1/b.pdf', `${ROOT}/sys/common/static/temp/1/b.pdf`],
    ]);
  });
  it('reads records, as an array or a JSON string', () => {
    const recs = [{ fileName: '合同.pdf', filePath: 'temp/1/x.pdf', fileSize: 12 }];
    for (const v of [recs, JSON.stringify(recs)]) {
      const [i] = itemsFromValue(v, ROOT);
      expect(i).toMatchObject({ name: '合同.pdf', size: 12, path: 'temp/1/x.pdf', status: 'done' });
    }
  });
  it('gives nothing for empty or foreign values', () => {
    expect(itemsFromValue('')).toEqual([]);
    expect(itemsFromValue(undefined)).toEqual([]);
    expect(itemsFromValue(null)).toEqual([]);
    expect(itemsFromValue(3)).toEqual([]);
    expect(itemsFromValue([{ nope: 1 }])).toEqual([]);
  });
});

describe('valueOf (001 §4: emitted only when every file is done)', () => {
  const a = done('1', 'temp/1/a.png', { size: 5 });
  const b = done('2', 'temp/1/b.png');
  it('joins paths with commas when return-url is on (default)', () => {
    expect(valueOf([a, b])).toBe('temp/1/a.png,temp/1/b.png');
    expect(valueOf([])).toBe('');
  });
  it('gives records when return-url is off', () => {
    expect(valueOf([a, b], false)).toEqual([
      { fileName: 'a.png', filePath: 'temp/1/a.png', fileSize: 5 },
      { fileName: 'b.png', filePath: 'temp/1/b.png', fileSize: 0 },
    ]);
    expect(valueOf([], false)).toEqual([]);
  });
  it('emits nothing while a file is uploading or failed', () => {
    expect(valueOf([a, { uid: '3', name: 'c', status: 'uploading' }])).toBeUndefined();
    expect(valueOf([a, { uid: '3', name: 'c', status: 'error', message: 'x' }])).toBeUndefined();
  });
  it('sameValue recognises an echo of the emitted value', () => {
    expect(sameValue('temp/1/a.png,temp/1/b.png', [a, b])).toBe(true);
    expect(sameValue('temp/1/a.png', [a, b])).toBe(false);
    expect(sameValue('temp/1/a.png', [a, { uid: '3', name: 'c', status: 'uploading' }])).toBe(false);
  });
});

describe('list rules', () => {
  it('keepLast keeps only the last N when N > 0 (001 §5)', () => {
    expect(keepLast([1, 2, 3], 2)).toEqual([2, 3]);
    expect(keepLast([1, 2, 3], 0)).toEqual([1, 2, 3]);
    expect(keepLast([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(addItem([done('1', 'a'), done('2', 'b')], done('3', 'c'), 1).map((i) => i.uid)).toEqual(['3']);
  });
  it('update and remove by uid', () => {
    const list = [done('1', 'a'), { uid: '2', name: 'b', status: 'uploading' as const }];
    expect(updateItem(list, '2', { status: 'error', message: 'm' })[1]).toMatchObject({ status: 'error', message: 'm' });
    expect(removeItem(list, '1').map((i) => i.uid)).toEqual(['2']);
  });
  it('moveItem swaps neighbours and refuses to leave either end (001 §8)', () => {
    const list = [done('1', 'a'), done('2', 'b'), done('3', 'c')];
    expect(moveItem(list, '2', -1)).toEqual({ items: [list[1], list[0], list[2]] });
    expect(moveItem(list, '2', 1)).toEqual({ items: [list[0], list[2], list[1]] });
    expect(moveItem(list, '1', -1)).toEqual({ warning: MSG.moveFirst });
    expect(moveItem(list, '3', 1)).toEqual({ warning: MSG.moveLast });
  });
  it('isImageType needs "image" in the type (001 §5)', () => {
    expect(isImageType('image/png')).toBe(true);
    expect(isImageType('application/pdf')).toBe(false);
    expect(isImageType('')).toBe(false);
    expect(isImageType(undefined)).toBe(false);
  });
});

describe('readReply (001 §8: message from the response, or unknown error)', () => {
  it('takes the stored path from message on success', () => {
    expect(readReply({ success: true, message: 'temp/1/a.png' })).toEqual({ path: 'temp/1/a.png' });
  });
  it('gives the server message, or 未知错误', () => {
    expect(readReply({ success: false, message: '上传失败，存在非法文件类型：svg' })).toEqual({ error: '上传失败，存在非法文件类型：svg' });
    expect(readReply({ success: false })).toEqual({ error: '未知错误' });
    expect(readReply({ success: true, message: '' })).toEqual({ error: '未知错误' });
    expect(readReply(null)).toEqual({ error: '未知错误' });
  });
  it('formats sizes', () => {
    expect(formatSize(undefined)).toBe('-');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(2048)).toBe('2.0 KB');
    expect(formatSize(3 * 1024 * 1024)).toBe('3.0 MB');
  });
});

describe('uploadFailureText (001 §8: message, or 未知错误; no answer → 上传失败)', () => {
  it('an answer with an envelope message gives that message (HTTP 413 with the contract text)', () => {
    expect(uploadFailureText({ status: 413, data: { success: false, message: '文件大小超出10MB限制, 请压缩或降低文件质量! ' } })).toBe(
      '文件大小超出10MB限制, 请压缩或降低文件质量! ',
    );
    expect(uploadFailureText({ status: 400, data: { message: '上传目录bizPath，格式非法！' } })).toBe('上传目录bizPath，格式非法！');
  });
  it('an answer without one gives 未知错误', () => {
    expect(uploadFailureText({ status: 502, data: undefined })).toBe(MSG.unknown);
    expect(uploadFailureText({ status: 500, data: { message: '  ' } })).toBe('未知错误');
  });
  it('no answer (timeout, network, anything else) gives 上传失败, never the transport text', () => {
    expect(uploadFailureText(Object.assign(new Error('timeout of 9000ms exceeded'), { timeout: true }))).toBe('上传失败');
    expect(uploadFailureText(new TypeError('Failed to fetch'))).toBe('上传失败');
    expect(uploadFailureText(undefined)).toBe(MSG.failed);
  });
  it('uploads wait far longer than the 9 s of ordinary calls', () => {
    expect(UPLOAD_TIMEOUT_MS).toBe(600_000);
  });
});
