/**
 * 新增 / 编辑 of an online form (online-contract.md §1.1): a large dialog with the head form (表名 checked as the
 * user types with `api/checkOnlyTable`, 表描述, 表类型, 表单分类, 显示复选框, 是否分页) and the field and index
 * tables; 确定 sends the whole definition to `api/addAll` or `api/editAll` and shows the server's message. A new
 * definition starts with the key and audit rows; an edited one loads its rows from `field|index/listByHeadId`.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Col, Form, Input, Radio, Row } from 'antd';
import type { Result } from '@pk/contract';
import { http } from '../../../api/request';
import { DictSelect, serverRule, type EntityRow, type FormModalProps } from '../../../crud';
import { FormDialog } from '../../../crud/FormDialog';
import { useDialogForm } from '../../../crud/useDialogForm';
import { FieldsEditor } from './FieldsEditor';
import { IndexesEditor } from './IndexesEditor';
import {
  defaultFields,
  designBody,
  fieldFromStored,
  indexFromStored,
  rowsProblem,
  tableNameRule,
  type FieldRow,
  type HeadValues,
  type IndexRow,
} from './model';
import { DESIGNER_MSG, YES_NO_OPTIONS } from './texts';

export const DESIGNER_URL = {
  checkOnlyTable: '/online/cgform/api/checkOnlyTable',
  addAll: '/online/cgform/api/addAll',
  editAll: '/online/cgform/api/editAll',
  fields: '/online/cgform/field/listByHeadId',
  indexes: '/online/cgform/index/listByHeadId',
} as const;

/** The width of the dialog (the field table needs room). */
const WIDTH = 1200;

/** The table-name check: `-1` → 表名已存在！; no answer passes (the save checks again). */
async function checkTable(name: string, id: string | undefined): Promise<void> {
  let res: Result<number>;
  try {
    res = await http.get<number>(DESIGNER_URL.checkOnlyTable, { tbname: name.trim().toLowerCase(), id }, { silent: true });
  } catch {
    return;
  }
  if (res.success && Number(res.result) === -1) throw new Error(DESIGNER_MSG.tableTaken);
}

function initialHead(record: EntityRow | null): Partial<HeadValues> {
  if (!record) return { tableName: '', tableTxt: '', tableType: '1', formCategory: 'temp', isCheckbox: 'Y', isPage: 'Y' };
  const s = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
  return {
    tableName: s(record.tableName) ?? '',
    tableTxt: s(record.tableTxt) ?? '',
    tableType: s(record.tableType) ?? '1',
    formCategory: s(record.formCategory),
    // the head list does not carry these: unset stays as stored (editAll writes only the properties sent)
    isCheckbox: s(record.isCheckbox),
    isPage: s(record.isPage),
  };
}

async function loadRows(headId: string): Promise<{ fields: FieldRow[]; indexes: IndexRow[] }> {
  const [f, x] = await Promise.all([
    http.get<Record<string, unknown>[]>(DESIGNER_URL.fields, { headId }),
    http.get<Record<string, unknown>[]>(DESIGNER_URL.indexes, { headId }),
  ]);
  if (!f.success || !x.success) throw new Error(f.message || x.message || DESIGNER_MSG.loadFailed);
  return { fields: (f.result ?? []).map(fieldFromStored), indexes: (x.result ?? []).map(indexFromStored) };
}

export function DesignerModal({ open, record, onClose, onSaved }: FormModalProps): ReactNode {
  const headId = record?.id ? String(record.id) : undefined;
  const [fields, setFields] = useState<FieldRow[]>([]);
  const [indexes, setIndexes] = useState<IndexRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const removed = useRef<{ fields: string[]; indexes: string[] }>({ fields: [], indexes: [] });

  useEffect(() => {
    if (!open) return;
    removed.current = { fields: [], indexes: [] };
    setLoadError(null);
    if (!headId) {
      setFields(defaultFields());
      setIndexes([]);
      return;
    }
    let live = true;
    setFields([]);
    setIndexes([]);
    setLoading(true);
    loadRows(headId)
      .then((rows) => {
        if (!live) return;
        setFields(rows.fields);
        setIndexes(rows.indexes);
      })
      .catch((e: unknown) => live && setLoadError(e instanceof Error ? e.message : DESIGNER_MSG.loadFailed))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, headId]);

  const { form, modalProps } = useDialogForm<HeadValues>({
    open,
    record,
    initial: () => initialHead(record),
    send: async (head) => {
      const problem = loadError ?? rowsProblem(fields, indexes);
      if (problem) return { success: false, message: problem };
      const body = designBody(head, fields, indexes, { headId, removedFieldIds: removed.current.fields, removedIndexIds: removed.current.indexes });
      return headId ? http.put<unknown>(DESIGNER_URL.editAll, body) : http.post<unknown>(DESIGNER_URL.addAll, body);
    },
    onClose,
    onSaved,
  });

  const forget = (list: 'fields' | 'indexes') => (row: { id?: string }) => {
    if (row.id) removed.current[list].push(row.id);
  };

  return (
    <FormDialog
      title={headId ? DESIGNER_MSG.editTitle : DESIGNER_MSG.addTitle}
      open={open}
      onClose={onClose}
      form={form}
      name="onlCgformDesigner"
      modalProps={modalProps}
      width={WIDTH}
      labelSpan={7}
      wrapperSpan={17}
      loading={loading}
    >
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item
            name="tableName"
            label="表名"
            required
            validateFirst
            rules={[
              {
                validator: (_r, v: unknown) => {
                  const problem = tableNameRule(typeof v === 'string' ? v : '');
                  return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                },
              },
              serverRule('onlCgformDesigner.tableName', (text) => checkTable(text, headId)),
            ]}
          >
            <Input placeholder="请输入表名" maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="tableTxt" label="表描述" rules={[{ required: true, whitespace: true, message: DESIGNER_MSG.tableTxtRequired }]}>
            <Input placeholder="请输入表描述" maxLength={200} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="tableType" label="表类型">
            <DictSelect code="cgform_table_type" placeholder="请选择表类型" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="formCategory" label="表单分类">
            <DictSelect code="ol_form_biz_type" placeholder="请选择表单分类" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="isCheckbox" label="显示复选框">
            <Radio.Group options={YES_NO_OPTIONS} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="isPage" label="是否分页">
            <Radio.Group options={YES_NO_OPTIONS} />
          </Form.Item>
        </Col>
      </Row>
      {loadError && <Alert type="error" showIcon title={loadError} style={{ marginBottom: 8 }} />}
      <FieldsEditor
        rows={fields}
        onChange={setFields}
        onRemove={forget('fields')}
        indexTab={<IndexesEditor rows={indexes} onChange={setIndexes} onRemove={forget('indexes')} />}
      />
    </FormDialog>
  );
}
