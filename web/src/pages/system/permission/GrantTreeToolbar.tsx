/**
 * The toolbar above a menu-grant tree (role, department, department role): 全部勾选 / 取消全选 / 展开所有 /
 * 合并所有, with an optional caption before the buttons.
 */
import type { ReactNode } from 'react';
import { Button, Space } from 'antd';

export interface GrantTreeToolbarProps {
  /** Every checkable key of the tree (全部勾选). */
  keys: string[];
  /** The keys that have children (展开所有). */
  parentKeys: string[];
  setChecked: (keys: string[]) => void;
  setExpanded: (keys: string[]) => void;
  caption?: ReactNode;
}

export function GrantTreeToolbar({ keys, parentKeys, setChecked, setExpanded, caption }: GrantTreeToolbarProps): ReactNode {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      {caption}
      <Button size="small" onClick={() => setChecked(keys)}>
        全部勾选
      </Button>
      <Button size="small" onClick={() => setChecked([])}>
        取消全选
      </Button>
      <Button size="small" onClick={() => setExpanded(parentKeys)}>
        展开所有
      </Button>
      <Button size="small" onClick={() => setExpanded([])}>
        合并所有
      </Button>
    </Space>
  );
}
