/**
 * 我的部门 — menu component `system/DepartUserList` (contract §12.3 queryMyDeptTreeList, §12.1 departUserList):
 * the departments the signed-in user heads or belongs to, and the users of the chosen one (all of them when none
 * is chosen). Read-only: changes are made in 部门管理.
 */
import { useState, type ReactNode } from 'react';
import { Card, Col, Row, Tabs } from 'antd';
import { DepartTree, type DepartNode } from '../../../components/DepartTree';
import { DepartBaseInfo } from '../depart/DepartForm';
import { DepartUsers } from '../depart/DepartUsers';

export default function DepartUserList(): ReactNode {
  const [current, setCurrent] = useState<DepartNode | null>(null);
  return (
    <Row gutter={12}>
      <Col xs={24} md={8} lg={7}>
        <Card size="small" title="我的部门">
          <DepartTree source="mine" selectedKey={current?.key} onSelect={setCurrent} />
        </Card>
      </Col>
      <Col xs={24} md={16} lg={17}>
        <Card size="small">
          <Tabs
            key={current?.id ?? 'all'}
            defaultActiveKey="users"
            items={[
              ...(current
                ? [
                    {
                      key: 'base',
                      label: '基本信息',
                      children: <DepartBaseInfo depart={current} parentName={null} canEdit={false} onSaved={() => undefined} />,
                    },
                  ]
                : []),
              { key: 'users', label: current ? `用户信息（${current.departName}）` : '用户信息', children: <DepartUsers depId={current?.id} readOnly /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
