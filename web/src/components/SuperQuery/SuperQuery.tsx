/**
 * The advanced query builder (001 §2: 高级查询构造器, width 1000; §4 states; §5 messages): a 高级查询 button that
 * opens the dialog with one blank condition; 查询 emits the `superQueryParams` + `superQueryMatchType` the CRUD
 * engine reads (contract §5.5) and turns the query-active flag on; 重置 clears both. Saved queries live in local
 * storage under `JSuperQuerySaved_` + the save code (or the current path).
 *
 * @example
 *   <SuperQuery fields={queryFields(positionEntity)} saveCode="position" onSearch={(p) => setSuper(p)} />
 */
import { useState, type ReactNode } from 'react';
import { Badge, Button, Col, Empty, Input, List, Modal, Row, Select, Tooltip } from 'antd';
import { DeleteOutlined, FilterOutlined, SaveOutlined } from '@ant-design/icons';
import type { FieldDef } from '@pk/contract';
import { feedback } from '../feedback';
import { ConditionRow } from './ConditionRow';
import {
  blankCondition,
  loadSaved,
  MATCH_TYPES,
  nonEmpty,
  planSave,
  readSaved,
  removeSaved,
  saveKey,
  SQ_MSG,
  superQueryParams,
  SUPER_QUERY_TITLE,
  SUPER_QUERY_WIDTH,
  writeSaved,
  type Condition,
  type MatchType,
  type SavedQuery,
} from './superQueryRules';
import { MSG } from '../../messages';

export type SuperQueryOutput = { superQueryParams: string; superQueryMatchType: MatchType } | null;

export interface SuperQueryProps {
  /** The fields offered (use `queryFields(entity)`). */
  fields: FieldDef[];
  /** Local-storage code of the saved queries; the current path when absent (001 §9). */
  saveCode?: string;
  /** The list params to apply, or null to drop the advanced query. */
  onSearch: (params: SuperQueryOutput) => void;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function SuperQuery({ fields, saveCode, onSearch }: SuperQueryProps): ReactNode {
  const key = saveKey(saveCode, typeof window === 'undefined' ? '/' : window.location.pathname);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(false);
  const [conditions, setConditions] = useState<Condition[]>([blankCondition()]);
  const [matchType, setMatchType] = useState<MatchType>('and');
  const [saved, setSaved] = useState<SavedQuery[]>(() => readSaved(storage() ?? { getItem: () => null }, key));
  const [selected, setSelected] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<{ open: boolean; name: string }>({ open: false, name: '' });

  const persist = (list: SavedQuery[]) => {
    setSaved(list);
    const s = storage();
    if (s) writeSaved(s, key, list);
  };

  function openBuilder(): void {
    setSaved(readSaved(storage() ?? { getItem: () => null }, key));
    if (!conditions.length) setConditions([blankCondition()]);
    setOpen(true);
  }

  function search(): void {
    const params = superQueryParams(conditions, matchType);
    if (!params) {
      void feedback.message.warning(SQ_MSG.emptyQuery);
      return;
    }
    setActive(true);
    onSearch(params);
    setOpen(false);
  }

  function reset(): void {
    setConditions([blankCondition()]);
    setMatchType('and');
    setSelected(null);
    setActive(false);
    onSearch(null);
  }

  function askName(): void {
    if (!nonEmpty(conditions).length) {
      void feedback.message.warning(SQ_MSG.emptySave);
      return;
    }
    setPrompt({ open: true, name: selected ?? '' });
  }

  function save(): void {
    const plan = planSave(saved, prompt.name, conditions, matchType);
    if ('error' in plan) {
      void feedback.message.warning(plan.error);
      return;
    }
    const commit = () => {
      persist(plan.next);
      setSelected(prompt.name.trim());
      setPrompt({ open: false, name: '' });
      void feedback.message.success(SQ_MSG.saved);
    };
    if (plan.exists) feedback.modal.confirm({ title: '提示', content: SQ_MSG.exists(prompt.name.trim()), okText: '确定', cancelText: '取消', onOk: commit });
    else commit();
  }

  function pick(q: SavedQuery): void {
    const loaded = loadSaved(q);
    setConditions(loaded.conditions);
    setMatchType(loaded.matchType);
    setSelected(q.title);
  }

  function remove(q: SavedQuery): void {
    feedback.modal.confirm({
      title: '提示',
      content: SQ_MSG.removeSaved,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        persist(removeSaved(saved, q.title));
        if (selected === q.title) setSelected(null);
      },
    });
  }

