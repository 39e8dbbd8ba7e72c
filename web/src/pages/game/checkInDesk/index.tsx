/**
 * 签到台 — menu component `game/CheckInDesk` (issue 13 point 4, code checkInDesk:use): find today's confirmed
 * reservation (number, phone or name), enter its players (an existing player or a new one: nickname + phone) with a
 * bracelet each (scanned or typed), then form a new ship or join a sailing one with free places. 签到 sends it all in
 * one request (`POST /book/bookReservationInfo/checkIn`, one transaction on the server); 离场 returns the bracelets.
 */
import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Col, Empty, Form, Input, List, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { bookReservationInfoEntity, RESERVATION_STATUS as S, type CheckInBody, type CheckInResult, type DeskPlayer, type DeskShip } from '@pk/contract';
import { http } from '../../../api/request';
import { sendChange, showResult } from '../../../crud/notify';
import { buttonName } from '../reservation/buttonName';

const api = bookReservationInfoEntity.api;

export const DESK_MSG = {
  search: '预约编号 / 手机号 / 联系人',
  todayTitle: '今日预约',
  none: '今日没有符合条件的已确认预约',
  pick: '请先在左侧选择一条预约',
  people: (n: number) => `${n}人`,
  confirmed: '待签到',
  checkedIn: '已签到',
  players: '玩家与手环',
  existing: '已有玩家',
  newPlayer: '新玩家',
  pickPlayer: '搜索昵称或手机号',
  nickname: '昵称',
  phone: '请填写手机号',
  bracelet: '手环编号（扫码或输入）',
  addPlayer: '添加玩家',
  remove: '移除',
  ship: '海盗船',
  newShip: '组建新船',
  joinShip: '加入航行中的船',
  shipName: '船名',
  pickShip: '选择有空位的船',
  done: (r: CheckInResult) => `签到成功：${r.shipName ?? ''}（${r.shipNo ?? ''}）`,
  captainHint: '第一位玩家为船长',
} as const;

interface DeskRow {
  id: string;
  reservationNo: string | null;
  contactName: string | null;
  contactPhone: string | null;
  timeSlot: string | null;
  peopleCount: number | null;
  status: number | null;
}

interface PlayerLine {
  kind: 'existing' | 'new';
  userId?: string;
  nickname?: string;
  phone?: string;
  braceletNo?: string;
}

interface DeskForm {
  players: PlayerLine[];
  shipMode: 'new' | 'join';
  shipName?: string;
  shipId?: string;
}

function PlayerSelect(props: { value?: string; onChange?: (v: string) => void }): ReactNode {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['deskPlayers', keyword],
    queryFn: () => http.get<DeskPlayer[]>(`${api}/deskPlayers`, { keyword }).then((r) => r.result ?? []),
  });
  return (
    <Select
      {...props}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={DESK_MSG.pickPlayer}
      style={{ width: 220 }}
      loading={found.isFetching}
      options={(found.data ?? []).map((p) => ({ value: p.id, label: `${p.nickname ?? ''} ${p.phone ?? ''}`, disabled: !!p.braceletId }))}
    />
  );
}

