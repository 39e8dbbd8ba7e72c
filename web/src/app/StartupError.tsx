/** 000 §4: start-up stops with an error (e.g. a Vue3-style layout component in the menu); a chunk of its own, so
 * antd's Result illustrations stay out of the login page's JavaScript. */
import { Button, Result } from 'antd';
import { useSession } from '../store/session';

export default function StartupError({ message }: { message: string }) {
  return (
    <Result
      status="error"
      title="系统启动失败"
      subTitle={message}
      extra={
        <Button
          onClick={() =>
            void useSession
              .getState()
              .logout()
              .then(() => window.location.assign('/user/login'))
          }
        >
          退出登录
        </Button>
      }
    />
  );
}
