import { Col, Modal, Row as GridRow, Tree, type TableColumnType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { listSource } from '../../crud/listSource';
import { useListController } from '../../crud/useListController';
import { RemoteTable } from '../../crud/RemoteTable';
import { queryDepartTree, queryUserComponentData, type DepartNode, type UserRow } from './api';
import { PickerEmpty } from './PickerEmpty';
import { pickerRequest } from './pickerRequest';
import { errorText, failureOf, joinValue, LABEL_DICT, PICKER, PICKER_MSG, splitValue, type PickerTreeNode } from './rules';
import { SelectedBox } from './SelectedBox';
import type { ModalPickerOptions, PickerValueProps } from './TablePickerField';
import { useLabels } from './useLabels';
import { MSG } from '../../messages';

/** 001 §3 user row: sex 1 male, 2 female. */
const SEX: Record<string, string> = { '1': '男', '2': '女' };

function toTree(nodes: DepartNode[] | null | undefined): PickerTreeNode[] {
  return (nodes ?? []).map((n) => ({ key: n.id, title: n.departName, ...(n.children?.length ? { children: toTree(n.children) } : {}) }));
}

export interface UserByDepartModalProps {
  open: boolean;
  multi?: boolean;
  /** Usernames chosen when the modal opens. */
  selected: string[];
  onOk(users: UserRow[]): void;
  onCancel(): void;
}

/** The user directory `/sys/user/queryUserComponentData` (departId, username, pageNo, pageSize); a refusal rejects with its message. */
const directorySource = listSource<UserRow>({
  key: ['picker', 'user-by-depart'],
  request: pickerRequest(queryUserComponentData),
});

const COLUMNS: TableColumnType<UserRow>[] = [
  { title: '用户账号', dataIndex: 'username' },
  { title: '用户姓名', dataIndex: 'realname' },
  { title: '性别', dataIndex: 'sex', render: (v) => SEX[String(v)] ?? '' },
  // The directory sends the phone only to callers holding user:list (ACCESS.md); empty for the others.
  { title: '手机', dataIndex: 'phone' },
  { title: '部门', dataIndex: 'orgCodeTxt' },
];

const SEARCH = [{ name: 'username', label: '账号' }];

/**
 * 选择用户 by department (001 §2): the department tree on the left; on the right an account search with
 * 查询 / 重置 and the user table (account, real name, sex, phone, department) of the directory, on RemoteTable.
 */
export function UserByDepartModal({ open, multi = true, selected, onOk, onCancel }: UserByDepartModalProps) {
  const [tree, setTree] = useState<PickerTreeNode[]>([]);
  /** Why the tree is empty when the server refused it (shown in place of 暂无数据). */
  const [treeFailure, setTreeFailure] = useState<string>();
  const [departId, setDepartId] = useState<string>('');
  const extraParams = useMemo(() => (departId ? { departId } : null), [departId]);
  const list = useListController(directorySource, { enabled: open, extraParams, keepSelection: true });
  const { applySearch, setSelectedRowKeys } = list;
  /** Every user seen while open: the chosen users of other pages are handed back whole. */
  const seen = useRef(new Map<string, UserRow>());
  for (const r of list.records) seen.current.set(r.username, r);

  useEffect(() => {
    if (!open) return;
    seen.current.clear();
    setSelectedRowKeys(selected);
    setDepartId('');
    applySearch({});
    void queryDepartTree()
      .then((r) => {
        setTreeFailure(failureOf(r));
        setTree(r.success ? toTree(r.result) : []);
      })
      .catch((e: unknown) => setTreeFailure(errorText(e)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const ok = () => onOk(list.selectedRowKeys.map((k) => seen.current.get(k) ?? ({ id: k, username: k, realname: k } as UserRow)));

  return (
    <Modal open={open} title={PICKER_MSG.selectUser} width={PICKER.userWidth} onOk={ok} onCancel={onCancel} okText="确定" cancelText="取消" destroyOnHidden>
      <GridRow gutter={12} data-testid="user-by-depart-modal">
        <Col span={6} style={{ maxHeight: 480, overflow: 'auto' }}>
          {treeFailure ? <PickerEmpty failure={treeFailure} /> : null}
          <Tree
            treeData={tree}
            defaultExpandAll
            key={tree.length}
            selectedKeys={departId ? [departId] : []}
            onSelect={(k) => {
              setDepartId(k.length ? String(k[0]) : '');
              list.paging.setPageNo(1);
            }}
          />
        </Col>
        <Col span={18}>
          <RemoteTable<UserRow>
            list={list}
            size="small"
            rowKey="username"
            search={SEARCH}
            columns={COLUMNS}
            selectable={multi ? true : 'radio'}
            tableProps={{ locale: { emptyText: <PickerEmpty failure={list.query.error?.message} /> } }}
          />
        </Col>
      </GridRow>
    </Modal>
  );
}

/**
 * User picker by department (001 §2): tags plus a button opening UserByDepartModal. The value is the usernames,
 * comma-joined; `onChange` also gets the user rows (id, username, realname …).
 *
 * ```tsx
 * <Form.Item name="users" label="用户"><UserByDepartPicker /></Form.Item>
 * ```
 */
export function UserByDepartPicker(props: PickerValueProps<UserRow> & ModalPickerOptions & { testId?: string }) {
  const [open, setOpen] = useState(!!props.defaultOpen);
  const [names, setNames] = useState<Record<string, string>>({});
  const labels = useLabels(props.value, names, LABEL_DICT.user);
  return (
    <>
      <SelectedBox
        value={props.value}
        labels={labels}
        placeholder={props.placeholder ?? MSG.selectUser}
        disabled={props.disabled}
        maxTagCount={props.maxTagCount}
        buttonLabel={PICKER_MSG.selectUser}
        data-testid={props.testId}
        onOpen={() => setOpen(true)}
        onRemove={(part) => props.onChange?.(part === null ? '' : joinValue(splitValue(props.value).filter((v) => v !== part)), [])}
      />
      <UserByDepartModal
        open={open}
        multi={props.multi ?? true}
        selected={splitValue(props.value)}
        onCancel={() => setOpen(false)}
        onOk={(users) => {
          setNames((n) => ({ ...n, ...Object.fromEntries(users.map((u) => [u.username, u.realname])) }));
          props.onChange?.(joinValue(users.map((u) => u.username)), users);
          setOpen(false);
        }}
      />
    </>
  );
}
