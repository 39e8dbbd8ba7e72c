import { describe, expect, it } from 'vitest';
import { acceptedType, bizFolder, BIZ_FOLDERS, extensionOf, storedPath } from './uploadRules.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF = Buffer.from('%PDF-1.7\n...');
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]);

describe('bizFolder (security §1.3: biz is an allow-listed key)', () => {
  it('defaults to temp when absent or blank', () => {
    expect(bizFolder(undefined)).toBe('temp');
    expect(bizFolder('')).toBe('temp');
    expect(bizFolder('  ')).toBe('temp');
  });
  it('accepts each allowed key as it is', () => {
    for (const k of BIZ_FOLDERS) expect(bizFolder(k)).toBe(k);
  });
  it.each(['..', '../', '..\\', '%2e%2e', '%252e%252e', '/etc', 'C:\\', '~', 'a/../../b', 'temp/..', 'temp/x', 'TEMP', 'temp\\x', 'temp\0', 'upload'])(
    'refuses %j',
    (v) => expect(bizFolder(v)).toBeNull(),
  );
});

describe('acceptedType (extension allow-list + magic bytes)', () => {
  it('accepts matching content', () => {
    expect(acceptedType('头像.PNG', PNG)).toBe('png');
    expect(acceptedType('a.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpg');
    expect(acceptedType('a.gif', Buffer.from('GIF89a....'))).toBe('gif');
    expect(acceptedType('a.webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('webp');
    expect(acceptedType('r.pdf', PDF)).toBe('pdf');
    expect(acceptedType('r.xlsx', ZIP)).toBe('xlsx');
    expect(acceptedType('r.docx', ZIP)).toBe('docx');
    expect(acceptedType('r.xls', OLE)).toBe('xls');
    expect(acceptedType('notes.txt', Buffer.from('你好, world\n'))).toBe('txt');
    expect(acceptedType('a.zip', ZIP)).toBe('zip');
  });
  it('refuses a right extension on the wrong content', () => {
    expect(acceptedType('x.png', PDF)).toBeNull();
    expect(acceptedType('x.pdf', PNG)).toBeNull();
    expect(acceptedType('x.xlsx', OLE)).toBeNull();
    expect(acceptedType('x.txt', Buffer.from([0x4d, 0x5a, 0x90, 0x00]))).toBeNull(); // an exe renamed
  });
  it('refuses text that is markup in disguise', () => {
    expect(acceptedType('x.txt', Buffer.from('<!DOCTYPE html><script>alert(1)</script>'))).toBeNull();
    expect(acceptedType('x.txt', Buffer.from('\uFEFF  <svg onload=alert(1)>'))).toBeNull();
  });
  it.each(['x.svg', 'x.html', 'x.htm', 'x.js', 'x.jsp', 'x.php', 'x.exe', 'x.xml', 'x.png%00.js', 'x.png.jsp', 'noext', 'x.'])('refuses %j', (n) => {
    expect(acceptedType(n, Buffer.from('GIF89a <svg><script>alert(1)</script></svg>'))).toBeNull();
  });
  it('does not treat inherited object keys as types', () => {
    expect(acceptedType('x.constructor', Buffer.from('abc'))).toBeNull();
    expect(acceptedType('x.__proto__', Buffer.from('abc'))).toBeNull();
  });
});

describe('extensionOf / storedPath', () => {
  it('reads the extension of the last segment only', () => {
    expect(extensionOf('../../x.png')).toBe('png');
    expect(extensionOf('a.b\\c')).toBe('');
    expect(extensionOf('.txt')).toBe('txt');
  });
  it('builds {biz}/{yyyyMMdd}/{random}.{ext}', () => {
    expect(storedPath('temp', '20261123', 'ab12', 'png')).toBe('temp/20261123/ab12.png');
  });
});
