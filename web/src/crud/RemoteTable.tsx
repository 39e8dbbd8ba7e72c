/**
 * THE server-paged table of every list (ListPage, the system screens, the pickers): an inline search form
 * (查询 / 重置), a toolbar of schema entries, the 已选择 N 项 bar, and an antd Table with the running number, row
 * selection, the row-action column of schema entries (./actions.tsx, each with its permission code) and the one
 * pagination (001 §9). The state is a list controller (useListController) the caller owns, so the page can reload
 * it or read its selection.
 *
 * @example
 *   const list = useListController(onlineSource);
 *   <RemoteTable list={list} searchName="online-search" search={[{ name: 'username', label: '用户账号' }]}
 *     columns={COLUMNS} rowActions={[{ key: 'force', label: '强退', perm: 'online:forceLogout', onClick: force }]} />
 */
import { memo, useMemo, type ReactNode } from 'react';
import { Button, Form, Input, Table } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { usePermission } from '../access/usePermission';
import { grantedRowActions, RowActionLinks, shownToolbar, ToolbarButtons, type ListActionContext, type RowAction, type ToolbarAction } from './actions';
import { SearchButtons } from './SearchButtons';
import type { SearchValues } from './query';
import type { ListController } from './useListController';

export interface SearchItem {
  name: string;
  label: string;
  /** The control (Form.Item injects value and onChange); default a text input 请输入{label}. */
  input?: ReactNode;
}

export interface RemoteTableProps<T, C extends ListActionContext = ListController<T>> {
  list: ListController<T>;
  columns: TableColumnType<T>[];
  /** Row key: a field name or a function (default `id`). */
  rowKey?: string | ((row: T) => string);
  /** Inline search form items; the form's `name` is `searchName` (ids `{searchName}_{item}`). */
  search?: SearchItem[];
  searchName?: string;
  /** Toolbar entries, then `toolbarExtra`. */
  toolbar?: ToolbarAction<C>[];
  toolbarExtra?: ReactNode;
  /** Row-action entries, then `rowActionsExtra(row)` in the same column. */
  rowActions?: RowAction<T, C>[];
  rowActionsExtra?: (row: T) => ReactNode;
  actionWidth?: number;
  /** What action handlers receive (default the list controller). */
  context?: C;
  /** Check boxes on the rows (kept across pages) and the 已选择 N 项 bar; `radio`: one row, no bar. */
  selectable?: boolean | 'radio';
  /** The running `#` column first. */
  numbered?: boolean;
  size?: 'small' | 'middle';
  /** Anything else of the antd Table (scroll, expandable, a rowSelection of the caller's own when not `selectable` …). */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'loading' | 'pagination' | 'onChange'>;
}

const keyOf = <T,>(rowKey: RemoteTableProps<T>['rowKey']) =>
  typeof rowKey === 'function' ? rowKey : (row: T) => String((row as Record<string, unknown>)[rowKey ?? 'id']);

/** The inline search form; memoised so typing in it does not re-render the table. */
const SearchForm = memo(function SearchForm({ name, items, onApply }: { name?: string; items: SearchItem[]; onApply: (v: SearchValues) => void }) {
  const [form] = Form.useForm<SearchValues>();
  return (
    <Form form={form} name={name} layout="inline" onFinish={onApply} style={{ rowGap: 12, marginBottom: 16 }}>
      {items.map((x) => (
        <Form.Item key={x.name} name={x.name} label={x.label}>
          {x.input ?? <Input placeholder={`请输入${x.label}`} allowClear />}
        </Form.Item>
      ))}
      <Form.Item>
        <SearchButtons
          onReset={() => {
            form.resetFields();
            onApply({});
          }}
        />
      </Form.Item>
    </Form>
  );
});

export function RemoteTable<T, C extends ListActionContext = ListController<T>>(props: RemoteTableProps<T, C>): ReactNode {
  const {
    list,
    columns,
    rowKey,
    search,
    searchName,
    toolbar,
    toolbarExtra,
    rowActions,
    rowActionsExtra,
    actionWidth,
    selectable,
    numbered,
    size = 'middle',
    tableProps,
  } = props;
  const ctx = (props.context ?? list) as C;
  const { has } = usePermission();
  const actions = useMemo(() => grantedRowActions(rowActions, has), [rowActions, has]);
  const getKey = useMemo(() => keyOf<T>(rowKey), [rowKey]);
  const { paging, sort } = list;

  const allColumns = useMemo(() => {
    // a sortable column shows the list's current sort (the list owns it, not the header)
    const shown = columns.map((c) => (c.sorter ? { ...c, sortOrder: sort.prop === c.key ? (sort.order ?? null) : null } : c));
    const cols: TableColumnType<T>[] = numbered ? [paging.numberColumn<T>(), ...shown] : shown;
    if (actions.length || rowActionsExtra) {
      cols.push({
        title: '操作',
        key: 'action',
        align: 'center',
        width: actionWidth ?? 160,
        render: (_v, row) => <RowActionLinks row={row} actions={actions} ctx={ctx} extra={rowActionsExtra?.(row)} />,
      });
    }
    return cols;
  }, [numbered, paging, columns, sort, actions, rowActionsExtra, actionWidth, ctx]);

  // nothing granted (a user who may only read): no empty toolbar row above the table
  const hasToolbar = (!!toolbar && shownToolbar(toolbar, ctx, has).length > 0) || !!toolbarExtra;
  const selected = list.selectedRowKeys;
  return (
    <>
      {search && search.length > 0 && <SearchForm name={searchName} items={search} onApply={list.applySearch} />}
      {hasToolbar && (
        // a flex row, not antd Space: Space wraps its children one by one, and the buttons come as one fragment
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBottom: 12 }}>
          {toolbar && <ToolbarButtons actions={toolbar} ctx={ctx} has={has} />}
          {toolbarExtra}
        </div>
      )}
      {selectable === true && selected.length > 0 && (
        <div role="status" style={{ marginBottom: 12 }}>
          已选择 <strong>{selected.length}</strong> 项
          <Button type="link" size="small" onClick={() => list.setSelectedRowKeys([])}>
            清空
          </Button>
        </div>
      )}
      <Table<T>
        rowKey={getKey}
        size={size}
        bordered
        scroll={{ x: 'max-content' }}
        {...tableProps}
        loading={list.loading}
        columns={allColumns}
        dataSource={list.records}
        rowSelection={
          selectable
            ? {
                type: selectable === 'radio' ? 'radio' : 'checkbox',
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => list.setSelectedRowKeys(keys.map(String)),
              }
            : tableProps?.rowSelection
        }
        pagination={list.pagination}
        onChange={list.onTableChange}
      />
    </>
  );
}