  const update = (i: number, c: Condition) => setConditions((list) => list.map((x, k) => (k === i ? c : x)));
  const addAfter = (i: number) => setConditions((list) => [...list.slice(0, i + 1), blankCondition(), ...list.slice(i + 1)]);
  const removeAt = (i: number) => setConditions((list) => (list.length > 1 ? list.filter((_, k) => k !== i) : [blankCondition()]));

  const trigger = (
    <Button type={active ? 'primary' : 'default'} icon={<FilterOutlined aria-hidden />} onClick={openBuilder}>
      高级查询
    </Button>
  );

  return (
    <>
      {active ? (
        <Tooltip title={SQ_MSG.active}>
          <Badge dot>{trigger}</Badge>
        </Tooltip>
      ) : (
        trigger
      )}
      <Modal
        title={SUPER_QUERY_TITLE}
        width={SUPER_QUERY_WIDTH}
        open={open}
        onCancel={() => setOpen(false)}
        footer={
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <Button icon={<SaveOutlined aria-hidden />} onClick={askName}>
              保存查询条件
            </Button>
            <span>
              <Button onClick={() => setOpen(false)}>{MSG.close}</Button> <Button onClick={reset}>重置</Button>{' '}
              <Button type="primary" onClick={search}>
                查询
              </Button>
            </span>
          </div>
        }
      >
        <Row gutter={16}>
          <Col span={18}>
            <div style={{ marginBottom: 12 }}>
              <span>过滤条件匹配：</span>
              <Select
                aria-label="过滤条件匹配"
                style={{ width: 260 }}
                value={matchType}
                options={MATCH_TYPES.map((m) => ({ ...m }))}
                onChange={(v: MatchType) => setMatchType(v)}
              />
            </div>
            {conditions.map((c, i) => (
              <ConditionRow
                key={i}
                index={i}
                condition={c}
                fields={fields}
                onChange={(next) => update(i, next)}
                onAdd={() => addAfter(i)}
                onRemove={() => removeAt(i)}
              />
            ))}
          </Col>
          <Col span={6} style={{ borderLeft: '1px solid #f0f0f0' }}>
            <div style={{ fontWeight: 500, marginBottom: 8 }}>保存的查询</div>
            {saved.length ? (
              <List
                size="small"
                dataSource={saved}
                renderItem={(q) => (
                  <List.Item
                    className="pk-sq-saved"
                    style={{ cursor: 'pointer', background: q.title === selected ? '#e6f4ff' : undefined, paddingInline: 8 }}
                    onClick={() => pick(q)}
                    actions={[
                      <Button
                        key="del"
                        type="text"
                        size="small"
                        aria-label={`删除 ${q.title}`}
                        icon={<DeleteOutlined aria-hidden />}
                        onClick={(e) => {
                          e.stopPropagation();
                          remove(q);
                        }}
                      />,
                    ]}
                  >
                    {q.title}
                  </List.Item>
                )}
              />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有保存任何查询" />
            )}
          </Col>
        </Row>
      </Modal>
      <Modal
        title={SQ_MSG.namePrompt}
        open={prompt.open}
        width={400}
        okText="确定"
        cancelText="取消"
        onOk={save}
        onCancel={() => setPrompt({ open: false, name: '' })}
        destroyOnHidden
      >
        <Input aria-label="保存名称" autoFocus value={prompt.name} onChange={(e) => setPrompt((p) => ({ ...p, name: e.target.value }))} onPressEnter={save} />
      </Modal>
    </>
  );
}
