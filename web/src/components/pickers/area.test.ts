import { beforeAll, describe, expect, it } from 'vitest';
import { AREA_ROOT, areaChildren, areaPath, areaTableFrom, areaText, areaTree, checkAreaType, loadAreaTable, type AreaTable } from './area';

// 001 §3 area data (root 86, three levels: province, city, district), §8 'Bad type value'. Real data of the package.
describe('area data', () => {
  let data: AreaTable;
  beforeAll(async () => {
    data = await loadAreaTable();
  });

  it('the root is 86 and holds the provinces', () => {
    expect(AREA_ROOT).toBe('86');
    const provinces = areaChildren(data, '86');
    expect(provinces.length).toBe(34);
    expect(provinces).toContainEqual({ value: '110000', label: '北京市' });
    expect(provinces).toContainEqual({ value: '440000', label: '广东省' });
  });

  it('cascader tree: province → city → district, no deeper', () => {
    const gd = areaTree(data).find((p) => p.value === '440000')!;
    const gz = gd.children!.find((c) => c.value === '440100')!;
    expect(gz.label).toBe('广州市');
    const th = gz.children!.find((d) => d.value === '440106')!;
    expect(th).toEqual({ value: '440106', label: '天河区' });
    const depth = (o: { children?: unknown[] }[]): number => Math.max(0, ...o.map((x) => 1 + depth((x.children ?? []) as never)));
    expect(depth(areaTree(data))).toBe(3);
  });

  it('municipalities get the GB/T 2260 city level back (市辖区 / 县)', () => {
    expect(areaChildren(data, '110000')).toEqual([{ value: '110100', label: '市辖区' }]);
    expect(areaPath(data, '110108')).toEqual(['110000', '110100', '110108']);
    expect(areaText(data, ['110000', '110100', '110108'])).toBe('北京市/市辖区/海淀区');
    expect(areaChildren(data, '500000').map((c) => c.label)).toEqual(['市辖区', '县']);
    expect(areaPath(data, '500229')).toEqual(['500000', '500200', '500229']);
  });

  it('path and text of a district; unknown codes have no path', () => {
    expect(areaPath(data, '440106')).toEqual(['440000', '440100', '440106']);
    expect(areaText(data, ['440000', '440100', '440106'])).toBe('广东省/广州市/天河区');
    expect(areaPath(data, '999999')).toEqual([]);
    expect(areaPath(data, '')).toEqual([]);
  });

  it('areaTableFrom: a small level tree', () => {
    const t = areaTableFrom([
      { c: '120000', n: '天津市', d: [{ c: '120101', n: '和平区' }] },
      { c: '130000', n: '河北省', d: [{ c: '130100', n: '石家庄市', d: [{ c: '130102', n: '长安区' }] }] },
      { c: '710000', n: '台湾省', d: [] },
    ]);
    expect(t).toEqual({
      '86': { '120000': '天津市', '130000': '河北省', '710000': '台湾省' },
      '120000': { '120100': '市辖区' },
      '120100': { '120101': '和平区' },
      '130000': { '130100': '石家庄市' },
      '130100': { '130102': '长安区' },
    });
  });

  it('type must be cascader or select', () => {
    expect(checkAreaType('cascader')).toBe('cascader');
    expect(checkAreaType('select')).toBe('select');
    expect(() => checkAreaType('tree')).toThrow('Bad type value');
  });
});
