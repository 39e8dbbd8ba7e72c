import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { positionEntity, type EntityDef } from '@pk/contract';
import { buildFormBody, toFormValues } from './formBody';
import { fieldRules } from './FormModal';

const entity: EntityDef = {
  key: 'demo',
  title: '示例',
  api: '/demo',
  perm: 'demo',
  fields: [
    { prop: 'name', label: '名称', type: 'string', required: true, maxLength: 10 },
    { prop: 'birthday', label: '生日', type: 'date' },
    { prop: 'startTime', label: '开始时间', type: 'datetime', required: true },
    { prop: 'level', label: '等级', type: 'number', dict: 'level' },
    { prop: 'createTime', label: '创建时间', type: 'datetime', form: false },
  ],
};

describe('buildFormBody', () => {
  it('formats dates as yyyy-MM-dd and datetimes as yyyy-MM-dd HH:mm:ss', () => {
    const body = buildFormBody(entity, { name: 'a', birthday: dayjs('1990-05-06 13:14:15'), startTime: dayjs('2024-01-02 03:04:05') });
    expect(body).toEqual({ name: 'a', birthday: '1990-05-06', startTime: '2024-01-02 03:04:05' });
  });

  it('keeps declared form fields only and adds the id when editing', () => {
    const body = buildFormBody(entity, { name: 'a', createTime: '2020-01-01 00:00:00', hacker: 'x', id: 'forged', level: '2' }, '42');
    expect(body).toEqual({ name: 'a', level: '2', id: '42' });
  });

  it('sends no id when adding, trims text and passes null through to clear a field', () => {
    expect(buildFormBody(entity, { name: ' b ', birthday: null })).toEqual({ name: 'b', birthday: null });
  });

  it('builds the position body', () => {
    expect(buildFormBody(positionEntity, { code: 'c1', name: '经理', postRank: '3' }, '7')).toEqual({
      code: 'c1',
      name: '经理',
      postRank: '3',
      id: '7',
    });
  });
});

describe('toFormValues', () => {
  it('turns date strings into Dayjs, numeric dict values into strings, and drops non-form fields', () => {
    const v = toFormValues(entity, { id: '1', name: 'a', birthday: '1990-05-06', level: 2, createTime: '2020-01-01 00:00:00' });
    expect(Object.keys(v).sort()).toEqual(['birthday', 'level', 'name']);
    expect(dayjs.isDayjs(v.birthday)).toBe(true);
    expect(v.level).toBe('2');
  });
});

describe('fieldRules', () => {
  it('says 请输入 for typed fields and 请选择 for dict and date fields', () => {
    expect(fieldRules(entity.fields[0])).toEqual([
      { required: true, message: '请输入名称!', whitespace: true },
      { max: 10, message: '名称长度不能超过10个字符!' },
    ]);
    expect(fieldRules(entity.fields[2])[0]).toMatchObject({ required: true, message: '请选择开始时间!' });
    expect(fieldRules(positionEntity.fields[2])[0]).toMatchObject({ message: '请选择职级!' });
  });
});
