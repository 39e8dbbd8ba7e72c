/**
 * 分类字典 — menu component `system/SysCategoryList` (contract §6.6, the original SysCategoryList): a tree table
 * whose top level is paged (`rootList`; a search by 名称 / 编码 covers every level) and whose children load when a
 * row opens (`childList`, reloaded together by `getChildListBatch` after a change); 新增 (top level), 添加下级,
 * 编辑, 删除 (with every descendant, confirmed), 批量删除, 导出, 导入 — each shown with its `category:*` code.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Divider, Form, Input, Popconfirm, Space, Table, type TableColumnType } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { permCode, type CrudAction, type PageResult } from '@pk/contract';
import { http, type Params } from '../../../api/request';
import { FormModal, SearchButtons, useAuth, usePaging, buildFilterParams, type EntityRow } from '../../../crud';
import { confirm, sendChange, showWarning } from '../../../crud/notify';
import { exportList } from '../../../crud/excel';
import { ImportModal } from '../../../components/ImportModal';
import { CATEGORY_ROOT, categoryEntity, categoryFormEntity, withChildren, type CategoryRow } from './data';
import { MSG } from '../../../messages';

const API = categoryEntity.api;

async function fetchRoots(params: Params): Promise<{ records: CategoryRow[]; total: number }> {
  const res = await http.get<PageResult<CategoryRow>>(`${API}/rootList`, params);
  if (!res.success) {
    showWarning(res.message || MSG.failed);
    throw new Error(res.message);
  }
  return { records: res.result?.records ?? [], total: Number(res.result?.total ?? 0) };
}

/** The children of the given parents, grouped by parent id (every parent present, an empty list when it has none). */
async function fetchChildren(parentIds: readonly string[]): Promise<Map<string, CategoryRow[]>> {
  const out = new Map<string, CategoryRow[]>(parentIds.map((p) => [p, []]));
  if (!parentIds.length) return out;
  const res = await http.get<{ records: CategoryRow[] }>(`${API}/getChildListBatch`, { parentIds: parentIds.join(',') });
  for (const r of res.success ? (res.result?.records ?? []) : []) out.get(String(r.pid))?.push(r);
  return out;
}

interface FormState {
  open: boolean;
  record: EntityRow | null;
  /** 添加下级: the parent row; null adds at the top level. */
  parent: CategoryRow | null;
}

