import { Result } from 'antd';

/** `/test/home` (000 §2 public route). */
export default function TestHome() {
  return <Result status="info" title="测试页" subTitle="/test/home" />;
}
