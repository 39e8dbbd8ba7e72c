/**
 * 个人设置 → 个性化设置: the display settings of the settings drawer (000 §3 "Display settings"), the same store
 * (store/preferences.ts): a change here shows in the drawer and the other way round, applied at once and kept on the
 * server for the user, so it is applied at sign-in on any browser.
 */
import { Button, Radio, Select, Switch, Tooltip } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { COLOR_PRESETS, usePreferences } from '../../../store/preferences';

/** The page's labels (several are the settings drawer's and other screens' words too, so not a message catalogue). */
export const CUSTOM_TEXT = {
  theme: '整体风格',
  themeDesc: '侧边菜单的配色',
  color: '主题色',
  colorDesc: '按钮、链接和选中项的颜色',
  layout: '导航模式',
  layoutDesc: '侧边栏导航或顶部栏导航',
  width: '内容区域宽度',
  widthDesc: '该设定仅 [顶部栏导航] 时有效',
  fixedHeader: '固定顶栏',
  autoHide: '下滑时隐藏顶栏',
  fixSider: '固定侧边菜单',
  colorWeak: '色弱模式',
  multipage: '多页签模式',
  reset: '恢复默认设置',
  synced: '设置保存在你的账号中，在任何浏览器登录后都会生效。',
} as const;

function Row({ title, desc, children }: { title: string; desc?: string; children: ReactNode }) {
  return (
    <div className="pk-account-row">
      <div>
        <div>{title}</div>
        {desc && <div className="pk-account-row-desc">{desc}</div>}
      </div>
      <div>{children}</div>
    </div>
  );
}

export default function CustomSettings() {
  const p = usePreferences();
  const top = p.layoutMode === 'topmenu';
  return (
    <div data-testid="custom-settings">
      <p className="pk-account-row-desc">{CUSTOM_TEXT.synced}</p>
      <Row title={CUSTOM_TEXT.theme} desc={CUSTOM_TEXT.themeDesc}>
        <Radio.Group
          aria-label={CUSTOM_TEXT.theme}
          value={p.navTheme}
          onChange={(e) => p.set('navTheme', e.target.value)}
          optionType="button"
          options={[
            { value: 'dark', label: '暗色' },
            { value: 'light', label: '亮色' },
          ]}
        />
      </Row>
      <Row title={CUSTOM_TEXT.color} desc={CUSTOM_TEXT.colorDesc}>
        <div style={{ display: 'flex', gap: 8 }} role="radiogroup" aria-label={CUSTOM_TEXT.color}>
          {COLOR_PRESETS.map((c) => (
            <Tooltip key={c.color} title={c.key}>
              <button
                type="button"
                role="radio"
                aria-checked={p.primaryColor.toUpperCase() === c.color}
                aria-label={c.key}
                onClick={() => p.set('primaryColor', c.color)}
                style={{ width: 22, height: 22, borderRadius: 3, border: 0, background: c.color, cursor: 'pointer', color: '#fff', padding: 0 }}
              >
                {p.primaryColor.toUpperCase() === c.color && <CheckOutlined />}
              </button>
            </Tooltip>
          ))}
        </div>
      </Row>
      <Row title={CUSTOM_TEXT.layout} desc={CUSTOM_TEXT.layoutDesc}>
        <Radio.Group
          aria-label={CUSTOM_TEXT.layout}
          value={p.layoutMode}
          onChange={(e) => p.set('layoutMode', e.target.value)}
          optionType="button"
          options={[
            { value: 'sidemenu', label: '侧边栏导航' },
            { value: 'topmenu', label: '顶部栏导航' },
          ]}
        />
      </Row>
      <Row title={CUSTOM_TEXT.width} desc={CUSTOM_TEXT.widthDesc}>
        <Select
          style={{ width: 100 }}
          aria-label={CUSTOM_TEXT.width}
          value={p.contentWidth}
          disabled={!top}
          onChange={(v) => p.set('contentWidth', v)}
          options={[
            { value: 'Fixed', label: '固定' },
            { value: 'Fluid', label: '流式' },
          ]}
        />
      </Row>
      <Row title={CUSTOM_TEXT.fixedHeader}>
        <Switch aria-label={CUSTOM_TEXT.fixedHeader} checked={p.fixedHeader} onChange={(v) => p.set('fixedHeader', v)} />
      </Row>
      <Row title={CUSTOM_TEXT.autoHide}>
        <Switch aria-label={CUSTOM_TEXT.autoHide} disabled={!p.fixedHeader} checked={p.autoHideHeader} onChange={(v) => p.set('autoHideHeader', v)} />
      </Row>
      <Row title={CUSTOM_TEXT.fixSider}>
        <Switch aria-label={CUSTOM_TEXT.fixSider} disabled={top} checked={p.fixSiderbar} onChange={(v) => p.set('fixSiderbar', v)} />
      </Row>
      <Row title={CUSTOM_TEXT.colorWeak}>
        <Switch aria-label={CUSTOM_TEXT.colorWeak} checked={p.colorWeak} onChange={(v) => p.set('colorWeak', v)} />
      </Row>
      <Row title={CUSTOM_TEXT.multipage}>
        <Switch aria-label={CUSTOM_TEXT.multipage} checked={p.multipage} onChange={(v) => p.set('multipage', v)} />
      </Row>
      <Button style={{ marginTop: 24 }} onClick={() => p.reset()}>
        {CUSTOM_TEXT.reset}
      </Button>
    </div>
  );
}
