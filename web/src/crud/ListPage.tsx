/**
 * The generic list page of an entity (JeecgListMixin's behaviour, rendered from an EntityDef):
 * search form (FieldDef.filter), toolbar (新增 / 导出 / 导入 / 批量删除, and 高级查询 when the page opts in), a
 * server-sorted, paged table with
 * row selection and an action column (编辑 / 删除), and the add/edit FormModal.
 * Buttons show only with their permission `${entity.perm}:{action}` (see ./auth.ts).
 * Built on the one list layer: its list source (listSource.ts, the key the route prefetch fills), the list
 * controller (useListController.ts) and RemoteTable; 编辑 / 删除 and the toolbar are schema entries (actions.tsx),
 * and a page adds its own with `rowActions` / `toolbar` (one entry per action, each with its permission code).
 * All state lives in this component, so a page kept alive in a hidden tab keeps its filters, page and selection.
 *
 * @example
 *   export default function PositionList() { return <ListPage entity={positionEntity} />; }
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { TableColumnType, TableProps } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { hasRoute, permCode, type EntityDef, type StandardRoute } from '@pk/contract';
import { http, type Params } from '../api/request';
import { buildExportParams, filterFields } from './query';
import type { EntityRow } from './formBody';
import { FilterInput, ImageThumb } from './fields';
import type { FormModalProps } from './FormModal';
import type { ImportModalProps } from '../components/ImportModal/ImportModal';
import { lazyDialog } from './lazyDialog';
import { sendChange } from './notify';
import { exportList } from './excel';
import { queryFields, SuperQuery, type SuperQueryOutput } from '../components/SuperQuery';
import { entityListSource, listQueryKey } from './listSource';
import { useListController } from './useListController';
import { RemoteTable, type SearchItem } from './RemoteTable';
import type { RowAction, ToolbarAction } from './actions';
import { MSG } from '../messages';

export { listQueryKey };

// the dialogs' code loads when one is first opened: a list's first open waits for the list alone
const FormModal = lazyDialog<FormModalProps>(
  () => import('./FormModal').then((m) => m.FormModal),
  (p) => p.open,
);
const ImportModal = lazyDialog<ImportModalProps>(
  () => import('../components/ImportModal').then((m) => m.ImportModal),
  (p) => p.open,
);

/** Per-column overrides keyed by field prop (merged into the generated column); `false` hides the column. */
export type ColumnOverrides = Record<string, Partial<TableColumnType<EntityRow>> | false>;

/** What row actions, toolbar entries and extra content can use. */
export interface ListPageContext {
  /** Re-runs the list request with the current filters, sort and page. */
  reload: () => void;
  selectedRowKeys: string[];
  /** Opens the add/edit dialog (null = add). */
  openForm: (record: EntityRow | null) => void;
  /** After rows left the list: they leave the selection, an emptied last page steps back, then reload. */
  afterRemove: (ids: readonly string[]) => void;
}

