import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlCgformHeadEntity } from '@pk/contract';
import { http } from '../../../api/request';
import type { EntityRow } from '../../../crud';
import { closeAntdOverlays } from '../../../test/antdOverlays';
import { okEnvelope, renderWithQuery } from '../../../test/pageTest';
import { DesignerModal, DESIGNER_URL } from './DesignerModal';
import { designBody, defaultFields, moved, newField, tableNameRule } from './model';
import { DESIGNER_MSG, stepText } from './texts';

vi.mock('../../../api/request', async (orig) => ({
  ...(await orig<typeof import('../../../api/request')>()),
  http: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn(), upload: vi.fn() },
}));
const mocked = vi.mocked(http);

afterEach(async () => {
  await closeAntdOverlays();
  vi.clearAllMocks();
});

const WAIT = { timeout: 10_000 } as const;
const user = () => userEvent.setup({ pointerEventsCheck: 0 });
const box = (name: string) => screen.getByRole('textbox', { name, hidden: true }) as HTMLInputElement;
const button = (name: string | RegExp) => screen.getByRole('button', { name, hidden: true });
const ok = () => button(/确\s*定/);

/** The server's answers: the dictionaries, the table-name check (`taken` → -1), the stored rows of a form. */
function serve({ taken = false, fields = [] as Record<string, unknown>[], indexes = [] as Record<string, unknown>[] } = {}) {
  mocked.get.mockImplementation(async (url: string) => {
    if (url === DESIGNER_URL.checkOnlyTable) return okEnvelope(taken ? -1 : 1) as never;
    if (url === DESIGNER_URL.fields) return okEnvelope(fields) as never;
    if (url === DESIGNER_URL.indexes) return okEnvelope(indexes) as never;
    if (url.includes('cgform_table_type')) return okEnvelope([{ value: '1', text: '单表', title: '单表' }]) as never;
    if (url.includes('ol_form_biz_type')) return okEnvelope([{ value: 'temp', text: '测试表单', title: '测试表单' }]) as never;
    return okEnvelope([]) as never;
  });
  mocked.post.mockResolvedValue(okEnvelope(null, '添加成功！') as never);
  mocked.put.mockResolvedValue(okEnvelope(null, '修改成功!') as never);
}

const open = (record: EntityRow | null, onSaved = vi.fn()) =>
  renderWithQuery(<DesignerModal entity={onlCgformHeadEntity} open record={record} onClose={vi.fn()} onSaved={onSaved} />);

