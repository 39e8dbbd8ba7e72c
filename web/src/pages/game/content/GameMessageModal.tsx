/**
 * 新增 / 编辑 a message to players: the generated fields, then 指定对象 — the players (`/book/user/userList`) or the
 * ships (`/book/pirateShip/shipList`) picked in a searchable multi-select when 发送对象 is 指定玩家 / 指定海盗船, none
 * for 全部玩家. Sent as the comma list `targetIds`.
 */
import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { gameMessageEntity, type EntityDef } from '@pk/contract';
import { http } from '../../../api/request';
import { FormModal, type EntityRow, type FormModalProps } from '../../../crud';

export const GAME_MESSAGE_FORM_MSG = {
  players: '指定玩家',
  ships: '指定海盗船',
  pickTargets: '请选择发送对象!',
} as const;

/** Option lists of the two target kinds (the venue's pickers: `GET {url}?keyword=&limit=` → `[{id, name…}]`). */
export const TARGET_LISTS: Record<number, string> = { 2: '/book/user/userList', 3: '/book/pirateShip/shipList' };

const formEntity: EntityDef = { ...gameMessageEntity, fields: gameMessageEntity.fields.filter((f) => f.prop !== 'targetIds') };

interface TargetOption {
  id: string;
  name?: string;
  nickname?: string;
  shipName?: string;
  shipNo?: string;
  phone?: string;
}

const labelOf = (o: TargetOption) => [o.name ?? o.nickname ?? o.shipName ?? o.id, o.shipNo ?? o.phone].filter(Boolean).join(' ');

/** The options of one target kind for what the user typed; a list that cannot answer is empty. */
function useTargetOptions(url: string | undefined, keyword: string) {
  return useQuery({
    queryKey: ['game', 'messageTargets', url, keyword],
    enabled: !!url,
    retry: false,
    queryFn: async () => {
      try {
        const res = await http.get<TargetOption[]>(url!, { keyword, limit: 50 }, { silent: true });
        return res.success && Array.isArray(res.result) ? res.result.map((o) => ({ value: String(o.id), label: labelOf(o) })) : [];
      } catch {
        return [];
      }
    },
  });
}

function TargetSelect({ targetType, value, onChange }: { targetType: number; value?: string[]; onChange?: (v: string[]) => void }): ReactNode {
  const [keyword, setKeyword] = useState('');
  const options = useTargetOptions(TARGET_LISTS[targetType], keyword);
  // chosen ids the current search does not list stay visible as their id
  const known = new Set((options.data ?? []).map((o) => o.value));
  const extra = (value ?? []).filter((v) => !known.has(v)).map((v) => ({ value: v, label: v }));
  return (
    <Select
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      loading={options.isFetching}
      value={value}
      onChange={onChange}
      options={[...(options.data ?? []), ...extra]}
      placeholder={targetType === 3 ? GAME_MESSAGE_FORM_MSG.ships : GAME_MESSAGE_FORM_MSG.players}
      allowClear
    />
  );
}

function targetItems(): ReactNode {
  return (
    <Form.Item noStyle dependencies={['targetType']}>
      {({ getFieldValue }) => {
        const type = Number(getFieldValue('targetType'));
        if (!TARGET_LISTS[type]) return null;
        return (
          <Form.Item
            name="targetIdList"
            label={type === 3 ? GAME_MESSAGE_FORM_MSG.ships : GAME_MESSAGE_FORM_MSG.players}
            rules={[{ required: true, type: 'array', min: 1, message: GAME_MESSAGE_FORM_MSG.pickTargets }]}
          >
            <TargetSelect targetType={type} />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}

export function messageValues(values: Record<string, unknown>, record: EntityRow | null): Record<string, unknown> {
  const ids = String(record?.targetIds ?? '')
    .split(',')
    .filter(Boolean);
  return { ...values, targetIdList: ids };
}

export function messageBody(body: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const list = Array.isArray(values.targetIdList) ? (values.targetIdList as string[]) : [];
  return { ...body, targetIds: TARGET_LISTS[Number(values.targetType)] ? list.join(',') : null };
}

export function GameMessageModal(props: FormModalProps): ReactNode {
  return <FormModal {...props} width={900} entity={formEntity} extraItemsAfter={targetItems} formValues={messageValues} toBody={messageBody} />;
}
