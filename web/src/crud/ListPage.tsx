/**
 * The generic list page of an entity (JeecgListMixin's behaviour, rendered from an EntityDef):
 * search form (FieldDef.filter), toolbar (新增 / 导出 / 导入 / 批量删除, and 高级查询 when the page opts in), a
 * server-sorted, paged table with
 * row selection and an action column (编辑 / 删除), and the add/edit FormModal.
 * Buttons show only with their permission `${entity.perm}:{action}` (see ./auth.ts).
 * All state lives in this component, so a page kept alive in a hidden tab keeps its filters, page and selection.
 *
 * @example
 *   export default function PositionList() { return <ListPage entity={positionEntity} />; }
 */
import { useMemo, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Form, Popconfirm, Space, Table } from 'antd';
import type { TableColumnType, TableProps } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { permCode, type EntityDef, type PageResult } from '@pk/contract';
import { http, type Params } from '../api/request';
import { useAuth } from './auth';
import { buildExportParams, buildListParams, filterFields, type ListSort, type SearchValues } from './query';
import type { EntityRow } from './formBody';
import { FilterInput } from './fields';
import { FormModal, type FormModalProps } from './FormModal';
import { confirm, sendChange, showWarning } from './notify';
import { exportList } from './excel';
import { ImportModal } from '../components/ImportModal';
import { usePaging } from './usePaging';
import { SearchButtons } from './SearchButtons';
import { queryFields, SuperQuery, type SuperQueryOutput } from '../components/SuperQuery';
import { MSG } from '../messages';

/** Per-column overrides keyed by field prop (merged into the generated column); `false` hides the column. */
export type ColumnOverrides = Record<string, Partial<TableColumnType<EntityRow>> | false>;

/** What extra actions and toolbar content can use. */
export interface ListPageContext {
  /** Re-runs the list request with the current filters, sort and page. */
  reload: () => void;
  selectedRowKeys: string[];
  /** Opens the add/edit dialog (null = add). */
  openForm: (record: EntityRow | null) => void;
}

export interface ListPageProps {
  entity: EntityDef;
  /** Column overrides by prop (title, width, render …) or `false` to hide a column. */
  columns?: ColumnOverrides;
  /** Extra links in the action column, after 编辑 / 删除. */
  extraActions?: (record: EntityRow, ctx: ListPageContext) => ReactNode;
  /** Extra buttons at the end of the toolbar. */
  toolbarExtra?: (ctx: ListPageContext) => ReactNode;
  /** Fixed params sent with every list and export request (e.g. a parent id). */
  params?: Params;
  /** Replaces the generated add/edit dialog (same props). */
  renderForm?: (props: FormModalProps) => ReactNode;
  /** Shows the advanced query builder (001 §2) over the entity's filterable fields; the string is its save code. */
  superQuery?: boolean | string;
  /**
   * Search controls that are not entity fields (e.g. the user list's department, contract §12.1 `departId`):
   * rendered after the generated ones; a non-empty value is sent as the param `name`.
   */
  searchExtra?: SearchExtra[];
  /** Columns that are not entity fields (e.g. a picture or a joined name), placed after the generated ones. */
  extraColumns?: TableColumnType<EntityRow>[];
  /** Expandable rows (e.g. the operation log's request details), passed to the table as they are. */
  expandable?: TableProps<EntityRow>['expandable'];
}

export interface SearchExtra {
  name: string;
  label: string;
  /** The control; Form.Item injects value and onChange. */
  input: ReactNode;
}

/** The react-query key prefix of an entity's lists; invalidating it reloads every open list of the entity. */
export function listQueryKey(entity: EntityDef): readonly unknown[] {
  return ['crud', entity.api, 'list'];
}

/** `GET {api}/list`; a failed envelope shows its message as a warning (001 §8) and rejects. */
async function fetchPage(entity: EntityDef, params: Params): Promise<{ records: EntityRow[]; total: number }> {
  const res = await http.get<PageResult<EntityRow> | EntityRow[]>(`${entity.api}/list`, params);
  if (!res.success) {
    showWarning(res.message || MSG.failed);
    throw new Error(res.message);
  }
  const result = res.result;
  if (Array.isArray(result)) return { records: result, total: result.length };
  return { records: result?.records ?? [], total: Number(result?.total ?? 0) };
}

