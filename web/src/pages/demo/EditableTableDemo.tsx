import { Button, Card, Space, Tag } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { http } from '../../api/request';
import { INITIAL_SORT } from '../../crud/listPagination';
import { useSearchParams } from 'react-router';
import { EditableTable, type ColumnDef, type EditableTableHandle, type Row } from '../../components/EditableTable';
import type { SavePayload } from '../../components/EditableTable';
import { feedback } from '../../components/feedback';

const SEX = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];
const LEVELS = [
  { value: 'a', text: '初级' },
  { value: 'b', text: '中级' },
  { value: 'c', text: '高级' },
];
const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '成都'].map((c, i) => ({ value: String(i + 1), text: c }));

/** Every column type of 001 §3 with the validation codes of §5. */
const COLUMNS: ColumnDef[] = [
  {
    key: 'name',
    title: '名称',
    type: 'input',
    width: 140,
    validateRules: [
      { required: true, message: '${title}不能为空' },
      { unique: true, message: '${title}不能重复' },
    ],
  },
  { key: 'mobile', title: '手机号', type: 'input', width: 140, validateRules: [{ pattern: 'm', message: '${title}格式不正确' }] },
  {
    key: 'age',
    title: '年龄',
    type: 'inputNumber',
    width: 90,
    statistics: ['sum', 'average'],
    validateRules: [{ pattern: 'z', message: '${title}必须是整数' }],
  },
  { key: 'sex', title: '性别', type: 'select', width: 100, options: SEX },
  { key: 'enabled', title: '启用', type: 'checkbox', width: 70, customValue: ['Y', 'N'], defaultValue: 'N' },
  { key: 'level', title: '级别', type: 'radio', width: 240, options: LEVELS },
  { key: 'birthday', title: '生日', type: 'datetime', format: 'date' },
  { key: 'secret', title: '隐藏', type: 'hidden', defaultValue: 'h' },
  { key: 'note', title: '插槽', type: 'slot', width: 90, render: (row) => <Tag>{String(row.name ?? '').length} 字</Tag> },
  { key: 'depart', title: '部门', type: 'sel_depart' },
  { key: 'user', title: '用户', type: 'sel_user' },
  { key: 'remark', title: '备注', type: 'input_pop', width: 140 },
  { key: 'cities', title: '城市(多选)', type: 'list_multi', width: 150, options: CITIES },
  { key: 'city', title: '城市(搜索)', type: 'sel_search', width: 130, options: CITIES },
  { key: 'asyncCity', title: '城市(异步)', type: 'sel_search_async', width: 130, search: async (kw) => CITIES.filter((c) => c.text.includes(kw)) },
  { key: 'tags', title: '标签', type: 'input', width: 130, props: { tags: true }, placeholder: '每2个字一个标签' },
  { key: 'email', title: '邮箱', type: 'input', width: 160, validateRules: [{ pattern: 'e', message: '${title}格式不正确' }] },
  { key: 'file', title: '附件', type: 'upload', width: 150, token: true },
  { key: 'photo', title: '图片', type: 'image', width: 150, token: true },
];

/** The payload box also shows the changed rows' picker and upload values (what a save would send for them). */
const SHOWN_KEYS = COLUMNS.filter((c) => ['sel_user', 'sel_depart', 'upload', 'image'].includes(c.type)).map((c) => c.key);
const shownValues = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.id, Object.fromEntries(SHOWN_KEYS.map((k) => [k, r[k]]))]));

const SAVED: Row[] = Array.from({ length: 6 }, (_, i) => ({
  id: `10000000000000000${i + 1}`,
  orderNum: i + 1,
  name: `海盗${i + 1}`,
  mobile: `1380013800${i}`,
  age: 20 + i,
  sex: String((i % 2) + 1),
  enabled: i % 2 ? 'Y' : 'N',
  level: LEVELS[i % 3]!.value,
  birthday: `199${i}-0${i + 1}-15`,
  secret: 's',
  depart: '',
  user: '',
  remark: '',
  cities: '1,2',
  city: String((i % 6) + 1),
  asyncCity: '',
  email: `p${i}@pk.com`,
  file: '',
  photo: '',
}));

const SUB = {
  columns: [
    { key: 'item', title: '物品' },
    { key: 'qty', title: '数量', width: 80 },
  ],
  load: async (row: Row) => [
    { id: `${row.id}-1`, item: `${String(row.name)}的宝箱`, qty: 3 },
    { id: `${row.id}-2`, item: '朗姆酒', qty: 12 },
  ],
};

/** Tree rows: a node with hasChildren loads its children on first expansion; "空舱" comes back empty (a leaf). */
const TREE_COLUMNS: ColumnDef[] = [
  { key: 'name', title: '船队', type: 'input' },
  { key: 'ships', title: '船只数', type: 'inputNumber', width: 120 },
];
const TREE_ROOTS: Row[] = [
  { id: 't1', name: '红胡子船队', ships: 3, hasChildren: true },
  { id: 't2', name: '空舱', ships: 0, hasChildren: true },
  { id: 't3', name: '独行船', ships: 1 },
];
const loadTree = async (row: Row): Promise<Row[]> =>
  row.id === 't2'
    ? []
    : [
        { id: `${row.id}-a`, name: `${String(row.name)}·一号舰`, ships: 1 },
        { id: `${row.id}-b`, name: `${String(row.name)}·二号舰`, ships: 2 },
      ];

