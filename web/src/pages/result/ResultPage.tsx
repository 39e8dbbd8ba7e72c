import { Button, Card, Result, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '../../config';

/** Texts of the result pages (000 §2 "result pages"; JeecgBoot's result/Success and result/Error). */
export const RESULT_MSG = {
  successTitle: '提交成功',
  successDetail: '提交结果页用于反馈一系列操作任务的处理结果，如果仅是简单操作，使用全局提示反馈即可。',
  failTitle: '提交失败',
  failDetail: '请核对并修改以下信息后，再重新提交。',
  failReasons: '您提交的内容有如下错误：',
  failReason1: '您的账户已被冻结',
  failReason2: '您的账户还不具备申请资格',
  back: '返回修改',
} as const;

/** The success (`/result/success`) and fail (`/result/fail`) pages. */
export function ResultPage({ kind }: { kind: 'success' | 'fail' }) {
  const navigate = useNavigate();
  const success = kind === 'success';
  return (
    <Card>
      <Result
        status={success ? 'success' : 'error'}
        title={success ? RESULT_MSG.successTitle : RESULT_MSG.failTitle}
        subTitle={success ? RESULT_MSG.successDetail : RESULT_MSG.failDetail}
        extra={
          <Space>
            {!success && <Button onClick={() => navigate(-1)}>{RESULT_MSG.back}</Button>}
            <Button type="primary" onClick={() => navigate(HOME_PATH)}>
              返回首页
            </Button>
          </Space>
        }
      >
        {!success && (
          <Space orientation="vertical">
            <Typography.Text strong>{RESULT_MSG.failReasons}</Typography.Text>
            <Typography.Text type="danger">{RESULT_MSG.failReason1}</Typography.Text>
            <Typography.Text type="danger">{RESULT_MSG.failReason2}</Typography.Text>
          </Space>
        )}
      </Result>
    </Card>
  );
}
