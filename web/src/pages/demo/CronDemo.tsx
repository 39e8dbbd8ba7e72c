/** 组件示例 → Cron表达式: the cron builder in a form input, checked against the server's Quartz validator. */
import { useState } from 'react';
import { Alert, Button, Card, Form, List, Space, Typography } from 'antd';
import { CronInput } from '../../components/CronBuilder';
import { cronPreview } from '../../api/cron';

export default function CronDemo() {
  const [value, setValue] = useState('0 0/15 9-17 ? * 2,3,4,5,6 *');
  const [server, setServer] = useState<{ ok: boolean; message: string; runs: string[] } | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async () => {
    setBusy(true);
    try {
      const res = await cronPreview(value);
      setServer({ ok: res.success, message: res.message, runs: res.success && Array.isArray(res.result) ? res.result : [] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Cron表达式" data-testid="cron-demo">
      <Form layout="vertical" style={{ maxWidth: 560 }}>
        <Form.Item label="Cron表达式" extra="秒 分 时 日 月 周 年；周：1 = 周日 … 7 = 周六">
          <CronInput value={value} onChange={setValue} />
        </Form.Item>
        <Space>
          <Typography.Text>当前值：</Typography.Text>
          <Typography.Text code data-testid="cron-value">
            {value || '（空）'}
          </Typography.Text>
          <Button onClick={check} loading={busy}>
            服务端校验
          </Button>
        </Space>
      </Form>
      {server && (
        <div style={{ marginTop: 16, maxWidth: 560 }} data-testid="cron-server">
          {server.ok ? (
            <List
              size="small"
              header="服务端计算的最近10次运行时间（含年份）"
              bordered
              dataSource={server.runs}
              renderItem={(r) => <List.Item>{r}</List.Item>}
            />
          ) : (
            <Alert type="error" showIcon title={server.message} />
          )}
        </div>
      )}
    </Card>
  );
}
