import { Outlet } from 'react-router';
import { APP_TITLE } from '../config';
import './LoginLayout.css';

/** Login layout (000 §2): a title header, the routed child view and a copyright footer (year 2019). */
export default function LoginLayout() {
  return (
    <div className="user-layout">
      <div className="user-layout-content">
        <header className="user-layout-top">
          <div className="user-layout-header">
            <img src="/logo.svg" className="user-layout-logo" alt="" />
            <h1 className="user-layout-title">{APP_TITLE}</h1>
          </div>
          <div className="user-layout-desc">海盗王后台管理系统 — 系统管理、系统监控与游戏运营的一站式后台</div>
        </header>
        <main className="user-layout-main">
          <Outlet />
        </main>
        <footer className="user-layout-footer">Copyright &copy; 2019 {APP_TITLE}</footer>
      </div>
    </div>
  );
}
