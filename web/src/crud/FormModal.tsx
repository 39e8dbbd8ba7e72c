/**
 * The add/edit dialog of an entity, built from its FieldDefs (`form !== false`).
 * `record` null → 新增 (POST `{api}/add`); a row → 编辑 (PUT `{api}/edit`, body = declared fields + id).
 * The server message is shown; on success the dialog closes and `onSaved` reloads the list.
 * A page may add form items before the generated ones (`extraItems`), adjust the opening values (`formValues`)
 * and the body (`toBody`), e.g. the tenant dialog's typed 租户编号.
 *
 * @example
 *   <FormModal entity={positionEntity} open={open} record={row} onClose={close} onSaved={reload} />
 */
import type { ReactNode } from 'react';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
import type { EntityDef, FieldDef } from '@pk/contract';
import { http } from '../api/request';
import { buildFormBody, formFields, toFormValues, type EntityRow } from './formBody';
import { FieldInput, isChoiceField } from './fields';
import { useDialogForm } from './useDialogForm';
import { formatRule } from './formatRule';
import { FormDialog } from './FormDialog';
import { uniqueRules } from './duplicateRule';
import { checkRules } from './checkRuleValidator';

export interface FormModalProps {
  entity: EntityDef;
  open: boolean;
  /** The row being edited, or null to add. */
  record: EntityRow | null;
  onClose: () => void;
  /** Called after a successful save (the dialog is already closing). */
  onSaved: () => void;
  width?: number;
}

/** How a page extends the generated dialog (all optional). */
export interface FormModalExtension {
  /** Form items shown before the generated fields. */
  extraItems?: (editing: boolean) => ReactNode;
  /** Form items shown after the generated fields. */
  extraItemsAfter?: (editing: boolean) => ReactNode;
  /** The values the form opens with, from the ones of the row (defaults, extra fields). */
  formValues?: (values: Record<string, unknown>, record: EntityRow | null) => Record<string, unknown>;
  /** The body sent, from the one built of the declared fields (extra fields). */
  toBody?: (body: Record<string, unknown>, values: Record<string, unknown>, editing: boolean) => Record<string, unknown>;
}

/** Validation rules of a field: required (`请输入{label}!` / `请选择{label}!`), maxLength, a contact format and a check rule. */
export function fieldRules(f: FieldDef): Rule[] {
  const rules: Rule[] = [];
  if (f.required) {
    // a number (InputNumber) or a date (a dayjs object) is no string: async-validator's default rule type ('string') refused it
    const type = f.dict ? undefined : f.type === 'number' ? ('number' as const) : f.type === 'date' || f.type === 'datetime' ? ('object' as const) : undefined;
    rules.push({
      required: true,
      message: `${isChoiceField(f) ? '请选择' : '请输入'}${f.label}!`,
      whitespace: !isChoiceField(f) && !type,
      ...(type ? { type } : {}),
    });
  }
  if (f.maxLength && !isChoiceField(f) && f.type !== 'number') {
    rules.push({ max: f.maxLength, message: `${f.label}长度不能超过${f.maxLength}个字符!` });
  }
  if (f.format) rules.push(formatRule(f.format));
  rules.push(...checkRules(f));
  return rules;
}

export function FormModal({
  entity,
  open,
  record,
  onClose,
  onSaved,
  width = 800,
  extraItems,
  extraItemsAfter,
  formValues,
  toBody,
}: FormModalProps & FormModalExtension): ReactNode {
  const editing = !!record?.id;
  const { form, modalProps } = useDialogForm<Record<string, unknown>>({
    open,
    record,
    initial: () => {
      const values = toFormValues(entity, record);
      return formValues ? formValues(values, record) : values;
    },
    send: (values) => {
      const built = buildFormBody(entity, values, editing ? String(record?.id) : undefined);
      const body = toBody ? toBody(built, values, editing) : built;
      return editing ? http.put<unknown>(`${entity.api}/edit`, body) : http.post<unknown>(`${entity.api}/add`, body);
    },
    onClose,
    onSaved,
  });

  return (
    <FormDialog title={editing ? '编辑' : '新增'} open={open} onClose={onClose} form={form} name={`${entity.key}-form`} modalProps={modalProps} width={width}>
      {extraItems?.(editing)}
      {formFields(entity).map((f) => (
        <Form.Item key={f.prop} name={f.prop} label={f.label} rules={[...fieldRules(f), ...uniqueRules(entity, f, editing ? String(record?.id) : undefined)]}>
          {f.ref ? (
            <FieldInput field={f} disabled={editing && f.fixedOnEdit} valueText={(record?.[`${f.prop}_dictText`] as string | undefined) ?? null} />
          ) : (
            <FieldInput field={f} disabled={editing && f.fixedOnEdit} />
          )}
        </Form.Item>
      ))}
      {extraItemsAfter?.(editing)}
    </FormDialog>
  );
}