export default function SysCategoryList(): ReactNode {
  const { hasAuth } = useAuth();
  const can = (a: CrudAction) => hasAuth(permCode(categoryEntity, a));
  const [searchForm] = Form.useForm<{ name?: string; code?: string }>();
  const [search, setSearch] = useState<Record<string, unknown>>({});
  const paging = usePaging();
  const [selected, setSelected] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [loaded, setLoaded] = useState<Map<string, CategoryRow[]>>(new Map());
  const [form, setForm] = useState<FormState>({ open: false, record: null, parent: null });
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  const filters = useMemo(() => buildFilterParams(categoryEntity, search), [search]);
  const params = useMemo(() => ({ ...filters, ...paging.params, pid: CATEGORY_ROOT }), [filters, paging.params]);
  const roots = useQuery({ queryKey: ['crud', API, 'rootList', params], queryFn: () => fetchRoots(params), placeholderData: keepPreviousData, retry: false });
  const rows = useMemo(() => withChildren(roots.data?.records ?? [], loaded), [roots.data, loaded]);

  async function loadChildren(parentIds: readonly string[]): Promise<void> {
    const found = await fetchChildren(parentIds);
    setLoaded((prev) => new Map([...prev, ...found]));
  }

  /** After a change: the top level and every open parent again. */
  async function reload(openAlso: string[] = []): Promise<void> {
    const open = [...new Set([...expanded, ...openAlso])];
    setExpanded(open);
    setLoaded(new Map());
    await Promise.all([roots.refetch(), loadChildren(open)]);
  }

  function onExpand(open: boolean, row: CategoryRow): void {
    setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((k) => k !== row.id)));
    if (open && !loaded.has(row.id)) void loadChildren([row.id]);
  }

  function applySearch(values: Record<string, unknown>): void {
    setSearch(values);
    paging.setPageNo(1);
    setSelected([]);
  }

  async function remove(ids: string[]): Promise<void> {
    const send =
      ids.length === 1
        ? () => http.delete<unknown>(`${API}/delete`, { id: ids[0] })
        : () => http.delete<unknown>(`${API}/deleteBatch`, { ids: `${ids.join(',')},` });
    if (!(await sendChange(send))) return;
    setSelected((keys) => keys.filter((k) => !ids.includes(k)));
    if (paging.pageNo > 1 && ids.length >= (roots.data?.records.length ?? 0)) paging.setPageNo(paging.pageNo - 1);
    await reload();
  }

  function removeSelected(): void {
    if (!selected.length) return showWarning(MSG.selectRecord);
    confirm({ title: MSG.confirmDeleteTitle, content: '是否删除选中数据?（其下级节点一并删除）', onOk: () => remove([...selected]) });
  }

  async function doExport(): Promise<void> {
    setExporting(true);
    try {
      await exportList(categoryEntity, selected.length ? { ...filters, selections: selected.join(',') } : filters);
    } catch {
      // reported by the request client
    } finally {
      setExporting(false);
    }
  }

  const actions = (row: CategoryRow): ReactNode =>
    row.placeholder ? null : (
      <Space size={0} separator={<Divider orientation="vertical" />}>
        {can('edit') && (
          <Button type="link" size="small" onClick={() => setForm({ open: true, record: row, parent: null })}>
            编辑
          </Button>
        )}
        {can('add') && (
          <Button type="link" size="small" onClick={() => setForm({ open: true, record: null, parent: row })}>
            添加下级
          </Button>
        )}
        {can('delete') && (
          <Popconfirm title={MSG.confirmDeleteOne} description="其下级节点将一并删除" okText="确定" cancelText="取消" onConfirm={() => remove([row.id])}>
            <Button type="link" size="small">
              删除
            </Button>
          </Popconfirm>
        )}
      </Space>
    );

  /** The toolbar: [action (its permission), text, icon, click]; 批量删除 only with a selection. */
  const toolbar: Array<[CrudAction, string, ReactNode, () => void]> = [
    ['add', '新增', <PlusOutlined aria-hidden />, () => setForm({ open: true, record: null, parent: null })],
    ['exportXls', '导出', <DownloadOutlined aria-hidden />, () => void doExport()],
    ['importExcel', '导入', <UploadOutlined aria-hidden />, () => setImportOpen(true)],
    ['deleteBatch', '批量删除', <DeleteOutlined aria-hidden />, removeSelected],
  ];

  const columns: TableColumnType<CategoryRow>[] = [
    { title: '分类名称', dataIndex: 'name', key: 'name', align: 'left' },
    { title: '分类编码', dataIndex: 'code', key: 'code', align: 'left' },
    { title: '操作', key: 'action', align: 'center', width: 220, render: (_v, row) => actions(row) },
  ];

  return (
    <div className="pk-list-page">
      <Form form={searchForm} name="category-search" layout="inline" onFinish={applySearch} style={{ rowGap: 12, marginBottom: 16 }}>
        <Form.Item name="name" label="名称">
          <Input placeholder="请输入名称" allowClear />
        </Form.Item>
        <Form.Item name="code" label="编码">
          <Input placeholder="请输入编码" allowClear />
        </Form.Item>
        <Form.Item>
          <SearchButtons onReset={() => (searchForm.resetFields(), applySearch({}))} />
        </Form.Item>
      </Form>

      <Space wrap style={{ marginBottom: 12 }}>
        {toolbar
          .filter(([action]) => can(action) && (action !== 'deleteBatch' || selected.length > 0))
          .map(([action, label, icon, onClick]) => (
            <Button key={action} type="primary" danger={action === 'deleteBatch'} icon={icon} loading={action === 'exportXls' && exporting} onClick={onClick}>
              {label}
            </Button>
          ))}
      </Space>

      <Table<CategoryRow>
        rowKey="id"
        size="middle"
        bordered
        loading={roots.isFetching}
        columns={columns}
        dataSource={rows}
        expandable={{ expandedRowKeys: expanded, onExpand }}
        rowSelection={{
          selectedRowKeys: selected,
          checkStrictly: true,
          getCheckboxProps: (r) => ({ disabled: !!r.placeholder }),
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        pagination={paging.pagination(roots.data?.total)}
      />

      <FormModal
        entity={categoryFormEntity}
        open={form.open}
        record={form.record}
        width={600}
        onClose={() => setForm((s) => ({ ...s, open: false }))}
        onSaved={() => void reload(form.parent ? [form.parent.id] : [])}
        extraItems={() =>
          form.parent ? (
            <Form.Item label="父级节点" htmlFor="category-form-parent">
              <Input id="category-form-parent" value={form.parent.name ?? ''} disabled />
            </Form.Item>
          ) : null
        }
        toBody={(body, _values, editing) => (editing ? body : { ...body, pid: form.parent?.id ?? CATEGORY_ROOT })}
      />
      {can('importExcel') && <ImportModal open={importOpen} url={`${API}/importExcel`} onClose={() => setImportOpen(false)} onOk={() => void reload()} />}
    </div>
  );
}