export default function CheckInDesk(): ReactNode {
  const client = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<DeskRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const [form] = Form.useForm<DeskForm>();
  const shipMode = Form.useWatch('shipMode', form);
  const list = useQuery({
    queryKey: ['deskSearch', query],
    queryFn: () => http.get<DeskRow[]>(`${api}/deskSearch`, { keyword: query }).then((r) => r.result ?? []),
  });
  const ships = useQuery({
    queryKey: ['deskShips'],
    queryFn: () => http.get<DeskShip[]>(`${api}/deskShips`).then((r) => r.result ?? []),
    enabled: shipMode === 'join',
  });
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['deskSearch'] });
    void client.invalidateQueries({ queryKey: ['deskShips'] });
    void client.invalidateQueries({ queryKey: ['deskPlayers'] });
  };

  const choose = (r: DeskRow) => {
    setChosen(r);
    setResult(null);
    form.resetFields();
    form.setFieldsValue({ players: [{ kind: 'new' }], shipMode: 'new', shipName: `${r.contactName ?? ''}号` });
  };

  const checkIn = async () => {
    if (!chosen) return;
    const v = await form.validateFields();
    const body: CheckInBody = {
      id: chosen.id,
      players: (v.players ?? []).map((p) =>
        p.kind === 'existing'
          ? { userId: p.userId, braceletNo: String(p.braceletNo ?? '').trim() }
          : { nickname: p.nickname, phone: p.phone, braceletNo: String(p.braceletNo ?? '').trim() },
      ),
      shipMode: v.shipMode,
      shipName: v.shipMode === 'new' ? v.shipName : undefined,
      shipId: v.shipMode === 'join' ? v.shipId : undefined,
    };
    setBusy(true);
    try {
      const res = await http.post<CheckInResult>(`${api}/checkIn`, body);
      showResult(res);
      if (res.success && res.result) {
        setResult(DESK_MSG.done(res.result));
        setChosen({ ...chosen, status: S.checkedIn });
        refresh();
      }
    } catch {
      // the request client has reported it
    } finally {
      setBusy(false);
    }
  };

  const checkOut = async () => {
    if (!chosen) return;
    if (await sendChange(() => http.post<unknown>(`${api}/checkOut`, { id: chosen.id }))) {
      setChosen(null);
      setResult(null);
      refresh();
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={9}>
        <Card title={DESK_MSG.todayTitle} size="small">
          <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
            <Input
              allowClear
              placeholder={DESK_MSG.search}
              value={keyword}
              onChange={(e) => setKeyword(e.target.value)}
              onPressEnter={() => setQuery(keyword)}
            />
            <Button type="primary" onClick={() => setQuery(keyword)}>
              查询
            </Button>
          </Space.Compact>
          <List
            size="small"
            loading={list.isLoading}
            locale={{ emptyText: DESK_MSG.none }}
            dataSource={list.data ?? []}
            renderItem={(r) => (
              <List.Item
                onClick={() => choose(r)}
                style={{ cursor: 'pointer', background: chosen?.id === r.id ? 'var(--ant-color-primary-bg, #e6f4ff)' : undefined, paddingInline: 8 }}
                data-testid={`desk-res-${r.reservationNo}`}
              >
                <List.Item.Meta
                  title={`${r.reservationNo ?? ''} ${r.contactName ?? ''}`}
                  description={`${r.contactPhone ?? ''} · ${r.timeSlot ?? ''} · ${DESK_MSG.people(Number(r.peopleCount ?? 0))}`}
                />
                <Tag color={r.status === S.checkedIn ? 'green' : 'blue'}>{r.status === S.checkedIn ? DESK_MSG.checkedIn : DESK_MSG.confirmed}</Tag>
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} md={15}>
        <Card
          title={
            chosen ? `${chosen.reservationNo ?? ''} ${chosen.contactName ?? ''}（${DESK_MSG.people(Number(chosen.peopleCount ?? 0))}）` : buttonName('checkIn')
          }
          size="small"
        >
          {!chosen && <Empty description={DESK_MSG.pick} />}
          {result && <Alert type="success" showIcon title={result} style={{ marginBottom: 12 }} />}
          {chosen?.status === S.checkedIn && (
            <Button danger onClick={checkOut}>
              {buttonName('checkOut')}
            </Button>
          )}
          {chosen?.status === S.confirmed && (
            <Form form={form} layout="vertical">
              <Typography.Title level={5}>
                {DESK_MSG.players} <Typography.Text type="secondary">（{DESK_MSG.captainHint}）</Typography.Text>
              </Typography.Title>
              <Form.List name="players">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((f) => (
                      <Space key={f.key} align="baseline" wrap style={{ marginBottom: 4 }}>
                        <Form.Item name={[f.name, 'kind']} noStyle>
                          <Radio.Group
                            optionType="button"
                            options={[
                              { value: 'new', label: DESK_MSG.newPlayer },
                              { value: 'existing', label: DESK_MSG.existing },
                            ]}
                          />
                        </Form.Item>
                        <Form.Item noStyle shouldUpdate>
                          {() =>
                            form.getFieldValue(['players', f.name, 'kind']) === 'existing' ? (
                              <Form.Item name={[f.name, 'userId']} rules={[{ required: true, message: DESK_MSG.pickPlayer }]} style={{ marginBottom: 0 }}>
                                <PlayerSelect />
                              </Form.Item>
                            ) : (
                              <Space>
                                <Form.Item name={[f.name, 'nickname']} rules={[{ required: true, message: DESK_MSG.nickname }]} style={{ marginBottom: 0 }}>
                                  <Input placeholder={DESK_MSG.nickname} maxLength={50} style={{ width: 110 }} />
                                </Form.Item>
                                <Form.Item name={[f.name, 'phone']} rules={[{ required: true, message: DESK_MSG.phone }]} style={{ marginBottom: 0 }}>
                                  <Input placeholder="手机号" maxLength={11} style={{ width: 130 }} />
                                </Form.Item>
                              </Space>
                            )
                          }
                        </Form.Item>
                        <Form.Item name={[f.name, 'braceletNo']} rules={[{ required: true, message: DESK_MSG.bracelet }]} style={{ marginBottom: 0 }}>
                          <Input placeholder={DESK_MSG.bracelet} maxLength={32} style={{ width: 190 }} />
                        </Form.Item>
                        {fields.length > 1 && <a onClick={() => remove(f.name)}>{DESK_MSG.remove}</a>}
                      </Space>
                    ))}
                    {fields.length < Number(chosen.peopleCount ?? 1) && (
                      <Button type="dashed" onClick={() => add({ kind: 'new' })} style={{ margin: '8px 0 16px' }}>
                        {DESK_MSG.addPlayer}
                      </Button>
                    )}
                  </>
                )}
              </Form.List>
              <Form.Item name="shipMode" label={DESK_MSG.ship}>
                <Radio.Group
                  options={[
                    { value: 'new', label: DESK_MSG.newShip },
                    { value: 'join', label: DESK_MSG.joinShip },
                  ]}
                />
              </Form.Item>
              {shipMode === 'join' ? (
                <Form.Item name="shipId" rules={[{ required: true, message: DESK_MSG.pickShip }]}>
                  <Select
                    placeholder={DESK_MSG.pickShip}
                    loading={ships.isLoading}
                    options={(ships.data ?? []).map((s) => ({
                      value: s.id,
                      label: `${s.shipName ?? ''}（${s.shipNo ?? ''}） ${s.memberCount}/${s.maxMembers}`,
                    }))}
                  />
                </Form.Item>
              ) : (
                <Form.Item name="shipName" rules={[{ required: true, message: DESK_MSG.shipName }]}>
                  <Input placeholder={DESK_MSG.shipName} maxLength={100} />
                </Form.Item>
              )}
              <Button type="primary" loading={busy} onClick={checkIn}>
                {buttonName('checkIn')}
              </Button>
            </Form>
          )}
        </Card>
      </Col>
    </Row>
  );
}
