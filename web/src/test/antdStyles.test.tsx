import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Button, Modal, message } from 'antd';
import { antdStyleContainer } from './antdStyles';
import { closeAntdOverlays } from './antdOverlays';

// ./antdStyles.ts (a setup file of every web test): antd's CSS-in-JS styles are generated as in a browser but kept
// out of jsdom's document, so getComputedStyle does not match thousands of antd rules for every visibility check.
const antdStylesInDocument = () => document.querySelectorAll('style[data-css-hash]').length;

describe("antd's styles in the web tests", () => {
  it('are generated into the detached container, none into the document', () => {
    render(<Button type="primary">保存设置</Button>);
    expect(screen.getByRole('button', { name: '保存设置' })).toBeVisible();
    expect(antdStyleContainer.isConnected).toBe(false);
    expect(antdStyleContainer.textContent).toContain('.ant-btn');
    expect(antdStylesInDocument()).toBe(0);
    expect([...document.styleSheets].some((sheet) => [...sheet.cssRules].some((r) => r.cssText.includes('.ant-btn')))).toBe(false);
  });

  it("also for antd's static roots (message, Modal.confirm), which render outside any provider", async () => {
    message.info('已保存');
    Modal.confirm({ title: '确认删除?' });
    expect(await screen.findByText('已保存')).toBeInTheDocument();
    expect((await screen.findAllByText('确认删除?')).length).toBeGreaterThan(0);
    expect(antdStyleContainer.textContent).toContain('.ant-message');
    expect(antdStyleContainer.textContent).toContain('.ant-modal');
    expect(antdStylesInDocument()).toBe(0);
    await closeAntdOverlays();
  });

  it('visibility still follows the DOM: hidden and inline display: none hide, for an element and its children', () => {
    render(
      <div>
        <div style={{ display: 'none' }}>
          <Button>隐藏的按钮</Button>
        </div>
        <p hidden>隐藏的段落</p>
        <Button>可见的按钮</Button>
      </div>,
    );
    expect(screen.getByText('隐藏的按钮')).not.toBeVisible();
    expect(screen.getByText('隐藏的段落')).not.toBeVisible();
    expect(screen.queryByRole('button', { name: '隐藏的按钮' })).toBeNull();
    expect(screen.getByRole('button', { name: '可见的按钮' })).toBeVisible();
  });
});
