/**
 * The input control for one FieldDef, shared by the search form and the add/edit form.
 * A field with `dict` is a select of the dictionary's items; dates use the pickers in the wire formats.
 */
import type { ReactNode } from 'react';
import { DatePicker, Image, Input, InputNumber, Select } from 'antd';
import type { FieldDef } from '@pk/contract';
import { useDictOptions } from './useDictOptions';
import { DATE_FORMAT, DATETIME_FORMAT } from './query';
import { FileUpload, ImageUpload, fileAccessUrl } from '../components/upload';
import { RichTextEditor } from '../components/editors';
import { RefSelect } from './RefSelect';

/** Selects and pickers say 请选择, typed inputs 请输入 (the JeecgBoot wording). */
export function isChoiceField(f: FieldDef): boolean {
  return !!f.dict || !!f.ref || f.type === 'date' || f.type === 'datetime';
}

export function placeholderOf(f: FieldDef): string {
  return `${isChoiceField(f) ? '请选择' : '请输入'}${f.label}`;
}

interface DictSelectProps {
  code: string;
  placeholder?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** A select over a dictionary's items; accepts the props antd's Form.Item injects. */
export function DictSelect({ code, ...rest }: DictSelectProps): ReactNode {
  const { options, loading } = useDictOptions(code);
  return (
    <Select
      {...rest}
      value={rest.value === null || rest.value === '' ? undefined : (rest.value as string | undefined)}
      options={options}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 160 }}
    />
  );
}

/** The control of a field in the add/edit form. Extra props from Form.Item (value, onChange, id) pass through. */
export function FieldInput({ field, ...rest }: { field: FieldDef; [k: string]: unknown }): ReactNode {
  const placeholder = placeholderOf(field);
  // issue 13: uploads, rich text and references before the type's own control
  switch (field.widget) {
    case 'image':
      return <ImageUpload number={1} {...rest} />;
    case 'images':
      return <ImageUpload {...rest} />;
    case 'file':
      return <FileUpload {...rest} />;
    case 'editor':
      return <RichTextEditor {...rest} />;
  }
  if (field.ref) return <RefSelect url={field.ref} dict={field.dict} placeholder={placeholder} {...rest} />;
  if (field.dict) return <DictSelect code={field.dict} placeholder={placeholder} {...rest} />;
  switch (field.type) {
    case 'number':
      return <InputNumber placeholder={placeholder} style={{ width: '100%' }} {...rest} />;
    case 'date':
      return <DatePicker placeholder={placeholder} format={DATE_FORMAT} style={{ width: '100%' }} {...rest} />;
    case 'datetime':
      return <DatePicker placeholder={placeholder} showTime format={DATETIME_FORMAT} style={{ width: '100%' }} {...rest} />;
    case 'text':
      return <Input.TextArea placeholder={placeholder} rows={4} maxLength={field.maxLength} {...rest} />;
    default:
      return <Input placeholder={placeholder} maxLength={field.maxLength} {...rest} />;
  }
}

/** The control of a field in the search form: ranges are a date range picker, everything else as in the form. */
export function FilterInput({ field, ...rest }: { field: FieldDef; [k: string]: unknown }): ReactNode {
  if (field.filter === 'range') {
    return <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} format={DATE_FORMAT} {...rest} />;
  }
  if (field.ref) return <RefSelect url={field.ref} dict={field.dict} placeholder={placeholderOf(field)} {...rest} />;
  if (field.dict) return <DictSelect code={field.dict} placeholder={placeholderOf(field)} {...rest} />;
  return <Input placeholder={placeholderOf(field)} allowClear {...rest} />;
}

/** A list cell of an image field (`widget: 'image' | 'images'`): a small thumbnail of the first picture, previewable. */
export function ImageThumb({ value, label }: { value: unknown; label?: string }): ReactNode {
  const first = typeof value === 'string' ? value.split(',').find((p) => p.trim()) : undefined;
  if (!first) return null;
  return <Image src={fileAccessUrl(first)} alt={label ?? '图片'} width={40} height={40} style={{ objectFit: 'cover' }} />;
}
