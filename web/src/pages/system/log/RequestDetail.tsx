import type { ReactNode } from 'react';
import { Badge } from 'antd';
import type { EntityRow } from '../../../crud';

/** The expanded row of an operation: request method and URL, and its parameters (secrets masked by the server). */
export function RequestDetail({ record }: { record: EntityRow }): ReactNode {
  return (
    <div className="pk-log-request">
      <div style={{ marginBottom: 5 }}>
        <Badge status="success" text={`请求方法: ${String(record.method ?? '')}`} />
      </div>
      <div style={{ marginBottom: 5 }}>
        <Badge status="default" text={`请求路径: ${String(record.requestUrl ?? '')}`} />
      </div>
      <div>
        <Badge status="processing" text="请求参数:" />
        <pre style={{ margin: '4px 0 0 14px', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{String(record.requestParam ?? '')}</pre>
      </div>
    </div>
  );
}
