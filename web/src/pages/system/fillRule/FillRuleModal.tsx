/**
 * 新增 / 编辑 a fill rule: 规则名称, 规则Code, then 规则实现类 chosen from the built-in generators (never typed) and
 * 规则参数, a JSON object checked here and again on the server (the generator's own parameters).
 */
import type { ReactNode } from 'react';
import { Form, Input, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { FILL_RULE_GENERATORS, fillRuleEntity, fillRuleGenerator, type EntityDef } from '@pk/contract';
import { FormModal, type EntityRow, type FormModalProps } from '../../../crud';

const SPECIAL = new Set(['ruleClass', 'ruleParams']);
/** The definition without the two fields this dialog renders itself. */
const formEntity: EntityDef = { ...fillRuleEntity, fields: fillRuleEntity.fields.filter((f) => !SPECIAL.has(f.prop)) };

export const GENERATOR_OPTIONS = Object.entries(FILL_RULE_GENERATORS).map(([value, g]) => ({ value, label: `${g.name}（${value}）` }));

/** Empty, or a JSON object (the generator checks its keys on the server). */
export const paramsRule: Rule = {
  validator: async (_r, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text) return;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      throw new Error('规则参数须为JSON对象，如 {"prefix":"CN"}');
    }
    if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('规则参数须为JSON对象，如 {"prefix":"CN"}');
  },
};

function ruleClassItems(): ReactNode {
  return (
    <>
      <Form.Item name="ruleClass" label="规则实现类" rules={[{ required: true, message: '请选择规则实现类!' }]}>
        <Select placeholder="请选择规则实现类" options={GENERATOR_OPTIONS} />
      </Form.Item>
      <Form.Item noStyle dependencies={['ruleClass']}>
        {({ getFieldValue }) => {
          const gen = fillRuleGenerator(getFieldValue('ruleClass'));
          const hint = gen ? `例如 ${FILL_RULE_GENERATORS[gen].params}，生成 ${FILL_RULE_GENERATORS[gen].example}` : undefined;
          return (
            <Form.Item name="ruleParams" label="规则参数" extra={hint} rules={[paramsRule, { max: 200, message: '规则参数长度不能超过200个字符!' }]}>
              <Input.TextArea rows={3} placeholder="JSON对象，可为空" />
            </Form.Item>
          );
        }}
      </Form.Item>
    </>
  );
}

/** A stored original Java class name opens as its generator. */
function fillValues(values: Record<string, unknown>, record: EntityRow | null): Record<string, unknown> {
  if (!record) return { ...values, ruleClass: 'OrderNumberRule', ruleParams: FILL_RULE_GENERATORS.OrderNumberRule.params };
  return { ...values, ruleClass: fillRuleGenerator(String(record.ruleClass ?? '')) ?? undefined, ruleParams: record.ruleParams ?? '' };
}

function fillBody(body: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  return { ...body, ruleClass: values.ruleClass, ruleParams: typeof values.ruleParams === 'string' ? values.ruleParams.trim() : '' };
}

export function FillRuleModal(props: FormModalProps): ReactNode {
  return <FormModal {...props} entity={formEntity} extraItemsAfter={ruleClassItems} formValues={fillValues} toBody={fillBody} />;
}
