/**
 * The 查询 / 重置 pair that ends a list page's inline search form: 查询 submits the form (its onFinish runs the
 * search), 重置 calls `onReset` (clear the form and the applied filters, back to page 1).
 * Icons carry aria-hidden: a button's accessible name is its text alone.
 *
 * @example
 *   <Form layout="inline" onFinish={apply}>…<SearchButtons onReset={reset} /></Form>
 */
import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';

export function SearchButtons({ onReset }: { onReset: () => void }): ReactNode {
  return (
    <Space>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined aria-hidden />}>
        查询
      </Button>
      <Button onClick={onReset} icon={<ReloadOutlined aria-hidden />}>
        重置
      </Button>
    </Space>
  );
}
