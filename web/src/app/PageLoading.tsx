import { Spin } from 'antd';

export function PageLoading({ tip }: { tip?: string }) {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <Spin size="large" />
      {tip && <span style={{ marginLeft: 12, color: '#999' }}>{tip}</span>}
    </div>
  );
}
