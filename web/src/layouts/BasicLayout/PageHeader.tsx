/** Breadcrumb (首页 first; current item plain text) and the route title above the page (000 §2). */
import { Breadcrumb, Typography } from 'antd';
import { Link } from 'react-router';
import { buildBreadcrumb } from '../../access/menu';
import type { AppRoute } from '../../access/types';
import { HOME_PATH } from '../../config';

export function PageHeader({ routes, pathname, route }: { routes: AppRoute[]; pathname: string; route?: AppRoute }) {
  if (route?.meta.hiddenHeaderContent) return null;
  const items = buildBreadcrumb(routes, pathname);
  return (
    <div className="page-header" data-testid="page-header">
      <Breadcrumb items={items.map((i) => ({ key: i.path ?? i.title, title: i.path ? <Link to={i.path}>{i.title}</Link> : i.title }))} />
      {route && route.path !== HOME_PATH && (
        <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
          {route.meta.title}
        </Typography.Title>
      )}
    </div>
  );
}
