import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Modal, Space, Spin, Tree } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { queryDepartTree, searchDeparts, type DepartNode } from './api';
import { PickerEmpty } from './PickerEmpty';
import {
  checkedKeysOf,
  errorText,
  failureOf,
  joinValue,
  LABEL_DICT,
  PICKER,
  PICKER_MSG,
  pickedDeparts,
  splitValue,
  type PickerTreeNode,
  type TreeChecked,
} from './rules';
import { SelectedBox } from './SelectedBox';
import type { ModalPickerOptions, PickerValueProps } from './TablePickerField';
import { useLabels } from './useLabels';
import { MSG } from '../../messages';

/** A picked department: the stored value is `id`, the text `departName` (001 §3 defaults). */
export interface PickedDepart {
  id: string;
  departName: string;
}

function toTree(nodes: DepartNode[] | null | undefined): PickerTreeNode[] {
  return (nodes ?? []).map((n) => ({ key: n.id, title: n.departName, ...(n.children?.length ? { children: toTree(n.children) } : {}) }));
}

export interface DepartModalProps {
  open: boolean;
  multi?: boolean;
  /** Ids checked when the modal opens. */
  selected: string[];
  onOk(departs: PickedDepart[]): void;
  onCancel(): void;
}

/**
 * The department modal (001 §2, §4): a name search run on Enter, a checkable tree, an empty state, and in multi
 * mode a footer dropdown with the tree operations 父子关联 (linked) and 取消关联 (unlinked, the default: strict
 * checking). Width 500 (001 §9).
 */
export function DepartModal({ open, multi = true, selected, onOk, onCancel }: DepartModalProps) {
  const [tree, setTree] = useState<PickerTreeNode[]>([]);
  const [loading, setLoading] = useState(false);
  /** The server's message when the tree or the search gave nothing (未查询匹配数据！, 510 …). */
  const [failure, setFailure] = useState<string>();
  const [checked, setChecked] = useState<string[]>([]);
  /** 001 §4: unlinked (strict check) is the default. */
  const [strict, setStrict] = useState(true);
  const [known, setKnown] = useState<PickerTreeNode[]>([]);

  const load = useCallback(async (keyWord: string) => {
    setLoading(true);
    try {
      const r = keyWord.trim() ? await searchDeparts(keyWord.trim()) : await queryDepartTree();
      const t = r.success ? toTree(r.result) : [];
      setFailure(failureOf(r));
      setTree(t);
      if (t.length) setKnown((k) => [...k, ...t]);
    } catch (e) {
      setFailure(errorText(e));
      setTree([]);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (!open) return;
    setChecked(selected);
    setStrict(true);
    void load('');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onCheck = (value: TreeChecked) => {
    const keys = checkedKeysOf(value);
    // Single mode keeps the last checked department only.
    setChecked(multi ? keys : keys.filter((k) => !checked.includes(k)).slice(-1));
  };

  const footer = (
    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
      {multi ? (
        <Dropdown
          menu={{
            items: [
              { key: 'linked', label: PICKER_MSG.linked },
              { key: 'unlinked', label: PICKER_MSG.unlinked },
            ],
            selectable: true,
            selectedKeys: [strict ? 'unlinked' : 'linked'],
            onClick: ({ key }) => setStrict(key === 'unlinked'),
          }}
        >
          <Button data-testid="depart-tree-ops">
            树操作 <DownOutlined />
          </Button>
        </Dropdown>
      ) : (
        <span />
      )}
      <Space>
        <Button onClick={onCancel}>取消</Button>
        <Button type="primary" onClick={() => onOk(pickedDeparts(checked, known))}>
          确定
        </Button>
      </Space>
    </Space>
  );

  return (
    <Modal open={open} title={PICKER_MSG.selectDepart} width={PICKER.departWidth} onCancel={onCancel} footer={footer} destroyOnHidden>
      <div data-testid="depart-modal">
        <Input.Search placeholder="请输入部门名称按回车进行搜索" allowClear onSearch={(v) => void load(v)} style={{ marginBottom: 8 }} />
        <Spin spinning={loading}>
          {tree.length ? (
            <Tree
              checkable
              checkStrictly={strict}
              defaultExpandAll
              key={tree.map((n) => n.key).join()}
              treeData={tree}
              checkedKeys={strict ? { checked, halfChecked: [] } : checked}
              onCheck={(v) => onCheck(v as TreeChecked)}
              style={{ maxHeight: 400, overflow: 'auto' }}
            />
          ) : (
            <PickerEmpty failure={failure} />
          )}
        </Spin>
      </div>
    </Modal>
  );
}

/**
 * Department picker (001 §2): the chosen departments as tags and a button opening the DepartModal. The value
 * is the department ids, comma-joined; `onChange` also gets `{id, departName}` of each.
 *
 * ```tsx
 * <Form.Item name="departIds" label="部门" rules={[{ required: true, message: '请选择部门' }]}><DepartPicker /></Form.Item>
 * ```
 */
export function DepartPicker(props: PickerValueProps<PickedDepart> & ModalPickerOptions & { testId?: string }) {
  const [open, setOpen] = useState(!!props.defaultOpen);
  const [names, setNames] = useState<Record<string, string>>({});
  const labels = useLabels(props.value, names, LABEL_DICT.depart);
  const multi = props.multi ?? true;
  return (
    <>
      <SelectedBox
        value={props.value}
        labels={labels}
        placeholder={props.placeholder ?? MSG.selectDepart}
        disabled={props.disabled}
        maxTagCount={props.maxTagCount}
        buttonLabel={PICKER_MSG.selectDepart}
        data-testid={props.testId}
        onOpen={() => setOpen(true)}
        onRemove={(part) => props.onChange?.(part === null ? '' : joinValue(splitValue(props.value).filter((v) => v !== part)), [])}
      />
      <DepartModal
        open={open}
        multi={multi}
        selected={splitValue(props.value)}
        onCancel={() => setOpen(false)}
        onOk={(departs) => {
          setNames((n) => ({ ...n, ...Object.fromEntries(departs.map((d) => [d.id, d.departName])) }));
          props.onChange?.(joinValue(departs.map((d) => d.id)), departs);
          setOpen(false);
        }}
      />
    </>
  );
}
