/**
 * 系统编码规则 — menu component `system/SysFillRuleList` (contract §6.5): the rule list (规则实现类 shown by its
 * generator's name), the dialog choosing a built-in generator, and per row 功能测试 (a generated value).
 */
import type { ReactNode } from 'react';
import { FILL_RULE_GENERATORS, fillRuleEntity, fillRuleGenerator } from '@pk/contract';
import { ListPage, type ColumnOverrides } from '../../../crud';
import { useTestAction } from '../checkRule/useTestAction';
import { FillRuleModal } from './FillRuleModal';
import { FillRuleTestModal } from './FillRuleTestModal';

const columns: ColumnOverrides = {
  ruleClass: {
    render: (v: unknown) => {
      const gen = fillRuleGenerator(typeof v === 'string' ? v : '');
      return gen ? FILL_RULE_GENERATORS[gen].name : `未知规则（${String(v ?? '')}）`;
    },
  },
};

export default function SysFillRuleList(): ReactNode {
  const { testing, close, extraActions } = useTestAction();
  return (
    <>
      <ListPage entity={fillRuleEntity} columns={columns} extraActions={extraActions} renderForm={(props) => <FillRuleModal {...props} />} />
      <FillRuleTestModal ruleCode={testing} onClose={close} />
    </>
  );
}
