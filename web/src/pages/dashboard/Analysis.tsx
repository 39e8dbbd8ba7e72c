import { Card, Col, Row, Space, Typography } from 'antd';
import { ApartmentOutlined, IdcardOutlined, SettingOutlined, TeamOutlined, UserOutlined, BookOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { APP_TITLE, timeGreeting } from '../../config';
import { nickname, useSession } from '../../store/session';
import { findRoute } from '../../access/menu';

const SHORTCUTS = [
  { title: '职务管理', path: '/isystem/position', icon: <IdcardOutlined /> },
  { title: '用户管理', path: '/isystem/user', icon: <TeamOutlined /> },
  { title: '部门管理', path: '/isystem/depart', icon: <ApartmentOutlined /> },
  { title: '数据字典', path: '/isystem/dict', icon: <BookOutlined /> },
  { title: '菜单管理', path: '/isystem/permission', icon: <SettingOutlined /> },
  { title: '个人中心', path: '/account/center', icon: <UserOutlined /> },
];

/** 首页 (`dashboard/Analysis`): a welcome card and shortcuts to the pages the user may open. */
export default function Analysis() {
  const info = useSession((s) => s.userInfo);
  const routes = useSession((s) => s.routes) ?? [];
  const shortcuts = SHORTCUTS.filter((s) => findRoute(routes, s.path));
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {timeGreeting()}，{nickname(info)}，欢迎使用{APP_TITLE}
        </Typography.Title>
        <Typography.Text type="secondary">在左侧菜单或上方标签页中打开页面；右上角可搜索菜单、修改密码、切换部门和调整界面设置。</Typography.Text>
      </Card>
      <Card title="快捷入口">
        <Row gutter={[16, 16]}>
          {shortcuts.map((s) => (
            <Col key={s.path} xs={12} sm={8} md={6} lg={4}>
              <Link to={s.path} style={{ display: 'block', textAlign: 'center', padding: '12px 0' }}>
                <div style={{ fontSize: 28 }}>{s.icon}</div>
                <div>{s.title}</div>
              </Link>
            </Col>
          ))}
          {shortcuts.length === 0 && <Col span={24}>暂无可用的快捷入口</Col>}
        </Row>
      </Card>
    </Space>
  );
}
