import { Empty, Typography } from 'antd';

/**
 * The empty state of a picker's list or tree: 暂无数据, or — when the server refused the read (e.g. 510
 * 没有权限，请联系管理员授权 for a role or position list on a user without that screen) — its message, so the
 * user sees why nothing is listed.
 */
export function PickerEmpty({ failure }: { failure?: string }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        failure ? (
          <Typography.Text type="warning" role="alert" data-testid="picker-failure">
            {failure}
          </Typography.Text>
        ) : (
          '暂无数据'
        )
      }
    />
  );
}