describe('designer model', () => {
  it('checks the table name by the contract rules', () => {
    expect(tableNameRule('')).toBe(DESIGNER_MSG.tableNameRequired);
    expect(tableNameRule('a_things')).toBe(DESIGNER_MSG.tableNameLetterUnderscore);
    expect(tableNameRule('12345')).toBe(DESIGNER_MSG.tableNameDigits);
    expect(tableNameRule('pk_things')).toBeNull();
  });

  it('builds the addAll body: lower-cased names, rows in order with orderNum, index fields as a comma list', () => {
    const rows = [...defaultFields(), newField({ dbFieldName: ' Title ', dbFieldTxt: '标题', dbLength: 100 })];
    const body = designBody({ tableName: ' PK_Demo ', tableTxt: '演示', tableType: '1', isCheckbox: 'Y', isPage: 'N', formCategory: 'temp' }, rows, [
      { _key: 'k', indexName: 'IX_Title', indexField: 'Title，id', indexType: 'unique' },
    ]);
    expect(body.head).toEqual({ tableName: 'pk_demo', tableTxt: '演示', tableType: 1, isCheckbox: 'Y', isPage: 'N', formCategory: 'temp' });
    expect(body.fields.map((f) => [f.dbFieldName, f.orderNum, f.dbIsKey])).toEqual([
      ['id', 0, 1],
      ['create_by', 1, 0],
      ['create_time', 2, 0],
      ['update_by', 3, 0],
      ['update_time', 4, 0],
      ['title', 5, 0],
    ]);
    expect(body.fields[0]).toMatchObject({ dbType: 'string', dbLength: 32, dbIsNull: 0, isShowForm: 0, isShowList: 0 });
    expect(body.fields[0]).not.toHaveProperty('_key');
    expect(body.indexs).toEqual([{ indexName: 'ix_title', indexField: 'title,id', indexType: 'unique' }]);
    expect(body).toMatchObject({ deleteFieldIds: '', deleteIndexIds: '' });
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moved([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });

  it('says each sync step in Chinese', () => {
    expect(stepText({ op: 'create', table: 'pk_demo' })).toBe('新建表 pk_demo');
    expect(stepText({ op: 'add', column: 'score' })).toBe('新增字段 score');
    expect(stepText({ op: 'rename', from: 'name', to: 'title' })).toBe('字段 name 改名为 title');
    expect(stepText({ op: 'drop', column: 'memo', values: 3 })).toBe('删除字段 memo（将清空 3 个值）');
    expect(stepText({ op: 'retype', column: 'title', from: 'varchar(50)', to: 'int', truncate: 0, empty: 2, round: 0, rows: ['r1', 'r2'] })).toBe(
      '字段 title 改变类型：varchar(50) → int（将清空 2 行，涉及 id：r1、r2）',
    );
    expect(stepText({ op: 'retype', column: 'pieces' })).toBe('字段 pieces 改变类型');
  });
});

describe('designer dialog', () => {
  it('新增: starts with the key and audit rows, and sends the typed head and rows to addAll', async () => {
    serve();
    const onSaved = vi.fn();
    open(null, onSaved);
    await waitFor(() => expect(box('字段名（第1行）').value).toBe('id'), WAIT);
    expect(box('字段名（第5行）').value).toBe('update_time');
    const u = user();
    await u.type(box('表名'), 'Pk_Demo');
    await u.type(box('表描述'), '演示表');
    await u.click(button('新增字段'));
    fireEvent.change(box('字段名（第6行）'), { target: { value: 'Title' } });
    fireEvent.change(box('字段备注（第6行）'), { target: { value: '标题' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: '字段长度（第6行）', hidden: true }), { target: { value: '100' } });
    await u.click(button('新增字段'));
    fireEvent.change(box('字段名（第7行）'), { target: { value: 'score' } });
    await u.click(button('上移（第7行）')); // score before title
    await u.click(screen.getByRole('checkbox', { name: '允许空值（第6行）', hidden: true })); // score: not null
    await waitFor(() => expect(mocked.get).toHaveBeenCalledWith(DESIGNER_URL.checkOnlyTable, { tbname: 'pk_demo', id: undefined }, { silent: true }), WAIT);
    await u.click(ok());
    await waitFor(() => expect(mocked.post).toHaveBeenCalled(), WAIT);
    const [url, body] = mocked.post.mock.calls[0] as [string, ReturnType<typeof designBody>];
    expect(url).toBe(DESIGNER_URL.addAll);
    expect(body.head).toEqual({ tableName: 'pk_demo', tableTxt: '演示表', tableType: 1, formCategory: 'temp', isCheckbox: 'Y', isPage: 'Y' });
    expect(body.fields.map((f) => [f.dbFieldName, f.dbFieldTxt, f.dbType, f.dbLength, f.dbIsNull, f.orderNum])).toEqual([
      ['id', '主键', 'string', 32, 0, 0],
      ['create_by', '创建人', 'string', 50, 1, 1],
      ['create_time', '创建日期', 'Datetime', 0, 1, 2],
      ['update_by', '更新人', 'string', 50, 1, 3],
      ['update_time', '更新日期', 'Datetime', 0, 1, 4],
      ['score', '', 'string', 32, 0, 5],
      ['title', '标题', 'string', 100, 1, 6],
    ]);
    expect(body.fields[6]).toMatchObject({
      fieldShowType: 'text',
      isShowForm: 1,
      isShowList: 1,
      isQuery: 0,
      queryMode: 'single',
      fieldMustInput: '0',
      sortFlag: '0',
    });
    expect(body.fields[6]).not.toHaveProperty('id');
    expect(body.indexs).toEqual([]);
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), WAIT);
  });

  it('shows 表名已存在！ when checkOnlyTable answers -1, and the contract rules as the user types', async () => {
    serve({ taken: true });
    open(null);
    await waitFor(() => expect(box('字段名（第1行）').value).toBe('id'), WAIT);
    const u = user();
    await u.type(box('表名'), 'a_things');
    expect(await screen.findByText(DESIGNER_MSG.tableNameLetterUnderscore, undefined, WAIT)).toBeTruthy();
    await u.clear(box('表名'));
    await u.type(box('表名'), 'pk_taken');
    expect(await screen.findByText(DESIGNER_MSG.tableTaken, undefined, WAIT)).toBeTruthy();
    expect(mocked.get).toHaveBeenCalledWith(DESIGNER_URL.checkOnlyTable, { tbname: 'pk_taken', id: undefined }, { silent: true });
    await u.type(box('表描述'), '已有');
    await u.click(ok());
    await new Promise((r) => setTimeout(r, 400));
    expect(mocked.post).not.toHaveBeenCalled();
  });

  it('编辑: loads the stored rows and sends editAll with the head id and the removed rows', async () => {
    serve({
      fields: [
        { id: 'f1', dbFieldName: 'id', dbFieldTxt: '主键', dbType: 'string', dbLength: 32, dbIsKey: 1, dbIsNull: 0, isShowForm: 0, isShowList: 0, orderNum: 0 },
        {
          id: 'f2',
          dbFieldName: 'name',
          dbFieldTxt: '名称',
          dbType: 'string',
          dbLength: 50,
          dbIsKey: 0,
          dbIsNull: 1,
          isShowForm: 1,
          isShowList: 1,
          dictTable: 'x',
          orderNum: 1,
        },
        { id: 'f3', dbFieldName: 'memo', dbFieldTxt: '备注', dbType: 'Text', dbLength: 0, dbIsKey: 0, dbIsNull: 1, isShowForm: 1, isShowList: 1, orderNum: 2 },
      ],
      indexes: [{ id: 'i1', indexName: 'ix_name', indexField: 'name', indexType: 'normal' }],
    });
    open({ id: 'h1', tableName: 'pk_crew', tableTxt: '船员', tableType: 1, formCategory: 'temp', isDbSynch: 'Y' });
    await waitFor(() => expect(box('字段名（第3行）').value).toBe('memo'), WAIT);
    expect(mocked.get).toHaveBeenCalledWith(DESIGNER_URL.fields, { headId: 'h1' });
    const u = user();
    await u.click(button('删除（第3行）'));
    expect(screen.getByRole('combobox', { name: '字段类型（第2行）', hidden: true })).toBeTruthy();
    // 校验字典: the tab, then the select of row 2 (its input labelled by column and row)
    await u.click(screen.getByRole('tab', { name: '校验字典', hidden: true }));
    const valid = await screen.findByRole('combobox', { name: '校验规则（第2行）', hidden: true }, WAIT);
    fireEvent.mouseDown(valid.closest('.ant-select') as HTMLElement);
    const option = await waitFor(() => {
      const o = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === '唯一校验');
      if (!o) throw new Error('no option 唯一校验');
      return o;
    }, WAIT);
    fireEvent.click(option);
    await u.click(ok());
    await waitFor(() => expect(mocked.put).toHaveBeenCalled(), WAIT);
    const [url, body] = mocked.put.mock.calls[0] as [string, ReturnType<typeof designBody>];
    expect(url).toBe(DESIGNER_URL.editAll);
    expect(body.head).toEqual({ id: 'h1', tableName: 'pk_crew', tableTxt: '船员', tableType: 1, formCategory: 'temp' });
    expect(body.fields.map((f) => [f.id, f.dbFieldName, f.orderNum])).toEqual([
      ['f1', 'id', 0],
      ['f2', 'name', 1],
    ]);
    expect(body.fields[1]).toMatchObject({ dictTable: 'x', fieldValidType: 'only' });
    expect(body.indexs).toEqual([{ id: 'i1', indexName: 'ix_name', indexField: 'name', indexType: 'normal' }]);
    expect(body.deleteFieldIds).toBe('f3');
  });
});
