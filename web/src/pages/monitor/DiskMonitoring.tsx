/** 磁盘监控 (`modules/monitor/DiskMonitoring`, issue 14 point 1, contract §9): every mounted filesystem as a gauge of % used. */
import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { bytes, useLiveDisks } from './api';
import { Gauge, LiveNote } from './parts';

export default function DiskMonitoring() {
  const q = useLiveDisks();
  const disks = q.data ?? [];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <LiveNote updatedAt={q.dataUpdatedAt} error={q.error} />
      <Row gutter={[16, 16]}>
        {disks.map((d) => (
          <Col key={d.name} xs={24} sm={12} lg={8} xl={6}>
            <Card title={<span title={d.name}>{d.name}</span>} size="small">
              <Gauge value={d.restPPT} name="已使用" label={`${d.name} 已使用`} height={200} />
              <Typography.Paragraph style={{ textAlign: 'center', marginBottom: 0 }}>
                总量 {bytes(d.max)}，可用 {bytes(d.rest)}
              </Typography.Paragraph>
            </Card>
          </Col>
        ))}
        {!q.isLoading && disks.length === 0 && (
          <Col span={24}>
            <Card>
              <Empty description="没有可显示的磁盘" />
            </Card>
          </Col>
        )}
      </Row>
    </Space>
  );
}
