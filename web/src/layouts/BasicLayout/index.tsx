/**
 * The main layout (000 §2 "Layouts"): side menu (a drawer on mobile) or top menu, the global header, the
 * multi-tab bar, breadcrumb + title, the kept-alive pages and the footer. The server-menu routes are matched
 * here with useRoutes; the element is cached per full path by KeepAliveOutlet.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Drawer, Layout } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { useSession } from '../../store/session';
import { usePreferences } from '../../store/preferences';
import { useTabs } from '../../store/tabs';
import { findRoute } from '../../access/menu';
import type { AppRoute, MenuNode } from '../../access/types';
import { routeElement } from '../../app/routeElement';
import { APP_TITLE, FIXED_HEADER_OFFSET, HEADER_AUTO_HIDE_SCROLL, HOME_PATH, MOBILE_DRAWER_WIDTH, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from '../../config';
import { useDevice } from './useDevice';
import { SideMenu } from './SideMenu';
import { UserMenu } from './UserMenu';
import { MultiTab } from './MultiTab';
import { PageHeader } from './PageHeader';
import { KeepAliveOutlet, fullPathOf } from './KeepAliveOutlet';
import { SettingDrawer } from './SettingDrawer';
import { queryClient } from '../../app/queryClient';
import { prefetchPage, preloadMenuPages } from '../../views/prefetch';
import { LiveNotices } from '../../live/LiveNotices';
import './BasicLayout.css';

const { Header, Sider, Content, Footer } = Layout;

function Logo({ collapsed, theme }: { collapsed: boolean; theme: 'dark' | 'light' }) {
  // 000 §2: the logo links to the route named dashboard (/)
  return (
    <Link to="/" className={`layout-logo layout-logo-${theme}`} aria-label={APP_TITLE}>
      <img src="/logo.svg" alt="" />
      {!collapsed && <h1>{APP_TITLE}</h1>}
    </Link>
  );
}

// one empty list before sign-in data arrives, so the memoised route table is not rebuilt on every render
const NO_MENU: MenuNode[] = [];
const NO_ROUTES: AppRoute[] = [];

export default function BasicLayout() {
  const menu = useSession((s) => s.menu) ?? NO_MENU;
  const routes = useSession((s) => s.routes) ?? NO_ROUTES;
  const prefs = usePreferences();
  const tabs = useTabs((s) => s.tabs);
  const refreshKeys = useTabs((s) => s.refreshKeys);
  const device = useDevice();
  const mobile = device === 'mobile';
  const location = useLocation();
  const fullPath = fullPathOf(location);
  const [collapsed, setCollapsed] = useState(() => device === 'tablet' || !prefs.sidebar);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [headerVisible, setHeaderVisible] = useState(true);

  // tablet width: desktop with a collapsed sidebar (000 §2 device mode)
  useEffect(() => {
    if (device === 'tablet') setCollapsed(true);
    else if (device === 'desktop') setCollapsed(!usePreferences.getState().sidebar);
  }, [device]);

  const toggle = () => {
    if (mobile) {
      setDrawerOpen((o) => !o);
      return;
    }
    setCollapsed((c) => {
      if (device === 'desktop') usePreferences.getState().set('sidebar', c);
      return !c;
    });
  };

  const routeObjects = useMemo<RouteObject[]>(
    () => [
      { path: '/', element: <Navigate to={HOME_PATH} replace /> },
      ...routes.map((r) => ({ path: r.path, element: routeElement(r, routes) })),
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
    [routes],
  );
  const element = useRoutes(routeObjects, location);
  const current = findRoute(routes, location.pathname);

  // entering a page that is not open yet: its first queries start now, in parallel with its lazy chunk
  // (a tab switch shows the kept-alive page as it was and asks nothing)
  const entered = useRef(new Set<string>());
  useLayoutEffect(() => {
    const open = useTabs.getState().tabs.some((t) => t.fullPath === fullPath);
    if (!open || !entered.current.has(fullPath)) prefetchPage(queryClient, current?.component);
    entered.current.add(fullPath);
  }, [current, fullPath]);
  // the list pages' code arrives in idle time after sign-in
  useEffect(() => preloadMenuPages(routes.map((r) => r.component)), [routes]);

  // one tab per full path (pages only: containers redirect, hideTab pages stay out)
  useEffect(() => {
    if (!current || (current.kind === 'layout' && current.component !== 'layouts/IframePageView')) return;
    if (current.meta.hideTab) return;
    if (current.redirect && current.redirect !== current.path) return;
    useTabs.getState().open({
      name: current.name,
      path: location.pathname,
      fullPath,
      meta: { title: current.meta.title, icon: current.meta.icon, keepAlive: current.meta.keepAlive, componentName: current.meta.componentName },
    });
  }, [current, fullPath, location.pathname]);

  // auto-hide header at 100 px scroll (only with a fixed header)
  useEffect(() => {
    if (!prefs.fixedHeader || !prefs.autoHideHeader) {
      setHeaderVisible(true);
      return;
    }
    let last = window.scrollY;
    const on = () => {
      const y = window.scrollY;
      if (y < last) setHeaderVisible(true);
      else if (y > HEADER_AUTO_HIDE_SCROLL) setHeaderVisible(false);
      else setHeaderVisible(true);
      last = y;
    };
    window.addEventListener('scroll', on, { passive: true });
    return () => window.removeEventListener('scroll', on);
  }, [prefs.fixedHeader, prefs.autoHideHeader]);

  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);
  const top = prefs.layoutMode === 'topmenu' && !mobile;
  const siderWidth = top || mobile ? 0 : collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH;
  const multipage = prefs.multipage;
  const headerTheme = top ? prefs.navTheme : 'light';

  const headerStyle: React.CSSProperties = prefs.fixedHeader
    ? {
        position: 'fixed',
        top: 0,
        right: 0,
        width: `calc(100% - ${siderWidth}px)`,
        zIndex: 9,
        transition: 'transform .2s, width .2s',
        transform: headerVisible ? 'none' : 'translateY(-100%)',
      }
    : {};

  const sideMenu = (
    <SideMenu
      menu={menu}
      routes={routes}
      theme={prefs.navTheme}
      mode="inline"
      collapsed={mobile ? false : collapsed}
      onPick={mobile ? closeDrawer : undefined}
    />
  );

  return (
    <QueryClientProvider client={queryClient}>
      <LiveNotices />
      <Layout className={`basic-layout layout-${prefs.layoutMode} ${mobile ? 'is-mobile' : ''}`} style={{ minHeight: '100vh' }}>
        {!top && !mobile && (
          <Sider
            width={SIDER_WIDTH}
            collapsedWidth={SIDER_COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            theme={prefs.navTheme}
            className="layout-sider"
            style={prefs.fixSiderbar ? { position: 'fixed', insetBlock: 0, left: 0, height: '100vh', overflow: 'auto', zIndex: 10 } : undefined}
          >
            <Logo collapsed={collapsed} theme={prefs.navTheme} />
            <nav aria-label="侧边菜单" data-testid="side-menu">
              {sideMenu}
            </nav>
          </Sider>
        )}
        {mobile && (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={closeDrawer}
            size={MOBILE_DRAWER_WIDTH}
            closable={false}
            styles={{ body: { padding: 0, background: prefs.navTheme === 'dark' ? '#001529' : '#fff' } }}
          >
            <Logo collapsed={false} theme={prefs.navTheme} />
            <nav aria-label="侧边菜单" data-testid="side-menu">
              {sideMenu}
            </nav>
          </Drawer>
        )}
        <Layout style={{ marginLeft: prefs.fixSiderbar && !top && !mobile ? siderWidth : 0, transition: 'margin-left .2s' }}>
          <Header className={`layout-header layout-header-${headerTheme}`} style={headerStyle}>
            <div className={`header-inner ${top && prefs.contentWidth === 'Fixed' ? 'content-fixed' : ''}`}>
              {top ? (
                <>
                  <Logo collapsed={false} theme={prefs.navTheme} />
                  <nav aria-label="顶部菜单" data-testid="top-menu" className="top-menu">
                    <SideMenu menu={menu} routes={routes} theme={prefs.navTheme} mode="horizontal" />
                  </nav>
                </>
              ) : (
                <Button
                  type="text"
                  className="header-trigger"
                  aria-label={collapsed ? '展开菜单' : '收起菜单'}
                  icon={(mobile ? !drawerOpen : collapsed) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={toggle}
                />
              )}
              {!top && <div style={{ flex: 1 }} />}
              <UserMenu menu={menu} routes={routes} mobile={mobile} theme={headerTheme} onSettings={openSettings} />
            </div>
          </Header>
          <Content style={{ paddingTop: prefs.fixedHeader ? FIXED_HEADER_OFFSET : 0 }}>
            <div className={top && prefs.contentWidth === 'Fixed' ? 'content-fixed' : undefined}>
              {multipage && !mobile && <MultiTab />}
              <div className="layout-content">
                <PageHeader routes={routes} pathname={location.pathname} route={current} />
                <KeepAliveOutlet
                  element={element}
                  location={location}
                  keep={tabs.map((t) => t.fullPath)}
                  refreshKeys={refreshKeys}
                  enabled={multipage}
                  generation={routeObjects}
                />
              </div>
            </div>
          </Content>
          <Footer style={{ textAlign: 'center', color: 'rgba(0,0,0,.45)' }}>Copyright &copy; 2019 {APP_TITLE}</Footer>
        </Layout>
        <SettingDrawer open={settingsOpen} onClose={closeSettings} />
      </Layout>
    </QueryClientProvider>
  );
}
