/**
 * 时段容量 (issue 13 point 3, code bookReservationInfo:capacity): the places of a time slot by default (no date) or
 * for one date, and a date's bookings per slot. The server keeps one row per (slot, date); bookings are counted
 * against it by the database (book_slot_usage).
 */
import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Form, InputNumber, List, Modal, Popconfirm, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { bookReservationInfoEntity, type SlotCapacityRow, type SlotUsageRow } from '@pk/contract';
import { http } from '../../../api/request';
import { DictSelect } from '../../../crud';
import { sendChange } from '../../../crud/notify';
import { MSG } from '../../../messages';
import { buttonName } from './buttonName';

const api = bookReservationInfoEntity.api;
export const CAPACITY_MSG = {
  slot: '预约时段',
  date: '日期（不选为该时段默认）',
  capacity: '容量（人）',
  byDefault: '默认',
  usage: '当日预约情况',
  booked: (booked: number, capacity: number) => `已约 ${booked} / ${capacity}`,
  slotRequired: '请选择预约时段',
  capacityRequired: '请填写容量',
} as const;

interface CapacityForm {
  timeSlot: string;
  reserveDate?: Dayjs | null;
  capacity: number;
}

export function CapacityModal({ onClose }: { onClose: () => void }): ReactNode {
  const [form] = Form.useForm<CapacityForm>();
  const client = useQueryClient();
  const [day, setDay] = useState<Dayjs>(dayjs());
  const rows = useQuery({ queryKey: ['reservationCapacity'], queryFn: () => http.get<SlotCapacityRow[]>(`${api}/capacityList`).then((r) => r.result ?? []) });
  const usage = useQuery({
    queryKey: ['reservationSlotUsage', day.format('YYYY-MM-DD')],
    queryFn: () => http.get<SlotUsageRow[]>(`${api}/slotUsage`, { reserveDate: day.format('YYYY-MM-DD') }).then((r) => r.result ?? []),
  });
  const reload = () => void client.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('reservation') });
  const save = async () => {
    const v = await form.validateFields();
    const body = { timeSlot: v.timeSlot, reserveDate: v.reserveDate ? v.reserveDate.format('YYYY-MM-DD') : null, capacity: v.capacity };
    if (await sendChange(() => http.post<unknown>(`${api}/capacitySave`, body))) reload();
  };
  const remove = async (id: string) => {
    if (await sendChange(() => http.delete<unknown>(`${api}/capacityDelete`, { id }))) reload();
  };
  return (
    <Modal title={buttonName('capacity')} open onCancel={onClose} footer={null} width={640}>
      <Form form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item name="timeSlot" rules={[{ required: true, message: CAPACITY_MSG.slotRequired }]}>
          <DictSelect code="reservation_slot" placeholder={CAPACITY_MSG.slot} />
        </Form.Item>
        <Form.Item name="reserveDate">
          <DatePicker placeholder={CAPACITY_MSG.date} style={{ width: 210 }} />
        </Form.Item>
        <Form.Item name="capacity" rules={[{ required: true, message: CAPACITY_MSG.capacityRequired }]}>
          <InputNumber min={0} max={100000} precision={0} placeholder={CAPACITY_MSG.capacity} style={{ width: 120 }} />
        </Form.Item>
        <Button type="primary" onClick={save}>
          保存
        </Button>
      </Form>
      <List
        size="small"
        bordered
        loading={rows.isLoading}
        dataSource={rows.data ?? []}
        renderItem={(r) => (
          <List.Item
            actions={[
              <Popconfirm key="remove" title={MSG.confirmDeleteOne} onConfirm={() => remove(r.id)}>
                <a>删除</a>
              </Popconfirm>,
            ]}
          >
            <Space>
              <Tag color={r.reserveDate ? 'blue' : 'default'}>{r.reserveDate ?? CAPACITY_MSG.byDefault}</Tag>
              <span>{r.timeSlot}</span>
              <b>{r.capacity}</b>
            </Space>
          </List.Item>
        )}
      />
      <Space style={{ marginTop: 16 }} wrap>
        <Typography.Text strong>{CAPACITY_MSG.usage}</Typography.Text>
        <DatePicker value={day} allowClear={false} onChange={(d) => d && setDay(d)} />
        {(usage.data ?? []).map((u) => (
          <Tag key={u.timeSlot} color={u.booked >= u.capacity ? 'red' : 'green'}>
            {u.timeSlot} {CAPACITY_MSG.booked(u.booked, u.capacity)}
          </Tag>
        ))}
      </Space>
    </Modal>
  );
}
