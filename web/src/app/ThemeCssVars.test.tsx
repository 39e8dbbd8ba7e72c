import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { describe, expect, it } from 'vitest';
import { ThemeCssVars } from './ThemeCssVars';

describe('ThemeCssVars', () => {
  it('gives our own CSS the chosen link colour (EditableTable icons follow the theme colour)', () => {
    const { rerender } = render(
      <ConfigProvider theme={{ token: { colorPrimary: '#52C41A', colorLink: '#52C41A' } }}>
        <ThemeCssVars />
      </ConfigProvider>,
    );
    expect(document.documentElement.style.getPropertyValue('--pk-color-link').toLowerCase()).toBe('#52c41a');
    rerender(
      <ConfigProvider theme={{ token: { colorPrimary: '#F5222D', colorLink: '#F5222D' } }}>
        <ThemeCssVars />
      </ConfigProvider>,
    );
    expect(document.documentElement.style.getPropertyValue('--pk-color-link').toLowerCase()).toBe('#f5222d');
    expect(document.documentElement.style.getPropertyValue('--pk-color-link-hover')).not.toBe('');
  });
});
