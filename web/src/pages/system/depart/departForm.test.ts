import { describe, expect, it } from 'vitest';
import { departFormFields, newDepartValues, toDepartBody } from './departForm';

describe('department form (contract §12.3)', () => {
  it('never types orgCode, orgType or the parent', () => {
    const props = departFormFields().map((f) => f.prop);
    expect(props).toContain('departName');
    expect(props).not.toContain('orgCode');
    expect(props).not.toContain('orgType');
    expect(props).not.toContain('parentId');
  });

  it('add sends the parent; edit sends the id; orgCode is dropped either way', () => {
    const add = toDepartBody({ departName: ' 研发部 ', orgCode: 'ZZZ', orgCategory: '2' }, { parentId: 'p1' });
    expect(add).toMatchObject({ departName: '研发部', orgCategory: '2', parentId: 'p1' });
    expect('orgCode' in add).toBe(false);
    expect(toDepartBody({ departName: '根' }, { parentId: null }).parentId).toBe('');
    const edit = toDepartBody({ departName: '研发部', orgCode: 'A01', parentId: 'x' }, { id: 'd1' });
    expect(edit).toMatchObject({ id: 'd1', departName: '研发部' });
    expect('parentId' in edit || 'orgCode' in edit).toBe(false);
  });

  it('defaults: top level is a company, a child a department', () => {
    expect(newDepartValues(null)).toMatchObject({ orgCategory: '1', status: '1' });
    expect(newDepartValues('p')).toMatchObject({ orgCategory: '2' });
  });
});