/**
 * Header filters against a real server list: 职务 from `GET /sys/position/list` (pageNo, pageSize and the filter
 * params the table reports: 编码 like → `*x*`, 名称 ne → `!x`, 职级 ge / le → `>=x` / `<=x`), so the prefixes reach the
 * CRUD engine's value syntax (contract §5.2).
 */
const POSITION_COLUMNS: ColumnDef[] = [
  { key: 'code', title: '职务编码', type: 'input', width: 240, disabled: true, filter: 'like' },
  { key: 'name', title: '职务名称', type: 'input', width: 300, disabled: true, filter: 'ne' },
  { key: 'postRank', title: '职级', type: 'select', width: 200, dictCode: 'position_rank', disabled: true, filter: ['ge', 'le'] },
];
const POSITION_PAGE_SIZE = 10;

function PositionFilterTable() {
  const [params, setParams] = useState<Record<string, string>>({});
  const [page, setPage] = useState<{ rows: Row[]; total: number } | null>(null);
  useEffect(() => {
    let live = true;
    void http
      .get<{ records: Row[]; total: number }>('/sys/position/list', { ...INITIAL_SORT, pageNo: 1, pageSize: POSITION_PAGE_SIZE, ...params })
      .then((r) => live && r.success && setPage({ rows: r.result.records, total: r.result.total }))
      .catch(() => undefined); // the request client has shown the error
    return () => {
      live = false;
    };
  }, [params]);
  return (
    <Card
      title="表头筛选（服务端职务列表）"
      size="small"
      data-testid="position-filter-card"
      extra={
        <span>
          筛选参数：<code data-testid="position-params">{JSON.stringify(params)}</code>
        </span>
      }
    >
      <EditableTable
        columns={POSITION_COLUMNS}
        dataSource={page?.rows ?? EMPTY}
        rowSelection={false}
        authPre="demo:positionFilter"
        maxHeight={300}
        onFilterChange={setParams}
        toolbarExtra={<span data-testid="position-total">共 {page?.total ?? 0} 条</span>}
      />
    </Card>
  );
}
const EMPTY: Row[] = [];

/** Benchmark data (`?rows=N`): 12 simple columns. */
function benchColumns(): ColumnDef[] {
  return Array.from(
    { length: 12 },
    (_, i) =>
      ({
        key: `c${i}`,
        title: `列${i + 1}`,
        type: i % 4 === 1 ? 'inputNumber' : i % 4 === 2 ? 'select' : 'input',
        width: 110,
        options: i % 4 === 2 ? SEX : undefined,
        validateRules: i === 0 ? [{ required: true }] : undefined,
      }) as ColumnDef,
  );
}
function benchRows(n: number): Row[] {
  return Array.from({ length: n }, (_, r) => {
    const row: Row = { id: String(1_000_000 + r), orderNum: r + 1 };
    for (let i = 0; i < 12; i++) row[`c${i}`] = i % 4 === 1 ? r * 10 + i : i % 4 === 2 ? String((r % 2) + 1) : `R${r + 1}C${i + 1}`;
    return row;
  });
}

export default function EditableTableDemo() {
  const [params] = useSearchParams();
  const benchCount = Number(params.get('rows') ?? 0);
  const ref = useRef<EditableTableHandle>(null);
  const [payload, setPayload] = useState<SavePayload | null>(null);
  const columns = useMemo(() => (benchCount ? benchColumns() : COLUMNS), [benchCount]);
  const data = useMemo(() => (benchCount ? benchRows(benchCount) : SAVED), [benchCount]);
  (window as unknown as { __pkTable?: unknown }).__pkTable = ref;

  const save = async () => {
    const p = await ref.current!.getValues();
    setPayload(p);
    if (p.error) feedback.message.error(p.error);
    else feedback.message.success(`新增 ${p.insertData.length} 行，修改 ${p.updateData.length} 行，删除 ${p.deleteData.length} 行`);
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card title={benchCount ? `可编辑表格（${benchCount} 行 × 12 列）` : '可编辑表格'} size="small">
        <EditableTable
          ref={ref}
          columns={columns}
          dataSource={data}
          dragSort
          authPre="demo:editableTable"
          subTable={benchCount ? undefined : SUB}
          socketKey="demoTable"
          socketPageId="EditableTableDemo"
          toolbarExtra={
            <Button onClick={save} data-testid="save">
              保存
            </Button>
          }
        />
        {payload && (
          <pre data-testid="payload" style={{ maxHeight: 160, overflow: 'auto', fontSize: 12, background: '#fafafa', marginTop: 8 }}>
            {JSON.stringify(
              {
                error: payload.error,
                insert: payload.insertData.map((r) => r.id),
                update: payload.updateData.map((r) => r.id),
                delete: payload.deleteData.map((r) => r.id),
                total: payload.tableData.length,
                orderNum: payload.tableData.map((r) => [r.id, r.orderNum]),
                values: shownValues([...payload.insertData, ...payload.updateData]),
              },
              null,
              1,
            )}
          </pre>
        )}
      </Card>
      {!benchCount && <PositionFilterTable />}
      {!benchCount && (
        <Card title="树形表格（懒加载）" size="small">
          <EditableTable columns={TREE_COLUMNS} dataSource={TREE_ROOTS} loadChildren={loadTree} authPre="demo:editableTable" />
        </Card>
      )}
    </Space>
  );
}
