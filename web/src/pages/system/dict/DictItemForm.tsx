/**
 * The add/edit dialog of a dictionary item (the original DictItemModal): 名称, 数据值 (checked free inside the
 * dictionary as the user types, `GET /sys/dictItem/dictItemCheck`), 描述, 排序值, 是否启用.
 */
import type { ReactNode } from 'react';
import { Form, Input, InputNumber, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { http, HttpError } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import { FormDialog } from '../../../crud/FormDialog';
import { useDialogForm } from '../../../crud/useDialogForm';
import { dictItemEntity } from './data';

export const DICT_ITEM_CHECK_URL = '/sys/dictItem/dictItemCheck';

/**
 * The 数据值 rule: only with a value; the server's message when it is taken. The save itself keeps a taken value (the
 * original's does, contract §6.2), so this check is what tells the user; without an answer the value is let through.
 */
export function itemValueRule(dictId: string, id?: string): Rule {
  return {
    validator: async (_r, value: unknown) => {
      const itemValue = typeof value === 'string' ? value.trim() : '';
      if (!itemValue) return;
      try {
        const res = await http.get<unknown>(DICT_ITEM_CHECK_URL, id ? { dictId, itemValue, id } : { dictId, itemValue }, { silent: true });
        if (!res.success && res.code !== 510) throw new Error(res.message || '该值不可用，系统中已存在！');
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
      }
    },
  };
}

interface Props {
  dictId: string;
  open: boolean;
  record: EntityRow | null;
  onClose: () => void;
  onSaved: () => void;
}

interface Values {
  itemText: string;
  itemValue: string;
  description?: string | null;
  sortOrder?: number | null;
  enabled: boolean;
}

export function DictItemForm({ dictId, open, record, onClose, onSaved }: Props): ReactNode {
  const id = record?.id ? String(record.id) : undefined;
  const { form, modalProps } = useDialogForm<Values>({
    open,
    record,
    initial: () => ({
      itemText: (record?.itemText as string) ?? '',
      itemValue: (record?.itemValue as string) ?? '',
      description: (record?.description as string) ?? '',
      sortOrder: (record?.sortOrder as number | null) ?? 1,
      enabled: record ? Number(record.status) === 1 : true,
    }),
    send: (v) => {
      const body = {
        itemText: v.itemText.trim(),
        itemValue: v.itemValue.trim(),
        description: v.description?.trim() || null,
        sortOrder: v.sortOrder ?? null,
        status: v.enabled ? 1 : 0,
      };
      return id ? http.put<unknown>(`${dictItemEntity.api}/edit`, { ...body, id }) : http.post<unknown>(`${dictItemEntity.api}/add`, { ...body, dictId });
    },
    onClose,
    onSaved,
  });

  return (
    <FormDialog title={id ? '编辑' : '新增'} open={open} onClose={onClose} form={form} name="dictItem-form" modalProps={modalProps} width={600}>
      <Form.Item
        name="itemText"
        label="名称"
        rules={[
          { required: true, whitespace: true, message: '请输入名称!' },
          { max: 100, message: '名称长度不能超过100个字符!' },
        ]}
      >
        <Input placeholder="请输入名称" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="itemValue"
        label="数据值"
        validateDebounce={300}
        rules={[
          { required: true, whitespace: true, message: '请输入数据值!' },
          { max: 100, message: '数据值长度不能超过100个字符!' },
          itemValueRule(dictId, id),
        ]}
      >
        <Input placeholder="请输入数据值" maxLength={100} />
      </Form.Item>
      <Form.Item name="description" label="描述" rules={[{ max: 255, message: '描述长度不能超过255个字符!' }]}>
        <Input placeholder="请输入描述" />
      </Form.Item>
      <Form.Item name="sortOrder" label="排序值" extra="值越小越靠前">
        <InputNumber placeholder="请输入排序值" min={0} max={999999999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="enabled" label="是否启用" valuePropName="checked">
        <Switch checkedChildren="启用" unCheckedChildren="不启用" />
      </Form.Item>
    </FormDialog>
  );
}