export function ListPage({ entity, columns: overrides, extraActions, toolbarExtra, params: fixedParams, renderForm, superQuery, searchExtra, extraColumns, expandable }: ListPageProps): ReactNode {
  const { hasAuth } = useAuth();
  // Icons below carry aria-hidden: a button's accessible name is its text alone.
  const can = (action: Parameters<typeof permCode>[1]) => hasAuth(permCode(entity, action));
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<SearchValues>();

  const [search, setSearch] = useState<SearchValues>({});
  const [sort, setSort] = useState<ListSort>({});
  const paging = usePaging();
  const { pageNo, pageSize, setPageNo, numberColumn } = paging;
  const [selectedRowKeys, setSelectedRowKeys] = useState<string[]>([]);
  const [formState, setFormState] = useState<{ open: boolean; record: EntityRow | null }>({ open: false, record: null });
  const [exporting, setExporting] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [superParams, setSuperParams] = useState<SuperQueryOutput>(null);

  const extraParams = useMemo(() => {
    const out: Params = {};
    for (const x of searchExtra ?? []) {
      const v = search[x.name];
      if (typeof v === 'string' ? v.trim() : typeof v === 'number') out[x.name] = typeof v === 'string' ? v.trim() : (v as number);
    }
    return out;
  }, [searchExtra, search]);
  const params = useMemo(
    () => ({ ...fixedParams, ...extraParams, ...buildListParams(entity, { search, sort, pageNo, pageSize }), ...superParams }),
    [entity, fixedParams, extraParams, search, sort, pageNo, pageSize, superParams],
  );
  const list = useQuery({
    queryKey: [...listQueryKey(entity), params],
    queryFn: () => fetchPage(entity, params),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const records = list.data?.records ?? [];
  const total = list.data?.total ?? 0;

  const reload = () => void queryClient.invalidateQueries({ queryKey: listQueryKey(entity) });
  const openForm = (record: EntityRow | null) => setFormState({ open: true, record });
  const ctx: ListPageContext = { reload, selectedRowKeys, openForm };

  function applySearch(values: SearchValues): void {
    setSearch(values);
    setPageNo(1);
    setSelectedRowKeys([]);
  }

  function resetSearch(): void {
    searchForm.resetFields();
    applySearch({});
  }

  /** After deleting `count` rows: step back a page when the current one would be empty, then reload. */
  function afterDelete(ids: string[]): void {
    setSelectedRowKeys((keys) => keys.filter((k) => !ids.includes(k)));
    if (pageNo > 1 && ids.length >= records.length) setPageNo(pageNo - 1);
    reload();
  }

  async function deleteOne(id: string): Promise<void> {
    if (await sendChange(() => http.delete<unknown>(`${entity.api}/delete`, { id }))) afterDelete([id]);
  }

  function deleteSelected(): void {
    const ids = [...selectedRowKeys];
    if (!ids.length) {
      showWarning(MSG.selectRecord);
      return;
    }
    confirm({
      title: MSG.confirmDeleteTitle,
      content: MSG.confirmDeleteSelected,
      onOk: async () => {
        // the JeecgBoot client leaves a trailing comma (contract §12 intro)
        if (await sendChange(() => http.delete<unknown>(`${entity.api}/deleteBatch`, { ids: `${ids.join(',')},` }))) afterDelete(ids);
      },
    });
  }

  async function doExport(): Promise<void> {
    setExporting(true);
    try {
      await exportList(entity, { ...fixedParams, ...extraParams, ...buildExportParams(entity, { search, sort }, selectedRowKeys), ...superParams });
    } catch {
      // reported by the request client
    } finally {
      setExporting(false);
    }
  }

  const tableColumns = useMemo(() => {
    const cols: TableColumnType<EntityRow>[] = [
      numberColumn(),
    ];
    for (const f of entity.fields) {
      if (f.list === false) continue;
      const override = overrides?.[f.prop];
      if (override === false) continue;
      const col: TableColumnType<EntityRow> = {
        title: f.label,
        key: f.prop,
        dataIndex: f.dict ? `${f.prop}_dictText` : f.prop,
        align: 'center',
        width: f.width,
        sorter: f.sort ? true : undefined,
        sortOrder: f.sort && sort.prop === f.prop ? (sort.order ?? null) : null,
        // a value the dictionary does not know is shown raw (contract §5.6 passes it through)
        render: f.dict ? (_v, row) => String(row[`${f.prop}_dictText`] ?? row[f.prop] ?? '') : undefined,
      };
      cols.push({ ...col, ...override });
    }
    return extraColumns ? [...cols, ...extraColumns] : cols;
  }, [entity, overrides, sort, extraColumns, numberColumn]);

  const showEdit = can('edit');
  const showDelete = can('delete');
  const actionColumn: TableColumnType<EntityRow> = {
    title: '操作',
    key: 'action',
    align: 'center',
    width: 160,
    render: (_v, row) => (
      <Space size={0} separator={<Divider orientation="vertical" />}>
        {showEdit && (
          <Button type="link" size="small" onClick={() => openForm(row)}>
            编辑
          </Button>
        )}
        {showDelete && (
          <Popconfirm title={MSG.confirmDeleteOne} okText="确定" cancelText="取消" onConfirm={() => deleteOne(String(row.id))}>
            <Button type="link" size="small">
              删除
            </Button>
          </Popconfirm>
        )}
        {extraActions?.(row, ctx)}
      </Space>
    ),
  };

  // the page and its size follow `paging.pagination`'s onChange; the table reports the sort here
  const onTableChange: TableProps<EntityRow>['onChange'] = (_pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const nextSort: ListSort = s?.order ? { prop: String(s.columnKey ?? ''), order: s.order } : {};
    if (nextSort.prop !== sort.prop || nextSort.order !== sort.order) setSort(nextSort);
  };

  const fields = filterFields(entity);
  const formProps: FormModalProps = {
    entity,
    open: formState.open,
    record: formState.record,
    onClose: () => setFormState((s) => ({ ...s, open: false })),
    onSaved: reload,
  };

  return (
    <div className="pk-list-page">
      {fields.length + (searchExtra?.length ?? 0) > 0 && (
        <Form form={searchForm} name={`${entity.key}-search`} layout="inline" onFinish={applySearch} style={{ rowGap: 12, marginBottom: 16 }}>
          {fields.map((f) => (
            <Form.Item key={f.prop} name={f.prop} label={f.label}>
              <FilterInput field={f} />
            </Form.Item>
          ))}
          {searchExtra?.map((x) => (
            <Form.Item key={x.name} name={x.name} label={x.label}>
              {x.input}
            </Form.Item>
          ))}
          <Form.Item>
            <SearchButtons onReset={resetSearch} />
          </Form.Item>
        </Form>
      )}

      <Space wrap style={{ marginBottom: 12 }}>
        {can('add') && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => openForm(null)}>
            新增
          </Button>
        )}
        {can('exportXls') && (
          <Button type="primary" icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={() => void doExport()}>
            导出
          </Button>
        )}
        {can('importExcel') && (
          <Button type="primary" icon={<UploadOutlined aria-hidden />} onClick={() => setImportOpen(true)}>
            导入
          </Button>
        )}
        {can('deleteBatch') && selectedRowKeys.length > 0 && (
          <Button danger icon={<DeleteOutlined aria-hidden />} onClick={deleteSelected}>
            批量删除
          </Button>
        )}
        {superQuery && (
          <SuperQuery
            fields={queryFields(entity)}
            saveCode={typeof superQuery === 'string' ? superQuery : undefined}
            onSearch={(p) => {
              setSuperParams(p);
              setPageNo(1);
            }}
          />
        )}
        {toolbarExtra?.(ctx)}
      </Space>

      {selectedRowKeys.length > 0 && (
        <div role="status" style={{ marginBottom: 12 }}>
          已选择 <strong>{selectedRowKeys.length}</strong> 项
          <Button type="link" size="small" onClick={() => setSelectedRowKeys([])}>
            清空
          </Button>
        </div>
      )}

      <Table<EntityRow>
        rowKey={(row) => String(row.id)}
        size="middle"
        bordered
        loading={list.isFetching}
        columns={showEdit || showDelete || extraActions ? [...tableColumns, actionColumn] : tableColumns}
        dataSource={records}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelectedRowKeys(keys.map(String)),
        }}
        pagination={paging.pagination(total)}
        onChange={onTableChange}
        expandable={expandable}
      />

      {renderForm ? renderForm(formProps) : <FormModal {...formProps} />}
      {can('importExcel') && <ImportModal open={importOpen} url={`${entity.api}/importExcel`} onClose={() => setImportOpen(false)} onOk={reload} />}
    </div>
  );
}
