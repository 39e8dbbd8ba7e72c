import { Button, Result } from 'antd';
import { Link, useSearchParams } from 'react-router';

/** 注册结果 (000 §2). */
export default function RegisterResult() {
  const [params] = useSearchParams();
  const username = params.get('username') ?? '';
  return (
    <Result
      status="success"
      title={`你的账户：${username} 注册成功`}
      extra={[
        <Link key="login" to="/user/login">
          <Button type="primary">使用已有账户登录</Button>
        </Link>,
        <Link key="home" to="/">
          <Button>返回首页</Button>
        </Link>,
      ]}
    />
  );
}
