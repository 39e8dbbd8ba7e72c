import { describe, expect, it } from 'vitest';
import { AREA_ROOT, areaChildren, areaPath, areaText, areaTree, checkAreaType } from './area';

// 001 §3 area data (root 86, three levels), §8 'Bad type value'.
describe('area data', () => {
  it('the root is 86 and holds the provinces', () => {
    expect(AREA_ROOT).toBe('86');
    const provinces = areaChildren('86');
    expect(provinces.length).toBeGreaterThanOrEqual(34);
    expect(provinces).toContainEqual({ value: '110000', label: '北京市' });
    expect(provinces).toContainEqual({ value: '440000', label: '广东省' });
  });
  it('cascader tree: province → city → district, no deeper', () => {
    const gd = areaTree().find((p) => p.value === '440000')!;
    const gz = gd.children!.find((c) => c.value === '440100')!;
    expect(gz.label).toBe('广州市');
    const th = gz.children!.find((d) => d.value === '440106')!;
    expect(th).toEqual({ value: '440106', label: '天河区' });
  });
  it('path and text of a district', () => {
    expect(areaPath('440106')).toEqual(['440000', '440100', '440106']);
    expect(areaText(['440000', '440100', '440106'])).toBe('广东省/广州市/天河区');
    expect(areaPath('999999')).toEqual([]);
    expect(areaPath('')).toEqual([]);
  });
  it('type must be cascader or select', () => {
    expect(checkAreaType('cascader')).toBe('cascader');
    expect(checkAreaType('select')).toBe('select');
    expect(() => checkAreaType('tree')).toThrow('Bad type value');
  });
});
