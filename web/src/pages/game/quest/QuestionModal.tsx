/**
 * The 题库 dialog: 题目, 题型, the options sub-table (QuestionOptionsEditor, for single and multiple choice) and the
 * answer first, then the question's other generated fields. The answer names option keys (单选 `A`, 多选 `A,C`),
 * 判断 `true` / `false`, 填空 the text; the server checks it against the options and answers a clear message.
 */
import type { ReactNode } from 'react';
import { Form } from 'antd';
import { questionBankEntity, type EntityDef, type FieldDef } from '@pk/contract';
import { FormModal, buildFormBody, fieldRules, toFormValues, type FormModalProps } from '../../../crud';
import { FieldInput } from '../../../crud/fields';
import { QuestionOptionsEditor, optionsProblem } from './QuestionOptionsEditor';
import { CHOICE_TYPES, formatOptions, parseOptions, type QuestionOption } from './options';

/** Fields this dialog lays out itself (at the top, around the options table). */
const OWN = ['title', 'questionType', 'options', 'answer'];
const own = (prop: string): FieldDef => questionBankEntity.fields.find((f) => f.prop === prop)!;

/** The entity as the generated part of the dialog sees it: the fields above are this dialog's own items. */
const formEntity: EntityDef = { ...questionBankEntity, fields: questionBankEntity.fields.map((f) => (OWN.includes(f.prop) ? { ...f, form: false } : f)) };

/** The dialog's own fields as an entity (title, type, answer: converted as the generated ones are). */
const questionEntity: EntityDef = { ...questionBankEntity, fields: questionBankEntity.fields.filter((f) => OWN.includes(f.prop) && f.prop !== 'options') };

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

function OwnItem({ prop }: { prop: string }): ReactNode {
  const f = own(prop);
  return (
    <Form.Item name={f.prop} label={f.label} rules={fieldRules(f)}>
      <FieldInput field={f} />
    </Form.Item>
  );
}

function QuestionItems(): ReactNode {
  return (
    <>
      <OwnItem prop="title" />
      <OwnItem prop="questionType" />
      <Form.Item noStyle shouldUpdate={(a, b) => a.questionType !== b.questionType}>
        {({ getFieldValue }) => {
          const type = Number(getFieldValue('questionType'));
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
              <Form.Item name="answer" label="答案" rules={fieldRules(own('answer'))} extra={ANSWER_HELP[type]}>
                <FieldInput field={own('answer')} />
              </Form.Item>
            </>
          );
        }}
      </Form.Item>
    </>
  );
}

export function QuestionModal(props: FormModalProps): ReactNode {
  return (
    <FormModal
      {...props}
      entity={formEntity}
      formValues={(values, record) => ({
        ...values,
        ...toFormValues(questionEntity, record),
        optionList: record ? parseOptions(record.options) : NEW_OPTIONS,
      })}
      toBody={(body, values) => ({
        ...body,
        ...buildFormBody(questionEntity, values),
        options: isChoice(values.questionType) ? formatOptions((values.optionList as QuestionOption[] | undefined) ?? []) : '',
      })}
      extraItems={() => <QuestionItems />}
    />
  );
}
