/**
 * 新增 / 编辑 a check rule: 规则名称, 规则Code, 规则描述 from the definition, then the rules editor; the rule JSON
 * is built from the two lists (the server checks it again: digits, patterns that compile).
 */
import type { ReactNode } from 'react';
import { checkRuleEntity, type EntityDef } from '@pk/contract';
import { FormModal, type EntityRow, type FormModalProps } from '../../../crud';
import { joinRules, splitRules } from './ruleForm';
import { RulesEditor } from './RulesEditor';

/** The definition without the raw JSON field, which the rules editor replaces. */
const formEntity: EntityDef = { ...checkRuleEntity, fields: checkRuleEntity.fields.filter((f) => f.prop !== 'ruleJson') };

const editor = (): ReactNode => <RulesEditor />;

function ruleValues(values: Record<string, unknown>, record: EntityRow | null): Record<string, unknown> {
  return { ...values, ...splitRules(record?.ruleJson) };
}

function ruleBody(body: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  return { ...body, ruleJson: joinRules(values) };
}

export function CheckRuleModal(props: FormModalProps): ReactNode {
  return <FormModal {...props} width={900} entity={formEntity} extraItemsAfter={editor} formValues={ruleValues} toBody={ruleBody} />;
}
