import { useLocation } from 'react-router';
import { Empty } from 'antd';
import { useSession } from '../../store/session';
import { findRoute } from '../../access/menu';

/** `layouts/IframePageView`: the route's meta.url in an iframe. */
export default function IframePageView() {
  const { pathname } = useLocation();
  const routes = useSession((s) => s.routes);
  const url = routes ? findRoute(routes, pathname)?.meta.url : undefined;
  if (!url) return <Empty description="未配置页面地址" />;
  return <iframe title={url} src={url} style={{ width: '100%', height: 'calc(100vh - 220px)', minHeight: 400, border: 0, background: '#fff' }} />;
}
