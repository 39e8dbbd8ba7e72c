import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { positionEntity, type EntityDef } from '@pk/contract';
import { buildExportParams, buildFilterParams, buildListParams, buildSortParams } from './query';

const entity: EntityDef = {
  ...positionEntity,
  fields: [
    ...positionEntity.fields,
    { prop: 'birthday', label: '生日', type: 'date', filter: 'range' },
    { prop: 'age', label: '年龄', type: 'number', filter: 'eq' },
    { prop: 'memo', label: '备注', type: 'string' },
  ],
};

describe('buildFilterParams', () => {
  it('wraps like values in asterisks and trims them', () => {
    expect(buildFilterParams(entity, { code: ' ab ', name: 'x' })).toEqual({ code: '*ab*', name: '*x*' });
  });

  it('sends eq values as they are, numbers included', () => {
    expect(buildFilterParams(entity, { postRank: '3', age: 0 })).toEqual({ postRank: '3', age: 0 });
  });

  it('leaves out empty values and fields that are not filters', () => {
    expect(buildFilterParams(entity, { code: '', name: '   ', postRank: undefined, memo: 'm', createTime: null })).toEqual({});
  });

  it('turns a datetime range into whole-day _begin/_end bounds', () => {
    const p = buildFilterParams(entity, { createTime: [dayjs('2024-03-01 10:00:00'), dayjs('2024-03-05')] });
    expect(p).toEqual({ createTime_begin: '2024-03-01 00:00:00', createTime_end: '2024-03-05 23:59:59' });
  });

  it('sends a date range as yyyy-MM-dd and accepts an open end', () => {
    expect(buildFilterParams(entity, { birthday: [dayjs('1990-01-02'), null] })).toEqual({ birthday_begin: '1990-01-02' });
    expect(buildFilterParams(entity, { birthday: ['1990-01-02', '1999-12-31'] })).toEqual({
      birthday_begin: '1990-01-02',
      birthday_end: '1999-12-31',
    });
  });

  it('joins a multi-value eq into a comma list', () => {
    expect(buildFilterParams(entity, { postRank: ['1', '2'] })).toEqual({ postRank: '1,2' });
  });
});

describe('buildSortParams', () => {
  it('maps ascend/descend to asc/desc on sortable columns', () => {
    expect(buildSortParams(entity, { prop: 'code', order: 'ascend' })).toEqual({ column: 'code', order: 'asc' });
    expect(buildSortParams(entity, { prop: 'postRank', order: 'descend' })).toEqual({ column: 'postRank', order: 'desc' });
  });

  it('falls back to the default sort without an order or on an unsortable column', () => {
    expect(buildSortParams(entity, {})).toEqual({ column: 'createTime', order: 'desc' });
    expect(buildSortParams(entity, { prop: 'code', order: null })).toEqual({ column: 'createTime', order: 'desc' });
    expect(buildSortParams(entity, { prop: 'memo', order: 'ascend' })).toEqual({ column: 'createTime', order: 'desc' });
  });

  it('uses createTime desc when the entity declares no default', () => {
    const { defaultSort: _unused, ...bare } = positionEntity;
    expect(buildSortParams(bare, undefined)).toEqual({ column: 'createTime', order: 'desc' });
  });
});

describe('buildListParams / buildExportParams', () => {
  it('combines filters, sort and paging', () => {
    expect(buildListParams(entity, { search: { name: 'a' }, sort: { prop: 'name', order: 'ascend' }, pageNo: 2, pageSize: 20 })).toEqual({
      name: '*a*',
      column: 'name',
      order: 'asc',
      pageNo: 2,
      pageSize: 20,
    });
  });

  it('adds selections to the export params only when rows are selected', () => {
    expect(buildExportParams(entity, { search: { code: 'c' } }, [])).toEqual({ code: '*c*', column: 'createTime', order: 'desc' });
    expect(buildExportParams(entity, { search: {} }, ['1', '2'])).toMatchObject({ selections: '1,2' });
  });
});