export interface ListPageProps {
  entity: EntityDef;
  /** Column overrides by prop (title, width, render …) or `false` to hide a column. */
  columns?: ColumnOverrides;
  /** Row actions after 编辑 / 删除, one schema entry each with its permission code (see ./actions.tsx). */
  rowActions?: RowAction<EntityRow, ListPageContext>[];
  /** Toolbar buttons after 新增 / 导出 / 导入 / 批量删除, one schema entry each. */
  toolbar?: ToolbarAction<ListPageContext>[];
  /** Extra links in the action column, after 编辑 / 删除 and `rowActions` (prefer `rowActions`). */
  extraActions?: (record: EntityRow, ctx: ListPageContext) => ReactNode;
  /** Extra buttons at the end of the toolbar. */
  toolbarExtra?: (ctx: ListPageContext) => ReactNode;
  /** Fixed params sent with every list and export request (e.g. a parent id). */
  params?: Params;
  /** Replaces the generated add/edit dialog (same props). */
  renderForm?: (props: FormModalProps) => ReactNode;
  /**
   * The page's own dialog (`renderForm`) saves another way than the standard add/edit (the gateway's updateAll): keep
   * 新增 / 编辑 although the entity omits those routes.
   */
  ownSave?: boolean;
  /** Which rows 编辑 shows on (default: every row), for rows the server refuses to change (a sent message). */
  editable?: (row: EntityRow) => boolean;
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

type Action = Parameters<typeof permCode>[1];

/** The list's own row actions as schema entries: 编辑 and 删除 (asks first). */
function entityRowActions(entity: EntityDef, editable?: (row: EntityRow) => boolean): RowAction<EntityRow, ListPageContext>[] {
  const code = (action: Action) => permCode(entity, action);
  return [
    { key: 'edit', label: '编辑', perm: code('edit'), visible: editable, onClick: (row, ctx) => ctx.openForm(row) },
    {
      key: 'delete',
      label: '删除',
      perm: code('delete'),
      confirm: MSG.confirmDeleteOne,
      onClick: async (row, ctx) => {
        const id = String(row.id);
        if (await sendChange(() => http.delete<unknown>(`${entity.api}/delete`, { id }))) ctx.afterRemove([id]);
      },
    },
  ];
}

/**
 * The standard route behind each of the list's own buttons: a route the entity omits has no button (issue 13 record
 * screens), except 新增 / 编辑 of a page whose own dialog saves another way (`ownSave`: the gateway's updateAll).
 */
const ROUTE_OF: Readonly<Record<string, StandardRoute>> = {
  add: 'add',
  edit: 'edit',
  delete: 'delete',
  deleteBatch: 'deleteBatch',
  export: 'exportXls',
  import: 'importExcel',
};
const routed =
  (entity: EntityDef, ownForm: boolean) =>
  (a: { key: string }): boolean =>
    !ROUTE_OF[a.key] || hasRoute(entity, ROUTE_OF[a.key]) || (ownForm && (a.key === 'add' || a.key === 'edit'));

/** The list's own toolbar as schema entries: 新增, 导出, 导入, and 批量删除 while rows are selected. */
function entityToolbar(entity: EntityDef, on: { exporting: boolean; doExport: () => unknown; openImport: () => void }): ToolbarAction<ListPageContext>[] {
  const code = (action: Action) => permCode(entity, action);
  const deleteBatch = (ids: string[], ctx: ListPageContext) =>
    // the JeecgBoot client leaves a trailing comma (contract §12 intro)
    sendChange(() => http.delete<unknown>(`${entity.api}/deleteBatch`, { ids: `${ids.join(',')},` })).then((ok) => ok && ctx.afterRemove(ids));
  return [
    { key: 'add', label: '新增', perm: code('add'), primary: true, icon: <PlusOutlined aria-hidden />, onClick: (_k, ctx) => ctx.openForm(null) },
    {
      key: 'export',
      label: '导出',
      perm: code('exportXls'),
      primary: true,
      icon: <DownloadOutlined aria-hidden />,
      loading: on.exporting,
      onClick: on.doExport,
    },
    { key: 'import', label: '导入', perm: code('importExcel'), primary: true, icon: <UploadOutlined aria-hidden />, onClick: on.openImport },
    {
      key: 'deleteBatch',
      label: '批量删除',
      perm: code('deleteBatch'),
      danger: true,
      selection: true,
      icon: <DeleteOutlined aria-hidden />,
      confirm: { title: MSG.confirmDeleteTitle, content: MSG.confirmDeleteSelected },
      onClick: deleteBatch,
    },
  ];
}

/** Entity fields and extra controls of the search form. */
function searchItems(entity: EntityDef, extra: SearchExtra[] | undefined): SearchItem[] {
  return [...filterFields(entity).map((f) => ({ name: f.prop, label: f.label, input: <FilterInput field={f} /> })), ...(extra ?? [])];
}

/** The generated columns: one per listed field (dictionary text, header sort), overrides merged, extras after. */
function entityColumns(
  entity: EntityDef,
  overrides: ColumnOverrides | undefined,
  extraColumns: TableColumnType<EntityRow>[] | undefined,
): TableColumnType<EntityRow>[] {
  const cols: TableColumnType<EntityRow>[] = [];
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
      // a value the dictionary does not know is shown raw (contract §5.6 passes it through)
      render: f.dict
        ? (_v, row) => String(row[`${f.prop}_dictText`] ?? row[f.prop] ?? '')
        : f.widget === 'image' || f.widget === 'images'
          ? (v) => <ImageThumb value={v} label={f.label} />
          : undefined,
    };
    cols.push({ ...col, ...override });
  }
  return extraColumns ? [...cols, ...extraColumns] : cols;
}

