import { Card, Col, Row, Space, Statistic, Typography } from 'antd';
import {
  ApartmentOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  BookOutlined,
  IdcardOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { VisitInfoDay } from '@pk/contract';
import { Link } from 'react-router';
import { APP_TITLE, timeGreeting } from '../../config';
import { nickname, useSession } from '../../store/session';
import { findRoute } from '../../access/menu';
import { usePermission } from '../../access/usePermission';
import { Chart, type ChartOption } from '../../components/chart/Chart';
import { venueApi, VENUE_PERM, type KeyFigure, type KeyFigures } from './IndexChart.api';

const SHORTCUTS = [
  { title: '职务管理', path: '/isystem/position', icon: <IdcardOutlined /> },
  { title: '用户管理', path: '/isystem/user', icon: <TeamOutlined /> },
  { title: '部门管理', path: '/isystem/depart', icon: <ApartmentOutlined /> },
  { title: '数据字典', path: '/isystem/dict', icon: <BookOutlined /> },
  { title: '菜单管理', path: '/isystem/permission', icon: <SettingOutlined /> },
  { title: '个人中心', path: '/account/center', icon: <UserOutlined /> },
];

/** Refresh the figures while the page stays open (react-query stops when the page unmounts). */
const REFRESH_MS = 60_000;

/** The 7 days ending today (Asia/Shanghai, as the server counts) with the server's rows, 0 for a day without visits. */
export function lastSevenDays(rows: VisitInfoDay[]): VisitInfoDay[] {
  const shanghai = new Date(Date.now() + 8 * 3600_000);
  const byDay = new Map(rows.map((r) => [r.tian, r]));
  return Array.from({ length: 7 }, (_, i) => {
    const d = new Date(shanghai.getTime() - (6 - i) * 86_400_000).toISOString().slice(0, 10);
    return byDay.get(d) ?? { tian: d, type: d.slice(5), visit: 0, ip: 0 };
  });
}

function VisitCards() {
  const info = useQuery({ queryKey: ['dashboard', 'loginfo'], queryFn: venueApi.loginInfo, refetchInterval: REFRESH_MS });
  const days = useQuery({ queryKey: ['dashboard', 'visitInfo'], queryFn: venueApi.visitInfo, refetchInterval: REFRESH_MS });
  const rows = lastSevenDays(days.data ?? []);
  const option: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['访问次数', '访问IP'] },
    grid: { left: 40, right: 20, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: rows.map((d) => d.type) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '访问次数', type: 'bar', data: rows.map((d) => d.visit), barMaxWidth: 32 },
      { name: '访问IP', type: 'line', data: rows.map((d) => d.ip) },
    ],
  };
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Card>
            <Statistic title="今日访问" value={info.data?.todayVisitCount ?? 0} loading={info.isLoading} />
          </Card>
          <Card>
            <Statistic title="今日访问IP" value={info.data?.todayIp ?? 0} loading={info.isLoading} />
          </Card>
          <Card>
            <Statistic title="总访问量" value={info.data?.totalVisitCount ?? 0} loading={info.isLoading} />
          </Card>
        </Space>
      </Col>
      <Col xs={24} lg={16}>
        <Card title="近7天访问" styles={{ body: { padding: 12 } }}>
          <Chart option={option} height={300} label="近7天访问" />
        </Card>
      </Col>
    </Row>
  );
}

/** "较昨日 +n" with an arrow; money keeps 2 decimals. */
function Compare({ f }: { f: KeyFigure }) {
  const today = f.key === 'onWater' ? f.trend[6]?.value : f.value;
  const diff = Math.round(((today ?? 0) - f.yesterday) * 100) / 100;
  const label = f.key === 'onWater' ? `入场 ${today ?? 0}，昨日 ${f.yesterday}` : `昨日 ${f.yesterday}`;
  const color = diff > 0 ? '#cf1322' : diff < 0 ? '#3f8600' : undefined;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {label}
      {diff !== 0 && (
        <span style={{ color, marginLeft: 8 }}>
          {diff > 0 ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {Math.abs(diff)}
        </span>
      )}
    </Typography.Text>
  );
}

function trendOption(data: KeyFigures): ChartOption {
  const pick = (key: KeyFigure['key']) => data.figures.find((f) => f.key === key);
  const lines: Array<[KeyFigure['key'], string]> = [
    ['reservations', '预约'],
    ['checkIns', '签到入场'],
    ['onWater', '入场人数'],
    ['signIns', '岛屿打卡'],
  ];
  const days = pick('reservations')?.trend.map((t) => t.day.slice(5)) ?? [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: lines.map(([, n]) => n) },
    grid: { left: 40, right: 20, top: 40, bottom: 30 },
    xAxis: { type: 'category', data: days },
    yAxis: { type: 'value', minInterval: 1 },
    series: lines.map(([key, name]) => ({ name, type: 'line', smooth: 0.3, data: pick(key)?.trend.map((t) => t.value) ?? [] })),
  };
}

/** The venue's key figures (permission dashboard:analysis). */
function VenueFigures() {
  const q = useQuery({ queryKey: ['dashboard', 'venue', 'keyFigures'], queryFn: venueApi.keyFigures, refetchInterval: REFRESH_MS });
  const data = q.data;
  return (
    <Card title="场馆今日" loading={q.isLoading}>
      {data && (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Row gutter={[16, 16]}>
            {data.figures.map((f) => (
              <Col key={f.key} xs={12} md={8} xl={4}>
                <Card size="small" data-figure={f.key} style={{ height: '100%' }}>
                  <Statistic title={f.title} value={f.value} precision={f.key === 'revenue' ? 2 : 0} suffix={f.unit} />
                  <Compare f={f} />
                </Card>
              </Col>
            ))}
          </Row>
          <Chart option={trendOption(data)} height={260} label="近7天场馆趋势" />
        </Space>
      )}
    </Card>
  );
}

/** 首页 (`dashboard/Analysis`): a welcome card, shortcuts, visits (`/sys/loginfo`, `/sys/visitInfo`) and, with
 * `dashboard:analysis`, the venue's key figures with their trends. */
export default function Analysis() {
  const info = useSession((s) => s.userInfo);
  const routes = useSession((s) => s.routes) ?? [];
  const { has } = usePermission();
  const shortcuts = SHORTCUTS.filter((s) => findRoute(routes, s.path));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {timeGreeting()}，{nickname(info)}，欢迎使用{APP_TITLE}
        </Typography.Title>
        <Typography.Text type="secondary">在左侧菜单或上方标签页中打开页面；右上角可搜索菜单、修改密码、切换部门和调整界面设置。</Typography.Text>
      </Card>
      {has(VENUE_PERM.analysis) && <VenueFigures />}
      <VisitCards />
      <Card title="快捷入口">
        <Row gutter={[16, 16]}>
          {shortcuts.map((s) => (
            <Col key={s.path} xs={12} sm={8} md={6} lg={4}>
              <Link to={s.path} style={{ display: 'block', textAlign: 'center', padding: '12px 0' }}>
                <div style={{ fontSize: 28 }}>{s.icon}</div>
                <div>{s.title}</div>
              </Link>
            </Col>
          ))}
          {shortcuts.length === 0 && <Col span={24}>暂无可用的快捷入口</Col>}
        </Row>
      </Card>
    </Space>
  );
}
