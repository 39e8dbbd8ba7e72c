/**
 * 题库 — menu component `game/QuestionBankList` (issue 13): the question list (options shown as `A. … / B. …`) and
 * the question dialog with its options sub-table.
 */
import type { ReactNode } from 'react';
import { questionBankEntity } from '@pk/contract';
import { ListPage } from '../../../crud';
import { QuestionModal } from './QuestionModal';
import { optionsText } from './options';

export default function QuestionBankList(): ReactNode {
  return (
    <ListPage
      entity={questionBankEntity}
      columns={{ options: { render: (v: unknown) => optionsText(v), ellipsis: true, width: 260 }, title: { ellipsis: true } }}
      renderForm={(props) => <QuestionModal {...props} />}
    />
  );
}
