/**
 * The 题库 dialog: the generated fields of the question, with `options` edited as a sub-table (QuestionOptionsEditor)
 * shown for single and multiple choice questions. The answer names option keys (单选 `A`, 多选 `A,C`), 判断 `true` /
 * `false`, 填空 the text; the server checks it against the options and answers a clear message.
 */
import type { ReactNode } from 'react';
import { Form } from 'antd';
import { questionBankEntity, type EntityDef } from '@pk/contract';
import { FormModal, type FormModalProps } from '../../../crud';
import { QuestionOptionsEditor, optionsProblem } from './QuestionOptionsEditor';
import { CHOICE_TYPES, formatOptions, parseOptions, type QuestionOption } from './options';

/** The entity as the generated part of the dialog sees it: `options` is this dialog's own item. */
const formEntity: EntityDef = { ...questionBankEntity, fields: questionBankEntity.fields.map((f) => (f.prop === 'options' ? { ...f, form: false } : f)) };

/** A new question opens with two empty options. */
const NEW_OPTIONS: QuestionOption[] = [
  { key: 'A', text: '' },
  { key: 'B', text: '' },
];

const isChoice = (type: unknown) => CHOICE_TYPES.includes(Number(type));

const ANSWER_HELP: Record<number, string> = {
  1: '单选题填一个选项，如 A',
  2: '多选题填多个选项，以逗号分隔，如 A,C',
  3: '判断题填 true（正确）或 false（错误）',
  4: '填空题填标准答案',
};

export function QuestionModal(props: FormModalProps): ReactNode {
  return (
    <FormModal
      {...props}
      entity={formEntity}
      formValues={(values, record) => ({ ...values, optionList: record ? parseOptions(record.options) : NEW_OPTIONS })}
      toBody={(body, values) => ({
        ...body,
        options: isChoice(values.questionType) ? formatOptions((values.optionList as QuestionOption[] | undefined) ?? []) : '',
      })}
      extraItemsAfter={() => (
        <Form.Item noStyle shouldUpdate={(a, b) => a.questionType !== b.questionType}>
          {({ getFieldValue }) => {
            const type = getFieldValue('questionType');
            return (
              <>
                {isChoice(type) && (
                  <Form.Item
                    name="optionList"
                    label="选项"
                    required
                    rules={[
                      {
                        validator: async (_r, v: QuestionOption[] | undefined) => {
                          const problem = optionsProblem(v);
                          if (problem) throw new Error(problem);
                        },
                      },
                    ]}
                  >
                    <QuestionOptionsEditor />
                  </Form.Item>
                )}
                {ANSWER_HELP[Number(type)] && (
                  <Form.Item label="答案说明">
                    <span style={{ color: 'rgba(0,0,0,0.45)' }}>{ANSWER_HELP[Number(type)]}</span>
                  </Form.Item>
                )}
              </>
            );
          }}
        </Form.Item>
      )}
    />
  );
}
