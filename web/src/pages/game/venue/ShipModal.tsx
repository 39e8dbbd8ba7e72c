/**
 * The ship dialog (海盗船, issue 13): the ship's fields and its crew as a sub-table (EditableTable: player picker,
 * role, seat, join time). Ship and crew go to the server in one body (`shipTableList`, JeecgBoot's one-to-many
 * shape), saved in one transaction: more players than 最大人数, or a player on another sailing ship, is refused.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Spin } from 'antd';
import { pirateShipEntity } from '@pk/contract';
import { FormModal, type FormModalProps } from '../../../crud/FormModal';
import { EditableTable, type ColumnDef, type EditableTableHandle, type Row } from '../../../components/EditableTable';
import { pickerLabels } from '../../../components/EditableTable/cells/options';
import { queryCrew, searchPlayers } from './api';

export const CREW_COLUMNS: ColumnDef[] = [
  {
    key: 'userId',
    title: '船员',
    type: 'sel_search_async',
    width: 220,
    search: searchPlayers,
    validateRules: [
      { required: true, message: '请选择船员' },
      { unique: true, message: '船员不能重复' },
    ],
  },
  { key: 'memberRole', title: '角色', type: 'select', width: 120, dictCode: 'ship_member_role', defaultValue: '2' },
  { key: 'seatNo', title: '座位号', type: 'inputNumber', width: 100 },
  { key: 'joinTime', title: '加入时间', type: 'datetime', width: 200 },
];

/** Crew rows of the table → the body's `shipTableList`. */
export function crewBody(rows: readonly Row[]): Record<string, unknown>[] {
  const blank = (v: unknown) => v === undefined || v === null || v === '';
  return rows.map((r) => ({
    userId: blank(r.userId) ? null : String(r.userId),
    memberRole: blank(r.memberRole) ? null : r.memberRole,
    seatNo: blank(r.seatNo) ? null : r.seatNo,
    joinTime: blank(r.joinTime) ? null : r.joinTime,
  }));
}

export function ShipModal(props: FormModalProps): ReactNode {
  const table = useRef<EditableTableHandle>(null);
  const [crew, setCrew] = useState<Row[] | null>(null);
  const shipId = props.open && props.record?.id ? String(props.record.id) : null;

  useEffect(() => {
    if (!props.open) return;
    if (!shipId) return setCrew([]);
    let live = true;
    setCrew(null);
    void queryCrew(shipId).then((r) => {
      if (!live) return;
      const rows = r.success && Array.isArray(r.result) ? r.result : [];
      for (const c of rows) if (c.userId_dictText) pickerLabels.set(`async:userId:${c.userId}`, c.userId_dictText);
      setCrew(
        rows.map((c) => ({
          id: c.id,
          userId: c.userId,
          memberRole: c.memberRole == null ? '' : String(c.memberRole),
          seatNo: c.seatNo,
          joinTime: c.joinTime ?? '',
        })),
      );
    });
    return () => {
      live = false;
    };
  }, [props.open, shipId]);

  return (
    <FormModal
      {...props}
      entity={pirateShipEntity}
      width={1000}
      extraItemsAfter={() => (
        <Form.Item label={null} colon={false} wrapperCol={{ span: 24 }}>
          <div style={{ fontWeight: 500, margin: '8px 0' }}>船员</div>
          {crew ? (
            <div data-testid="ship-crew">
              <EditableTable
                key={shipId ?? 'new'}
                ref={table}
                columns={CREW_COLUMNS}
                dataSource={crew}
                rowNumber
                rowSelection
                maxHeight={260}
                authPre="pirateShip"
              />
            </div>
          ) : (
            <Spin />
          )}
        </Form.Item>
      )}
      toBody={(body) => (table.current ? { ...body, shipTableList: crewBody(table.current.store.allRows()) } : body)}
    />
  );
}
