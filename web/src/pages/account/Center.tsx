import { Avatar, Card, Descriptions } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { nickname, useSession } from '../../store/session';
import { avatarUrl } from '../../components/avatar';

/** 个人中心 (placeholder: the user's basic data from the session). */
export default function AccountCenter() {
  const info = useSession((s) => s.userInfo);
  return (
    <Card>
      <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
        <Avatar size={72} src={avatarUrl(info?.avatar)} icon={<UserOutlined />} />
        <Descriptions column={2} title={nickname(info)} style={{ flex: 1 }}>
          <Descriptions.Item label="账号">{info?.username}</Descriptions.Item>
          <Descriptions.Item label="姓名">{info?.realname}</Descriptions.Item>
          <Descriptions.Item label="部门编码">{info?.orgCode ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="手机">{String(info?.phone ?? '-')}</Descriptions.Item>
        </Descriptions>
      </div>
    </Card>
  );
}
