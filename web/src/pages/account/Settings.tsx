import { Card, Empty } from 'antd';
import { useLocation } from 'react-router';
import { useSession } from '../../store/session';
import { findRoute } from '../../access/menu';

/** 个人设置 and its sub-pages (placeholders until the account settings are built). */
export default function AccountSettings() {
  const { pathname } = useLocation();
  const routes = useSession((s) => s.routes);
  const title = (routes && findRoute(routes, pathname)?.meta.title) || '个人设置';
  return (
    <Card title={title}>
      <Empty description="该设置页尚未开放" />
    </Card>
  );
}
