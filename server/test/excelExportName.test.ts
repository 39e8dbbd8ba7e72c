import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, rbac, type Rbac } from './rbac.fixture.js';

// issue 10 point 15: the export bytes are xlsx (exceljs), so the download is named .xlsx and typed as xlsx;
// a .xls name makes Excel warn that the format and the extension do not match.
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('Excel exports are named .xlsx (issue 10 point 15)', () => {
  let t: Rbac;
  beforeAll(async () => {
    t = await rbac();
  });
  afterAll(async () => t?.close());

  // one route of the CRUD engine (职务), and the two hand-written export routes (用户, 部门)
  it.each([
    ['/sys/position/exportXls', '职务列表数据.xlsx'],
    ['/sys/user/exportXls', '用户列表数据.xlsx'],
    ['/sys/sysDepart/exportXls', '部门列表数据.xlsx'],
  ])('%s sends %s with the xlsx content type, and the bytes are an xlsx workbook', async (url, name) => {
    const res = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers: t.admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(res.headers['content-disposition']).not.toMatch(/\.xls(?!x)/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getCell('A1').value).toBe(name.replace('.xlsx', ''));
  });
});
