import { render, act } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { departEntity, tenantEntity, userEntity, positionEntity, roleEntity, signPlaceEntity, type FieldDef } from '@pk/contract';
import { describe, expect, it } from 'vitest';
import { fieldRules } from './FormModal';

// Issue 10 point 18: the department form took `123` as a phone number. Contact fields carry a `format` in their entity
// definition; the form rules (and the server, server/test/fieldFormats.test.ts) check it from one rule set.
const entities = [departEntity, tenantEntity, userEntity, positionEntity, roleEntity];
const contactFields = entities.flatMap((e) => e.fields.filter((f) => /phone|mobile|email|telephone/i.test(f.prop)).map((f) => ({ e: e.key, f })));

async function validate(f: FieldDef, value: string): Promise<string[]> {
  let form!: FormInstance;
  function Probe() {
    [form] = Form.useForm();
    return (
      <Form form={form}>
        <Form.Item name={f.prop} label={f.label} rules={fieldRules(f)}>
          <Input />
        </Form.Item>
      </Form>
    );
  }
  render(<Probe />);
  form.setFieldsValue({ [f.prop]: value });
  let errors: string[] = [];
  await act(async () => {
    errors = await form.validateFields().then(
      () => [],
      (e: { errorFields: { errors: string[] }[] }) => e.errorFields.flatMap((x) => x.errors),
    );
  });
  return errors;
}

describe('contact fields of every entity form', () => {
  it('all carry a format (部门 手机号, 用户 手机号码 / 电子邮件 / 座机号)', () => {
    expect(contactFields.map(({ e, f }) => `${e}.${f.prop}`)).toEqual(['depart.mobile', 'user.phone', 'user.email', 'user.telephone']);
    for (const { e, f } of contactFields) expect(f.format, `${e}.${f.prop}`).toBeDefined();
  });

  it('部门 手机号 refuses 123 and takes a mobile number or nothing', async () => {
    const mobile = departEntity.fields.find((f) => f.prop === 'mobile')!;
    expect(await validate(mobile, '123')).toEqual(['请输入正确格式的手机号码!']);
    expect(await validate(mobile, '13912345678')).toEqual([]);
    expect(await validate(mobile, '')).toEqual([]);
  });

  it('用户 电子邮件 and 座机号 follow their patterns', async () => {
    const field = (p: string) => userEntity.fields.find((f) => f.prop === p)!;
    expect(await validate(field('email'), 'a@b')).toEqual(['请输入正确格式的电子邮件!']);
    expect(await validate(field('email'), 'a.b@example.com')).toEqual([]);
    expect(await validate(field('telephone'), '12345')).toEqual(['请输入正确格式的座机号码!']);
    expect(await validate(field('telephone'), '0571-87654321')).toEqual([]);
    expect(await validate(field('phone'), '12800138000')).toEqual(['请输入正确格式的手机号码!']);
  });

  it('签到点 开放时间 / 关闭时间 take a time of day (HH:mm) or nothing', async () => {
    const field = (p: string) => signPlaceEntity.fields.find((f) => f.prop === p)!;
    expect(await validate(field('openTime'), '9点')).toEqual(['请输入正确格式的时间（HH:mm）!']);
    expect(await validate(field('closeTime'), '24:00')).toEqual(['请输入正确格式的时间（HH:mm）!']);
    expect(await validate(field('openTime'), '09:30')).toEqual([]);
    expect(await validate(field('closeTime'), '')).toEqual([]);
  });
});
