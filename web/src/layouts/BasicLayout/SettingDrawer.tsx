/** 系统设置 (000 §3 display settings): persisted by store/preferences and applied at once. */
import { memo, type ReactNode } from 'react';
import { Divider, Drawer, Radio, Select, Switch, Tooltip, Button } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { COLOR_PRESETS, usePreferences } from '../../store/preferences';
import { useSession } from '../../store/session';
import { useLiveSettings, useVoiceOn } from '../../live/liveSettings';

/** Memoised: the layout re-renders on every navigation, the (usually closed) drawer only when its props change. */
export const SettingDrawer = memo(function SettingDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const p = usePreferences();
  const top = p.layoutMode === 'topmenu';
  return (
    <Drawer title="系统设置" placement="right" size={300} open={open} onClose={onClose} data-testid="setting-drawer">
      <h3 className="setting-title">整体风格设置</h3>
      <Radio.Group
        aria-label="整体风格设置"
        value={p.navTheme}
        onChange={(e) => p.set('navTheme', e.target.value)}
        optionType="button"
        options={[
          { value: 'dark', label: '暗色菜单风格' },
          { value: 'light', label: '亮色菜单风格' },
        ]}
      />
      <h3 className="setting-title">主题色</h3>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }} role="radiogroup" aria-label="主题色">
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
      <Divider />
      <h3 className="setting-title">导航模式</h3>
      <Radio.Group
        aria-label="导航模式"
        value={p.layoutMode}
        onChange={(e) => p.set('layoutMode', e.target.value)}
        optionType="button"
        options={[
          { value: 'sidemenu', label: '侧边栏导航' },
          { value: 'topmenu', label: '顶部栏导航' },
        ]}
      />
      <div style={{ marginTop: 12 }}>
        <Row
          action={
            <Select
              key="w"
              size="small"
              style={{ width: 80 }}
              aria-label="内容区域宽度"
              value={p.contentWidth}
              disabled={!top}
              onChange={(v) => p.set('contentWidth', v)}
              options={[
                { value: 'Fixed', label: '固定' },
                { value: 'Fluid', label: '流式' },
              ]}
            />
          }
        >
          <Tooltip title="该设定仅 [顶部栏导航] 时有效">内容区域宽度</Tooltip>
        </Row>
        <Row action={<Switch key="s" size="small" aria-label="固定顶栏" checked={p.fixedHeader} onChange={(v) => p.set('fixedHeader', v)} />}>固定顶栏</Row>
        <Row
          action={
            <Switch
              key="s"
              size="small"
              aria-label="下滑时隐藏顶栏"
              disabled={!p.fixedHeader}
              checked={p.autoHideHeader}
              onChange={(v) => p.set('autoHideHeader', v)}
            />
          }
        >
          下滑时隐藏顶栏
        </Row>
        <Row
          action={<Switch key="s" size="small" aria-label="固定侧边菜单" disabled={top} checked={p.fixSiderbar} onChange={(v) => p.set('fixSiderbar', v)} />}
        >
          固定侧边菜单
        </Row>
      </div>
      <Divider />
      <h3 className="setting-title">其他设置</h3>
      <div>
        <Row action={<Switch key="s" size="small" aria-label="色弱模式" checked={p.colorWeak} onChange={(v) => p.set('colorWeak', v)} />}>色弱模式</Row>
        <Row action={<Switch key="s" size="small" aria-label="多页签模式" checked={p.multipage} onChange={(v) => p.set('multipage', v)} />}>多页签模式</Row>
      </div>
      <Divider />
      <h3 className="setting-title">通知设置</h3>
      <div>
        <VoiceNoticeRow />
      </div>
      <Divider />
      <Button block onClick={() => p.reset()}>
        恢复默认设置
      </Button>
    </Drawer>
  );
});

/** Spoken notices on or off for the signed-in user (issue 12 point 6; kept per user on this browser). */
function VoiceNoticeRow() {
  const userId = useSession((s) => s.userInfo?.id);
  const on = useVoiceOn(userId);
  return (
    <Row
      action={
        <Switch
          key="s"
          size="small"
          aria-label="语音播报"
          disabled={!userId}
          checked={on}
          onChange={(v) => userId && useLiveSettings.getState().setVoice(userId, v)}
        />
      }
    >
      <Tooltip title="新消息到达时朗读消息标题">语音播报</Tooltip>
    </Row>
  );
}

function Row({ action, children }: { action: ReactNode; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '8px 0' }}>
      <span>{children}</span>
      {action}
    </div>
  );
}
