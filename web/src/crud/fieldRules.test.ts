import { describe, expect, it } from 'vitest';
import Schema from '@rc-component/async-validator';
import dayjs from 'dayjs';
import type { FieldDef } from '@pk/contract';
import { fieldRules } from './FormModal';

/** Run a field's rules the way antd's Form does (async-validator) and answer the messages. */
async function errorsOf(f: FieldDef, value: unknown): Promise<string[]> {
  const schema = new Schema({ [f.prop]: fieldRules(f) as never });
  try {
    await schema.validate({ [f.prop]: value });
    return [];
  } catch (e) {
    return ((e as { errors?: Array<{ message: string }> }).errors ?? []).map((x) => x.message);
  }
}

describe('fieldRules: required fields of every type', () => {
  it('a required number (InputNumber) or date (dayjs) field accepts a value and refuses none (issue 13: 人数, 预约日期)', async () => {
    const people: FieldDef = { prop: 'peopleCount', label: '人数', type: 'number', required: true };
    const day: FieldDef = { prop: 'reserveDate', label: '预约日期', type: 'date', required: true };
    expect(await errorsOf(people, 2)).toEqual([]);
    expect(await errorsOf(people, undefined)).toEqual(['请输入人数!']);
    expect(await errorsOf(day, dayjs('2030-01-02'))).toEqual([]);
    expect(await errorsOf(day, null)).toEqual(['请选择预约日期!']);
  });

  it('a required text field still refuses blanks', async () => {
    const name: FieldDef = { prop: 'contactName', label: '联系人', type: 'string', required: true };
    expect(await errorsOf(name, '张三')).toEqual([]);
    expect(await errorsOf(name, '   ')).toEqual(['请输入联系人!']);
  });
});
