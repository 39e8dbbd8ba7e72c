import { Navigate } from 'react-router';
import type { AppRoute } from '../access/types';
import { firstChildPath } from '../access/menuToRoutes';
import { CONTAINER_LAYOUTS, normalizeComponent } from '../views/registry';
import { LazyPage } from '../views/lazyPage';
import Exception404 from '../pages/exception/Exception404';

/** The element of one flat route record (see access/types.ts AppRoute). */
export function routeElement(r: AppRoute, routes: readonly AppRoute[]) {
  if (r.kind === 'notFound') return <Exception404 />;
  const redirect = r.redirect && r.redirect !== r.path ? r.redirect : undefined;
  if (r.kind === 'layout' && CONTAINER_LAYOUTS.has(normalizeComponent(r.component))) {
    const to = redirect ?? firstChildPath(routes, r.path);
    return to ? <Navigate to={to} replace /> : <div />;
  }
  if (redirect) return <Navigate to={redirect} replace />;
  return <LazyPage component={r.component} />;
}
