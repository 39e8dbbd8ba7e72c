/**
 * 系统校验规则 — menu component `system/SysCheckRuleList` (contract §6.4): the rule list, the dialog with the rules
 * editor, and per row 功能测试 (checkByCode on a typed value).
 */
import type { ReactNode } from 'react';
import { checkRuleEntity } from '@pk/contract';
import { ListPage } from '../../../crud';
import { CheckRuleModal } from './CheckRuleModal';
import { CheckRuleTestModal } from './CheckRuleTestModal';
import { useTestAction } from './useTestAction';

export default function SysCheckRuleList(): ReactNode {
  const { testing, close, extraActions } = useTestAction();
  return (
    <>
      <ListPage entity={checkRuleEntity} extraActions={extraActions} renderForm={(props) => <CheckRuleModal {...props} />} />
      <CheckRuleTestModal ruleCode={testing} onClose={close} />
    </>
  );
}
