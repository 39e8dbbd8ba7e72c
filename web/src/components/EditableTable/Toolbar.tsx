import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, InputNumber, Popover, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { feedback } from '../feedback';
import { saveAddSettings, type AddSettings } from './addSettings';
import { MSG } from './constants';

/** Add, batch delete and clear selection (001 §6 default toolbar), plus the add-row settings popover. */
export function Toolbar(props: {
  canAdd: boolean;
  canDelete: boolean;
  /** Rows can be selected (otherwise no 清空选择). */
  selection: boolean;
  selectedCount: number;
  settings: AddSettings;
  onSettings: (s: AddSettings) => void;
  onAdd: () => void;
  onBatchDelete: () => void;
  onClearSelection: () => void;
  extra?: ReactNode;
}) {
  const [draft, setDraft] = useState(props.settings);
  const settingsPanel = (
    <Space orientation="vertical" size={8} style={{ width: 220 }}>
      <label>
        新增行数 <InputNumber aria-label="新增行数" min={1} precision={0} value={draft.addRowNum} onChange={(v) => setDraft({ ...draft, addRowNum: v ?? 1 })} />
      </label>
      <label>
        新增位置 <InputNumber aria-label="新增位置" min={0} precision={0} value={draft.addIndex} onChange={(v) => setDraft({ ...draft, addIndex: v ?? 0 })} />{' '}
        <small>(0 为末尾)</small>
      </label>
      <Checkbox checked={draft.addScrollToBottom} onChange={(e) => setDraft({ ...draft, addScrollToBottom: e.target.checked })}>
        新增后滚动到底部
      </Checkbox>
      <Button
        type="primary"
        size="small"
        onClick={() => {
          saveAddSettings(draft);
          props.onSettings(draft);
          feedback.message.success(MSG.saved);
        }}
      >
        保存
      </Button>
    </Space>
  );
  return (
    <Space wrap style={{ marginBottom: 8 }} className="pk-et-toolbar">
      {props.canAdd && (
        <Space.Compact>
          <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="et-add">
            新增
          </Button>
          <Popover trigger="click" title="新增设置" content={settingsPanel} onOpenChange={(o) => o && setDraft(props.settings)}>
            <Button type="primary" icon={<SettingOutlined />} aria-label="新增设置" />
          </Popover>
        </Space.Compact>
      )}
      {props.canDelete && (
        <Button danger onClick={props.onBatchDelete} data-testid="et-batch-delete">
          删除
        </Button>
      )}
      {props.selection && (
        <Button onClick={props.onClearSelection} disabled={!props.selectedCount}>
          清空选择
        </Button>
      )}
      {props.selectedCount > 0 && <span>已选择 {props.selectedCount} 项</span>}
      {props.extra}
    </Space>
  );
}
