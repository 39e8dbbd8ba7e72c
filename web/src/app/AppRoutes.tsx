/**
 * Route table and the navigation guard (000 §2 public routes, §4 rules 1–4 via access/guard.ts).
 * The server-menu routes live inside the lazily loaded main layout (layouts/BasicLayout), so the login route
 * ships without the shell. Without loaded routes nothing but the public routes is rendered.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { afterLoadTarget, guardDecision, loadFailureTarget } from '../access/guard';
import { VUE3_LAYOUT_ERROR } from '../access/menuToRoutes';
import { useSession } from '../store/session';
import { PageLoading } from './PageLoading';
import { useDocumentTitle } from './useDocumentTitle';
import { BasicLayout, Login, LoginLayout } from './routeChunks';

const Register = lazy(() => import('../pages/user/Register'));
const RegisterResult = lazy(() => import('../pages/user/RegisterResult'));
const Alteration = lazy(() => import('../pages/user/Alteration'));
const Exception404 = lazy(() => import('../pages/exception/Exception404'));
const TestHome = lazy(() => import('../pages/user/TestHome'));
const OAuth2Login = lazy(() => import('../pages/oauth2/OAuth2Login')); // issue 14 oauth part
const StartupError = lazy(() => import('./StartupError'));

export function AppRoutes() {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const routes = useSession((s) => s.routes);
  const [fatal, setFatal] = useState<Error | null>(null);
  const fullPath = location.pathname + location.search;
  const redirectQuery = new URLSearchParams(location.search).get('redirect');
  const decision = guardDecision({ pathname: location.pathname, fullPath, hasToken: !!token, routesLoaded: !!routes, redirectQuery });
  /** the redirect query of the previous location (rule 2: "go to the redirect query target") */
  const fromRedirect = useRef<string | null>(null);
  useDocumentTitle(location.pathname, routes);

  const target = decision.action === 'redirect' ? decision.to : '';
  useEffect(() => {
    if (decision.action === 'redirect') {
      navigate(target, { replace: true });
    } else if (decision.action === 'load') {
      useSession
        .getState()
        .loadPermissions()
        .then(() => {
          const next = afterLoadTarget(fullPath, fromRedirect.current);
          if (next !== fullPath) navigate(next, { replace: true });
        })
        .catch(async (e: unknown) => {
          const err = e instanceof Error ? e : new Error(String(e));
          if (err.message.startsWith(VUE3_LAYOUT_ERROR)) {
            // 000 §4: start-up fails with an error
            console.error(err);
            setFatal(err);
            return;
          }
          // rule 3: logout, then login with the full path
          await useSession.getState().logout();
          navigate(loadFailureTarget(fullPath), { replace: true });
        });
    }
  }, [decision.action, target, fullPath, navigate]);

  useEffect(() => {
    fromRedirect.current = redirectQuery;
  }, [redirectQuery]);

  if (fatal) {
    return (
      <Suspense fallback={<PageLoading />}>
        <StartupError message={fatal.message} />
      </Suspense>
    );
  }
  if (decision.action !== 'allow') return <PageLoading />;

  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/user" element={<LoginLayout />}>
          <Route index element={<Navigate to="/user/login" replace />} />
          <Route path="login" element={<Login />} />
          <Route path="register" element={<Register />} />
          <Route path="register-result" element={<RegisterResult />} />
          <Route path="alteration" element={<Alteration />} />
        </Route>
        <Route path="/oauth2-app" element={<LoginLayout />}>
          <Route index element={<Navigate to="/oauth2-app/login" replace />} />
          <Route path="login" element={<OAuth2Login />} />
        </Route>
        <Route path="/test">
          <Route index element={<Navigate to="/test/home" replace />} />
          <Route path="home" element={<TestHome />} />
        </Route>
        <Route path="/404" element={<Exception404 />} />
        {/* the server-menu routes, /, and unknown paths → /404 are resolved inside the main layout */}
        <Route path="*" element={routes ? <BasicLayout /> : <Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
