/**
 * The places of a great line in route order (伟大航路, issue 13): drag a row (or 上移 / 下移) to reorder, add a place
 * from the place list, take one off the line; 保存 sends the whole order (`POST /book/greatLine/sortPlaces`), which
 * sets line_sort 1…n in one transaction (the line's place count and full score follow).
 */
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Modal, Space, Table, Tooltip } from 'antd';
import { HolderOutlined } from '@ant-design/icons';
import { DndContext, PointerSensor, KeyboardSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { VENUE_OPTION_LISTS, VENUE_DICTS } from '@pk/contract';
import { RefSelect, type OptionRow } from '../../../crud/RefSelect';
import { showResult } from '../../../crud/notify';
import { queryLinePlaces, sortPlaces, type LinePlace } from './api';

export const LINE_PLACES_MSG = { title: (name: string) => `航路签到点排序 - ${name}`, add: '添加签到点', empty: '该航路还没有签到点' } as const;

function SortableRow(props: React.HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }): ReactNode {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: props['data-row-key'] });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9, background: 'var(--ant-color-bg-container, #fff)' } : {}),
  };
  return <tr {...props} ref={setNodeRef} style={style} {...attributes} {...listeners} />;
}

export function LinePlacesModal({
  line,
  open,
  onClose,
  onSaved,
}: {
  line: { id: string; lineName?: unknown } | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}): ReactNode {
  const [places, setPlaces] = useState<LinePlace[]>([]);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  useEffect(() => {
    if (!open || !line) return;
    let live = true;
    setLoading(true);
    void queryLinePlaces(line.id)
      .then((r) => live && setPlaces(r.success && Array.isArray(r.result) ? r.result : []))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, line]);

  const move = (i: number, delta: number) => setPlaces((p) => (i + delta < 0 || i + delta >= p.length ? p : arrayMove(p, i, i + delta)));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setPlaces((p) =>
      arrayMove(
        p,
        p.findIndex((x) => x.id === active.id),
        p.findIndex((x) => x.id === over.id),
      ),
    );
  };
  const add = (id: string | null, row?: OptionRow) => {
    setPicked(null);
    if (!id || !row || places.some((p) => p.id === id)) return;
    setPlaces((p) => [
      ...p,
      { id, placeNo: (row.placeNo as string) ?? null, placeName: row.name, lineSort: null, signScore: (row.signScore as number) ?? null },
    ]);
  };
  const save = async () => {
    if (!line) return;
    setSaving(true);
    try {
      const r = await sortPlaces(
        line.id,
        places.map((p) => p.id),
      );
      showResult(r);
      if (r.success) {
        onSaved();
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={LINE_PLACES_MSG.title(String(line?.lineName ?? ''))}
      open={open}
      width={760}
      onCancel={onClose}
      onOk={save}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      <Space style={{ marginBottom: 12 }}>
        <span>{LINE_PLACES_MSG.add}：</span>
        <RefSelect
          url={VENUE_OPTION_LISTS.place}
          dict={VENUE_DICTS.place}
          value={picked}
          onChange={add}
          placeholder="搜索签到点名称或编号"
          style={{ width: 280 }}
        />
      </Space>
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <SortableContext items={places.map((p) => p.id)} strategy={verticalListSortingStrategy}>
          <Table<LinePlace>
            rowKey="id"
            size="small"
            bordered
            loading={loading}
            pagination={false}
            dataSource={places}
            locale={{ emptyText: LINE_PLACES_MSG.empty }}
            components={{ body: { row: SortableRow } }}
            columns={[
              { key: 'drag', width: 40, align: 'center', render: () => <HolderOutlined style={{ cursor: 'grab' }} aria-label="拖动排序" /> },
              { title: '顺序', key: 'order', width: 60, align: 'center', render: (_v, _r, i) => i + 1 },
              { title: '签到点编号', dataIndex: 'placeNo', width: 140 },
              { title: '签到点名称', dataIndex: 'placeName' },
              { title: '签到积分', dataIndex: 'signScore', width: 90, align: 'center' },
              {
                title: '操作',
                key: 'action',
                width: 170,
                align: 'center',
                render: (_v, r, i) => (
                  <Space size={4} onPointerDown={(e) => e.stopPropagation()}>
                    <Button size="small" type="link" disabled={i === 0} onClick={() => move(i, -1)}>
                      上移
                    </Button>
                    <Button size="small" type="link" disabled={i === places.length - 1} onClick={() => move(i, 1)}>
                      下移
                    </Button>
                    <Tooltip title="从航路移出（保存后生效）">
                      <Button size="small" type="link" danger onClick={() => setPlaces((p) => p.filter((x) => x.id !== r.id))}>
                        移出
                      </Button>
                    </Tooltip>
                  </Space>
                ),
              },
            ]}
          />
        </SortableContext>
      </DndContext>
    </Modal>
  );
}
