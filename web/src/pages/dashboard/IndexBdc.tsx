import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Chart } from '../../components/chart/Chart';
import { useLiveEvent } from '../../live/liveEvents';
import { fetchBdc, SIGN_IN_EVENT, usePageVisible, type VenueSignIn } from './dashboardOps';
import './IndexBdc.css';

/** How often the board reloads while on screen (the sign-in stream comes live in between). */
const BDC_REFRESH_MS = 15_000;
/** Sign-ins kept in the stream. */
const STREAM_MAX = 12;

const berries = (n: number) => n.toLocaleString('zh-CN');

function isSignIn(ev: Record<string, unknown>): ev is Record<string, unknown> & VenueSignIn {
  return typeof ev.id === 'string' && typeof ev.score === 'number';
}

function clock(): string {
  const d = new Date();
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/**
 * 场馆大屏 (`dashboard/IndexBdc`, issue 14 point 4, permission dashboard:bdc): a dark full-screen board for the venue's
 * wall — the day's figures in big numbers, the live bounty board, the ships at sea with crew and score, and the
 * stream of sign-ins, pushed over the live channel (`venueSignIn`) and prepended without a reload. 全屏 uses the
 * Fullscreen API; the board reloads every 15 s and the clock ticks only while the page is on screen.
 */
export default function IndexBdc() {
  const root = useRef<HTMLDivElement>(null);
  const visible = usePageVisible(root);
  const q = useQuery({ queryKey: ['dashboard', 'ops', 'bdc'], queryFn: fetchBdc, refetchInterval: visible ? BDC_REFRESH_MS : false });
  const d = q.data;
  const [pushed, setPushed] = useState<VenueSignIn[]>([]);
  const [fresh, setFresh] = useState<string | null>(null);
  const [now, setNow] = useState(clock);
  const [full, setFull] = useState(false);

  useLiveEvent(SIGN_IN_EVENT, (ev) => {
    if (!isSignIn(ev)) return;
    const s: VenueSignIn = {
      id: ev.id,
      playerName: typeof ev.playerName === 'string' ? ev.playerName : null,
      placeName: typeof ev.placeName === 'string' ? ev.placeName : null,
      shipName: typeof ev.shipName === 'string' ? ev.shipName : null,
      score: ev.score,
      signTime: typeof ev.signTime === 'string' ? ev.signTime : null,
    };
    setPushed((list) => [s, ...list.filter((x) => x.id !== s.id)].slice(0, STREAM_MAX));
    setFresh(s.id);
  });

  useEffect(() => {
    if (!visible) return;
    const t = window.setInterval(() => setNow(clock()), 1000);
    return () => window.clearInterval(t);
  }, [visible]);

  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement === root.current && root.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFull = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen?.();
    else void root.current?.requestFullscreen?.();
  }, []);

  // the pushed sign-ins first, then the loaded ones (a reload that already has a pushed one keeps one row)
  const seen = new Set<string>();
  const stream = [...pushed, ...(d?.signIns ?? [])].filter((s) => !seen.has(s.id) && seen.add(s.id)).slice(0, STREAM_MAX);
  const f = d?.figures;
  const figures = [
    { label: '航行中船只', value: f?.shipsAtSea },
    { label: '海上玩家', value: f?.playersAtSea },
    { label: '今日签到', value: f?.signInsToday },
    { label: '今日签到积分', value: f?.scoreToday },
  ];

  return (
    <div ref={root} className="pk-bdc" data-testid="index-bdc">
      <div className="pk-bdc-head">
        <div className="pk-bdc-title">海盗王乐园 · 场馆大屏</div>
        <div>
          <span className="pk-bdc-clock">{now}</span>
          <Button ghost icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={toggleFull}>
            {full ? '退出全屏' : '全屏'}
          </Button>
        </div>
      </div>
      <div className="pk-bdc-figures">
        {figures.map((x) => (
          <div key={x.label} className="pk-bdc-figure">
            <div className="pk-bdc-figure-label">{x.label}</div>
            <div className="pk-bdc-figure-value" data-testid={`bdc-${x.label}`}>
              {x.value === undefined ? '—' : berries(x.value)}
            </div>
          </div>
        ))}
      </div>
      <div className="pk-bdc-grid">
        <section className="pk-bdc-panel" aria-label="悬赏榜">
          <h3>悬赏榜</h3>
          {(d?.board ?? []).map((r) => (
            <div key={r.targetId} className="pk-bdc-row">
              <span>
                <span className="pk-bdc-rank">{r.rankNo}</span>
                {r.targetName ?? '—'} <span className="pk-bdc-muted">{r.rankName ?? ''}</span>
              </span>
              <span className="pk-bdc-num">{berries(r.bounty)} 贝利</span>
            </div>
          ))}
          {d && d.board.length === 0 && <div className="pk-bdc-muted">暂无数据</div>}
        </section>
        <section className="pk-bdc-panel" aria-label="航行中的船">
          <h3>航行中的船</h3>
          <Chart
            label="船只悬赏"
            height={170}
            option={{
              backgroundColor: 'transparent',
              textStyle: { color: '#e6f0ff' },
              tooltip: {},
              grid: { left: 8, right: 8, top: 8, bottom: 24, containLabel: true },
              xAxis: {
                type: 'category',
                data: (d?.ships ?? []).slice(0, 6).map((s) => s.shipName ?? s.shipNo ?? ''),
                axisLabel: { color: '#91caff', interval: 0 },
              },
              yAxis: { type: 'value', axisLabel: { color: '#91caff' }, splitLine: { lineStyle: { color: '#1f3a66' } } },
              series: [{ type: 'bar', data: (d?.ships ?? []).slice(0, 6).map((s) => s.bounty), itemStyle: { color: '#ffd666' }, barMaxWidth: 28 }],
            }}
          />
          {(d?.ships ?? []).map((s) => (
            <div key={s.id} className="pk-bdc-row">
              <span>
                {s.shipName ?? s.shipNo}{' '}
                <span className="pk-bdc-muted">
                  船员 {s.crew}/{s.maxMembers}
                </span>
              </span>
              <span className="pk-bdc-num">
                {s.totalScore} 分 · {berries(s.bounty)}
              </span>
            </div>
          ))}
          {d && d.ships.length === 0 && <div className="pk-bdc-muted">暂无航行中的船</div>}
        </section>
        <section className="pk-bdc-panel" aria-label="签到动态" data-testid="bdc-stream">
          <h3>签到动态</h3>
          {stream.map((s) => (
            <div key={s.id} className={`pk-bdc-row${s.id === fresh ? ' pk-bdc-new' : ''}`}>
              <span>
                {s.playerName ?? '—'} <span className="pk-bdc-muted">@ {s.placeName ?? '—'}</span>
              </span>
              <span className="pk-bdc-num">
                +{s.score} <span className="pk-bdc-muted">{(s.signTime ?? '').slice(11)}</span>
              </span>
            </div>
          ))}
          {d && stream.length === 0 && <div className="pk-bdc-muted">暂无签到</div>}
        </section>
      </div>
    </div>
  );
}
