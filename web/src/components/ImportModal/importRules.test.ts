import { describe, expect, it } from 'vitest';
import { buildImportForm, importOutcome, isExcelName, IMPORT_MSG } from './importRules';

const ROOT = 'http://h/jeecg-boot';

describe('import rules (001 §2/§4/§8, contract §7.5)', () => {
  it('takes only .xls and .xlsx', () => {
    expect(isExcelName('职务.xls')).toBe(true);
    expect(isExcelName('a.XLSX')).toBe(true);
    expect(isExcelName('a.csv')).toBe(false);
    expect(isExcelName('a.xls.exe')).toBe(false);
  });

  it('sends every queued file as `file` plus the optional fields', () => {
    const a = new File(['1'], 'a.xls');
    const b = new File(['2'], 'b.xlsx');
    const form = buildImportForm([a, b], { isSingleTableImport: true, foreignKeys: '{"pid":"1"}', validateStatus: 1 });
    expect((form.getAll('file') as File[]).map((f) => f.name)).toEqual(['a.xls', 'b.xlsx']);
    expect(form.get('isSingleTableImport')).toBe('true');
    expect(form.get('foreignKeys')).toBe('{"pid":"1"}');
    expect(form.get('validateStatus')).toBe('1');
    expect([...buildImportForm([a]).keys()]).toEqual(['file']);
  });

  it('success → ok with the server message', () => {
    expect(importOutcome({ success: true, code: 200, message: '共3行数据全部导入成功！' })).toEqual({ kind: 'ok', message: '共3行数据全部导入成功！' });
  });

  it('code 201 → partial with the summary and the error-file link under domianURL', () => {
    const o = importOutcome(
      {
        success: true,
        code: 201,
        message: '文件导入成功，但有错误。',
        result: { msg: '总上传行数：2，已导入行数：1，错误行数：1', fileUrl: '/sys/common/static/logs/20261123/x.txt', fileName: 'x.txt' },
      },
      ROOT,
    );
    expect(o).toEqual({
      kind: 'partial',
      message: '文件导入成功，但有错误。',
      msg: '总上传行数：2，已导入行数：1，错误行数：1',
      href: `${ROOT}/sys/common/static/logs/20261123/x.txt`,
      fileName: 'x.txt',
    });
  });

  it('code 201 with the path as the result string (001 §7) still links it; without a path there is no link', () => {
    expect(importOutcome({ success: true, code: 201, message: 'm', result: '/sys/common/static/logs/a.txt' }, ROOT)).toMatchObject({
      href: `${ROOT}/sys/common/static/logs/a.txt`,
    });
    expect(importOutcome({ success: true, code: 201, message: 'm', result: null }, ROOT)).toMatchObject({ kind: 'partial', href: null });
  });

  it('failure → warning text from the server, or 文件上传失败', () => {
    expect(importOutcome({ success: false, code: 500, message: '文件导入失败:有重复数据！' })).toEqual({ kind: 'fail', message: '文件导入失败:有重复数据！' });
    expect(importOutcome({ success: false })).toEqual({ kind: 'fail', message: IMPORT_MSG.failed });
    expect(importOutcome(null)).toEqual({ kind: 'fail', message: IMPORT_MSG.failed });
  });
});
