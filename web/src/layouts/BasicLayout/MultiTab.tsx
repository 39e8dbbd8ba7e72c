/**
 * The multi-tab bar (000 §2 "Tab layout"): one tab per full path; right-click menu 刷新 / 关闭左侧 / 关闭右侧 / 关闭其它.
 * Stable selectors for the e2e tests: the container has data-testid="multi-tab", each tab shows its title,
 * the context menu items are menuitems named by their Chinese labels.
 */
import { App, Dropdown, Tabs } from 'antd';
import { ReloadOutlined, VerticalLeftOutlined, VerticalRightOutlined, ColumnWidthOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTabs } from '../../store/tabs';
import { TAB_CLOSE_MENU_DELAY } from '../../config';

type Action = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers';

const MENU = [
  { key: 'refresh', label: '刷新', icon: <ReloadOutlined /> },
  { key: 'closeLeft', label: '关闭左侧', icon: <VerticalRightOutlined /> },
  { key: 'closeRight', label: '关闭右侧', icon: <VerticalLeftOutlined /> },
  { key: 'closeOthers', label: '关闭其它', icon: <ColumnWidthOutlined /> },
];

export function MultiTab() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const active = useTabs((s) => s.active);

  const go = (before: string) => {
    const next = useTabs.getState().active;
    if (next !== before) navigate(next);
  };

  const run = (action: Action, key: string) => {
    const st = useTabs.getState();
    const before = st.active;
    if (action === 'refresh') {
      st.refresh(key);
      if (key !== before) navigate(key);
      return;
    }
    st[action](key);
    go(before);
  };

  const remove = (key: string) => {
    const before = useTabs.getState().active;
    const warning = useTabs.getState().close(key);
    if (warning) void message.warning(warning);
    else go(before);
  };

  return (
    <div data-testid="multi-tab" className="multi-tab">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(k) => navigate(k)}
        onEdit={(k, op) => op === 'remove' && typeof k === 'string' && remove(k)}
        tabBarStyle={{ margin: 0 }}
        items={tabs.map((t) => ({
          key: t.fullPath,
          closable: true,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: MENU,
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  setTimeout(() => run(key as Action, t.fullPath), TAB_CLOSE_MENU_DELAY);
                },
              }}
            >
              <span data-tab-key={t.fullPath} title={t.fullPath}>
                {t.meta.title}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