export function ListPage(props: ListPageProps): ReactNode {
  const { entity, columns: overrides, extraActions, toolbarExtra, params: fixedParams, renderForm, superQuery, searchExtra, extraColumns, expandable } = props;
  const [formState, setFormState] = useState<{ open: boolean; record: EntityRow | null }>({ open: false, record: null });
  const [exporting, setExporting] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [superParams, setSuperParams] = useState<SuperQueryOutput>(null);

  const source = useMemo(() => {
    const base = entityListSource(entity, fixedParams);
    // controls that are not entity fields send their non-empty value under their own name
    const extraNames = (searchExtra ?? []).map((x) => x.name);
    if (!extraNames.length) return base;
    return {
      ...base,
      searchParams: (values: Record<string, unknown>) => {
        const out: Params = base.searchParams(values);
        for (const name of extraNames) {
          const v = values[name];
          if (typeof v === 'string' ? v.trim() : typeof v === 'number') out[name] = typeof v === 'string' ? v.trim() : (v as number);
        }
        return out;
      },
    };
  }, [entity, fixedParams, searchExtra]);
  const list = useListController(source, { extraParams: superParams });
  const { reload, selectedRowKeys, afterRemove, search, sort, paging } = list;

  const openForm = (record: EntityRow | null) => setFormState({ open: true, record });
  const ctx: ListPageContext = { reload, selectedRowKeys, openForm, afterRemove };

  async function doExport(): Promise<void> {
    setExporting(true);
    try {
      const fromSearch = source.searchParams(search);
      await exportList(entity, { ...fixedParams, ...fromSearch, ...buildExportParams(entity, { search, sort }, selectedRowKeys), ...superParams });
    } catch {
      // reported by the request client
    } finally {
      setExporting(false);
    }
  }

  const toolbar = [
    ...entityToolbar(entity, { exporting, doExport, openImport: () => setImportOpen(true) }).filter(routed(entity, !!props.ownSave)),
    ...(props.toolbar ?? []),
  ];
  const ownForm = !!props.ownSave;
  const rowActions = useMemo(
    () => [...entityRowActions(entity, props.editable).filter(routed(entity, ownForm)), ...(props.rowActions ?? [])],
    [entity, ownForm, props.editable, props.rowActions],
  );
  const columns = useMemo(() => entityColumns(entity, overrides, extraColumns), [entity, overrides, extraColumns]);
  const search$ = useMemo(() => searchItems(entity, searchExtra), [entity, searchExtra]);

  const formProps: FormModalProps = {
    entity,
    open: formState.open,
    record: formState.record,
    onClose: () => setFormState((s) => ({ ...s, open: false })),
    onSaved: reload,
  };

  return (
    <div className="pk-list-page">
      <RemoteTable<EntityRow, ListPageContext>
        list={list}
        context={ctx}
        searchName={`${entity.key}-search`}
        search={search$}
        columns={columns}
        numbered
        selectable
        toolbar={toolbar}
        toolbarExtra={
          <>
            {superQuery && (
              <SuperQuery
                fields={queryFields(entity)}
                saveCode={typeof superQuery === 'string' ? superQuery : undefined}
                onSearch={(p) => {
                  setSuperParams(p);
                  paging.setPageNo(1);
                }}
              />
            )}
            {toolbarExtra?.(ctx)}
          </>
        }
        rowActions={rowActions}
        rowActionsExtra={extraActions ? (row) => extraActions(row, ctx) : undefined}
        tableProps={expandable ? { expandable } : undefined}
      />
      {renderForm ? renderForm(formProps) : <FormModal {...formProps} />}
      <ImportModal open={importOpen} url={`${entity.api}/importExcel`} onClose={() => setImportOpen(false)} onOk={reload} />
    </div>
  );
}
