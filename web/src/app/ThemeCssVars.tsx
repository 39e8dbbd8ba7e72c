import { useEffect } from 'react';
import { theme } from 'antd';

/**
 * The theme colour for our own CSS (EditableTable icons and the like): `--pk-color-link` / `--pk-color-link-hover` on
 * the root element, from antd's tokens, so nothing hardcodes antd's default blue (issue 10 point 16).
 */
export function ThemeCssVars() {
  const { token } = theme.useToken();
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--pk-color-link', token.colorLink);
    root.setProperty('--pk-color-link-hover', token.colorLinkHover);
  }, [token.colorLink, token.colorLinkHover]);
  return null;
}
