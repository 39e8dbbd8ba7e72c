/**
 * Providers: antd (zh_CN, theme tokens from the preferences) and the router. react-query is provided by the main
 * layout (app/queryClient.ts), so the login route does not ship it.
 */
import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { BrowserRouter } from 'react-router';
import { usePreferences } from '../store/preferences';
import { FeedbackBinder } from './FeedbackBinder';
import { ThemeCssVars } from './ThemeCssVars';
import { AppRoutes } from './AppRoutes';
import './global.css';

dayjs.locale('zh-cn');

export function App() {
  const primaryColor = usePreferences((s) => s.primaryColor);
  const colorWeak = usePreferences((s) => s.colorWeak);
  useEffect(() => {
    document.body.classList.toggle('colorWeak', colorWeak);
  }, [colorWeak]);
  // antd derives link colours from colorInfo (always blue) unless colorLink is given: links follow the theme colour
  const theme = useMemo(
    () => ({ algorithm: antdTheme.defaultAlgorithm, token: { colorPrimary: primaryColor, colorLink: primaryColor, borderRadius: 4 } }),
    [primaryColor],
  );
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <FeedbackBinder />
        <ThemeCssVars />
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
