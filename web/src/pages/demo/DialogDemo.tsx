/** 组件示例 → 弹窗与控件: details dialog, draggable modal, prompt dialog, slider verification, click-speed guard, a check-rule field. */
import { useState } from 'react';
import { Button, Card, Descriptions, Space, Typography } from 'antd';
import { DetailModal, DraggableModal } from '../../components/Modal';
import { usePrompt } from '../../components/Prompt';
import { SliderVerify } from '../../components/SliderVerify';
import { useClickGuard } from '../../components/ClickGuard';
import { CheckRuleDemoForm } from '../system/checkRule/CheckRuleDemoForm';

export default function DialogDemo() {
  const [detail, setDetail] = useState(false);
  const [drag, setDrag] = useState(false);
  const [prompt, promptHolder] = usePrompt();
  const [answer, setAnswer] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const [clicks, setClicks] = useState(0);
  const guarded = useClickGuard(() => setClicks((n) => n + 1));

  return (
    <Card title="弹窗与控件" data-testid="dialog-demo">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Space wrap>
          <Button type="primary" onClick={() => setDetail(true)}>
            详情弹窗（1200，可全屏）
          </Button>
          <Button onClick={() => setDrag(true)}>可拖拽弹窗</Button>
          <Button
            onClick={async () => {
              const v = await prompt({ title: '请输入名称', content: '这是一个带输入框的提示弹窗', placeholder: '名称', required: true });
              setAnswer(v);
            }}
          >
            输入弹窗
          </Button>
          <Typography.Text data-testid="prompt-answer">输入结果：{answer === null ? '（未输入）' : answer}</Typography.Text>
        </Space>

        <div>
          <Typography.Title level={5}>滑块验证</Typography.Title>
          <SliderVerify onSuccess={() => setVerified(true)} />
          <Typography.Text type={verified ? 'success' : 'secondary'} data-testid="slider-result">
            {verified ? '已通过验证' : '未验证'}
          </Typography.Text>
        </div>

        <div>
          <Typography.Title level={5}>防止快速点击（300 ms）</Typography.Title>
          <Space>
            <Button onClick={guarded}>点我（快速连点会提示）</Button>
            <Typography.Text data-testid="guard-count">有效点击：{clicks}</Typography.Text>
          </Space>
        </div>

        <CheckRuleDemoForm />
      </Space>

      <DetailModal open={detail} title="详情" onCancel={() => setDetail(false)}>
        <Descriptions bordered column={3} size="small">
          <Descriptions.Item label="账号">admin</Descriptions.Item>
          <Descriptions.Item label="姓名">管理员</Descriptions.Item>
          <Descriptions.Item label="性别">男</Descriptions.Item>
          <Descriptions.Item label="手机号">13800000000</Descriptions.Item>
          <Descriptions.Item label="部门">海盗王总部</Descriptions.Item>
          <Descriptions.Item label="状态">正常</Descriptions.Item>
        </Descriptions>
      </DetailModal>
      <DraggableModal
        open={drag}
        title="按住标题拖动"
        width={520}
        onOk={() => setDrag(false)}
        onCancel={() => setDrag(false)}
        okText="确定"
        cancelText="取消"
        switchFullscreen
      >
        <p>按住标题栏可以拖动此弹窗；全屏时不能拖动。</p>
      </DraggableModal>
      {promptHolder}
    </Card>
  );
}
