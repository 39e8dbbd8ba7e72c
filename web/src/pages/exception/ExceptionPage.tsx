import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../config';

const TEXT = {
  403: '抱歉，你无权访问该页面',
  404: '抱歉，你访问的页面不存在或仍在开发中',
  500: '抱歉，服务器出错了',
} as const;

/** The exception pages 403 / 404 / 500 (000 §2). */
export function ExceptionPage({ type, detail }: { type: 403 | 404 | 500; detail?: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status={String(type) as '403' | '404' | '500'}
      title={type}
      subTitle={detail ?? TEXT[type]}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
