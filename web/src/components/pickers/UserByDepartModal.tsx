import { Button, Col, Input, Modal, Row as GridRow, Space, Table, Tree } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { queryDepartTree, queryUserComponentData, type DepartNode, type UserRow } from './api';
import { PickerEmpty } from './PickerEmpty';
import { INITIAL_SORT, listPagination } from '../../crud/listPagination';
import { errorText, failureOf, joinValue, LABEL_DICT, PICKER, PICKER_MSG, splitValue, type PickerTreeNode } from './rules';
import { usePickerPage } from './usePickerPage';
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

/**
 * 选择用户 by department (001 §2): the department tree on the left; on the right an account search with
 * 查询 / 重置 and the user table (account, real name, sex, phone, department) from
 * `/sys/user/queryUserComponentData` (departId, username, pageNo, pageSize).
 */
export function UserByDepartModal({ open, multi = true, selected, onOk, onCancel }: UserByDepartModalProps) {
  const [tree, setTree] = useState<PickerTreeNode[]>([]);
  /** Why the tree or the user list is empty when the server refused it (shown in place of 暂无数据). */
  const [treeFailure, setTreeFailure] = useState<string>();
  const [departId, setDepartId] = useState<string>('');
  const [username, setUsername] = useState('');
  const { rows, total, loading, failure: listFailure, pager, load: loadPageOf } = usePickerPage<UserRow>();
  const [chosen, setChosen] = useState<Map<string, UserRow | null>>(new Map());

  const load = useCallback(
    (p: { current: number; pageSize: number; departId: string; username: string }) =>
      loadPageOf(p, () =>
        queryUserComponentData({ ...INITIAL_SORT, pageNo: p.current, pageSize: p.pageSize, departId: p.departId || undefined, username: p.username.trim() || undefined }),
      ),
    [loadPageOf],
  );

  useEffect(() => {
    if (!open) return;
    setChosen(new Map(selected.map((u) => [u, null])));
    setDepartId('');
    setUsername('');
    void queryDepartTree()
      .then((r) => {
        setTreeFailure(failureOf(r));
        setTree(r.success ? toTree(r.result) : []);
      })
      .catch((e: unknown) => setTreeFailure(errorText(e)));
    void load({ current: 1, pageSize: PICKER.pageSize, departId: '', username: '' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const keys = [...chosen.keys()];
  const ok = () => {
    const byName = new Map(rows.map((r) => [r.username, r]));
    onOk(keys.map((k) => chosen.get(k) ?? byName.get(k) ?? ({ id: k, username: k, realname: k } as UserRow)));
  };

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
              const id = k.length ? String(k[0]) : '';
              setDepartId(id);
              void load({ current: 1, pageSize: pager.pageSize, departId: id, username });
            }}
          />
        </Col>
        <Col span={18}>
          <Space style={{ marginBottom: 12 }}>
            <Input
              placeholder="请输入账号"
              aria-label="账号"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              onPressEnter={() => void load({ ...pager, current: 1, departId, username })}
              allowClear
            />
            <Button type="primary" onClick={() => void load({ ...pager, current: 1, departId, username })}>
              查询
            </Button>
            <Button
              onClick={() => {
                setUsername('');
                setDepartId('');
                void load({ ...pager, current: 1, departId: '', username: '' });
              }}
            >
              重置
            </Button>
          </Space>
          <Table<UserRow>
            size="small"
            rowKey="username"
            loading={loading}
            dataSource={rows}
            locale={{ emptyText: <PickerEmpty failure={listFailure} /> }}
            columns={[
              { title: '用户账号', dataIndex: 'username' },
              { title: '用户姓名', dataIndex: 'realname' },
              { title: '性别', dataIndex: 'sex', render: (v) => SEX[String(v)] ?? '' },
              // The directory sends the phone only to callers holding user:list (ACCESS.md); empty for the others.
              { title: '手机', dataIndex: 'phone' },
              { title: '部门', dataIndex: 'orgCodeTxt' },
            ]}
            rowSelection={{
              type: multi ? 'checkbox' : 'radio',
              selectedRowKeys: keys,
              preserveSelectedRowKeys: true,
              onChange: (ks, picked) => {
                const by = new Map(picked.filter(Boolean).map((r) => [r.username, r]));
                setChosen((old) => new Map(ks.map((k) => [String(k), by.get(String(k)) ?? old.get(String(k)) ?? null])));
              },
            }}
            pagination={listPagination({ ...pager, total, onChange: (current, pageSize) => void load({ current, pageSize, departId, username }) })}
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
