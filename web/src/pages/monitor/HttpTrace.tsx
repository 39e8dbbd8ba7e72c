/**
 * 请求追踪 (`modules/monitor/HttpTrace`, issue 14 point 1, contract §9): the server's last 100 requests, newest first —
 * method, path, status, duration, user, IP (the server keeps no token, cookie, password or body). As the original
 * client, OPTIONS requests and the trace's own calls are hidden. Filtered and paged here (the ring is 100 entries).
 */
import type { ReactNode } from 'react';
import { Select, Tag, type TableColumnType } from 'antd';
import type { Params } from '../../api/request';
import { RemoteTable, useListController } from '../../crud';
import { listSource } from '../../crud/listSource';
import { useLiveTimer } from '../../layouts/BasicLayout/usePageActive';
import { dateTime, fetchTraces, LIVE_MS, type TraceEntry } from './api';
import { LiveNote } from './parts';

export interface TraceRow {
  key: string;
  time: string;
  method: string;
  uri: string;
  status: number;
  timeTaken: number;
  principal: string;
  remoteAddress: string;
}

const pathOf = (uri: string) => uri.replace(/^[a-z]+:\/\/[^/]+/i, '');

export function traceRows(traces: TraceEntry[]): TraceRow[] {
  return traces
    .filter((t) => t.request.method !== 'OPTIONS' && !t.request.uri.includes('httptrace'))
    .map((t, i) => ({
      key: `${t.timestamp}#${i}`,
      time: dateTime(Date.parse(t.timestamp)),
      method: t.request.method,
      uri: pathOf(t.request.uri),
      status: t.response.status,
      timeTaken: t.timeTaken,
      principal: t.principal?.name ?? '',
      remoteAddress: t.request.remoteAddress,
    }));
}

export const traceSource = listSource<TraceRow>({
  key: ['monitor', 'httptrace'],
  sortParams: false,
  request: async (params: Params) => {
    const method = typeof params.method === 'string' ? params.method : '';
    const uri = typeof params.uri === 'string' ? params.uri.toLowerCase() : '';
    const status = typeof params.status === 'string' ? params.status : '';
    const rows = traceRows(await fetchTraces()).filter(
      (r) => (!method || r.method === method) && (!uri || r.uri.toLowerCase().includes(uri)) && (!status || String(r.status).startsWith(status)),
    );
    const pageNo = Number(params.pageNo) || 1;
    const pageSize = Number(params.pageSize) || 10;
    return { records: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: rows.length };
  },
});

const METHOD_COLORS: Record<string, string> = { GET: 'blue', POST: 'green', PUT: 'orange', DELETE: 'red', PATCH: 'purple' };

const COLUMNS: TableColumnType<TraceRow>[] = [
  { title: '请求时间', dataIndex: 'time', width: 170 },
  { title: '请求方法', dataIndex: 'method', width: 90, render: (v: string) => <Tag color={METHOD_COLORS[v]}>{v}</Tag> },
  { title: '请求URL', dataIndex: 'uri', ellipsis: true },
  {
    title: '响应状态',
    dataIndex: 'status',
    width: 90,
    render: (v: number) => <Tag color={v >= 500 ? 'red' : v >= 400 ? 'orange' : 'green'}>{v}</Tag>,
  },
  { title: '请求耗时', dataIndex: 'timeTaken', width: 100, render: (v: number) => <Tag color={v > 1000 ? 'red' : v > 200 ? 'orange' : 'blue'}>{v} ms</Tag> },
  { title: '用户', dataIndex: 'principal', width: 110 },
  { title: 'IP', dataIndex: 'remoteAddress', width: 130 },
];

export default function HttpTrace(): ReactNode {
  const list = useListController(traceSource);
  useLiveTimer(list.reload, LIVE_MS);
  return (
    <div className="pk-list-page">
      <div style={{ marginBottom: 12 }}>
        <LiveNote updatedAt={list.query.dataUpdatedAt} error={list.query.error} />
      </div>
      <RemoteTable
        list={list}
        rowKey="key"
        searchName="httptrace-search"
        search={[
          {
            name: 'method',
            label: '请求方法',
            input: (
              <Select
                allowClear
                placeholder="请选择请求方法"
                style={{ width: 140 }}
                options={['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].map((m) => ({ value: m, label: m }))}
              />
            ),
          },
          { name: 'uri', label: '请求URL' },
          { name: 'status', label: '响应状态' },
        ]}
        columns={COLUMNS}
        numbered
      />
    </div>
  );
}
