/**
 * 新增 / 编辑 a menu (contract §4.2): the fields follow the menu type (./menuForm.ts), the parent is picked in a
 * tree select of menus. Width 800 like the other edit dialogs.
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import type { Rule } from 'antd/es/form';
import { MenuIcon } from '../../../components/MenuIcon';
import type { UiTreeNode } from '../../../components/DepartTree';
import { useFormSubmit } from '../../../crud/useFormSubmit';
import {
  MENU_TYPE_OPTIONS,
  fieldLabel,
  parentTree,
  requiredFields,
  toMenuBody,
  visibleFields,
  type MenuField,
  type MenuFormValues,
  type MenuNode,
  type MenuType,
} from './menuForm';
import { saveMenu } from './service';
import { FormDialog } from '../../../crud/FormDialog';

export interface MenuModalProps {
  open: boolean;
  /** The menu being edited (its id), or null to add. */
  editingId: string | null;
  initial: MenuFormValues;
  tree: UiTreeNode<MenuNode>[];
  onClose: () => void;
  onSaved: () => void;
}

const SWITCHES: Partial<Record<MenuField, [string, string]>> = {
  route: ['是', '否'],
  hidden: ['是', '否'],
  alwaysShow: ['是', '否'],
  keepAlive: ['是', '否'],
  internalOrExternal: ['外部', '内部'],
};

function rulesOf(f: MenuField, type: MenuType): Rule[] {
  if (!requiredFields(type).includes(f)) return [];
  return [{ required: true, whitespace: f !== 'parentId', message: `${f === 'parentId' ? '请选择' : '请输入'}${fieldLabel(f, type)}!` }];
}

export function MenuModal({ open, editingId, initial, tree, onClose, onSaved }: MenuModalProps): ReactNode {
  const [form] = Form.useForm<MenuFormValues>();
  const type = (Form.useWatch('menuType', form) ?? initial.menuType ?? 0) as MenuType;
  const icon = Form.useWatch('icon', form) as string | undefined;
  const parents = useMemo(() => parentTree(tree, editingId), [tree, editingId]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initial);
  }, [open, initial, form]);

  const { modalProps } = useFormSubmit({
    validate: () => form.validateFields(),
    send: (values) => saveMenu(toMenuBody({ ...values, menuType: type }, editingId ?? undefined)),
    onSuccess: () => {
      onClose();
      onSaved();
    },
  });

  function control(f: MenuField): ReactNode {
    const sw = SWITCHES[f];
    if (sw) return <Switch checkedChildren={sw[0]} unCheckedChildren={sw[1]} />;
    switch (f) {
      case 'parentId':
        return (
          <TreeSelect
            treeData={parents}
            fieldNames={{ label: 'name', value: 'id', children: 'children' }}
            placeholder="请选择上级菜单"
            showSearch
            treeNodeFilterProp="name"
            allowClear
            treeDefaultExpandAll={false}
            styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
          />
        );
      case 'sortNo':
        return <InputNumber placeholder="请输入菜单排序" style={{ width: 200 }} />;
      case 'permsType':
        return (
          <Radio.Group
            options={[
              { value: '1', label: '可见/可访问(授权后可见/可访问)' },
              { value: '2', label: '可编辑(未授权时禁用)' },
            ]}
          />
        );
      case 'status':
        return (
          <Radio.Group
            options={[
              { value: '1', label: '有效' },
              { value: '0', label: '无效' },
            ]}
          />
        );
      case 'icon':
        return <Input placeholder="请输入菜单图标, 如 setting" maxLength={100} suffix={<MenuIcon name={icon} />} />;
      case 'perms':
        return <Input placeholder="多个用逗号分隔, 如: user:list,user:create" maxLength={1000} />;
      case 'componentName':
        return <Input placeholder="请输入组件名称" maxLength={100} />;
      default:
        return <Input placeholder={`请输入${fieldLabel(f, type)}`} maxLength={255} />;
    }
  }

  return (
    <FormDialog title={editingId ? '编辑' : '新增'} open={open} onClose={onClose} form={form} name="menu-form" modalProps={modalProps}>
      <Form.Item name="menuType" label="菜单类型">
        <Radio.Group options={MENU_TYPE_OPTIONS} />
      </Form.Item>
      {visibleFields(type).map((f) => (
        <Form.Item
          key={f}
          name={f}
          label={fieldLabel(f, type)}
          rules={rulesOf(f, type)}
          valuePropName={SWITCHES[f] ? 'checked' : 'value'}
          extra={f === 'componentName' && editingId ? '不填写则保持原值' : undefined}
        >
          {control(f)}
        </Form.Item>
      ))}
    </FormDialog>
  );
}
