/**
 * 组件示例 › 高级查询 (menu component `demo/SuperQueryDemo`): the builder of 001 §2/§4/§5 over the position
 * fields, showing the `superQueryParams` / `superQueryMatchType` it hands to the list (contract §5.5).
 */
import { useState, type ReactNode } from 'react';
import { Card, Descriptions, Space } from 'antd';
import { positionEntity } from '@pk/contract';
import { queryFields, SuperQuery, type SuperQueryOutput } from '../../components/SuperQuery';
import { MATCH_TYPES } from '../../components/SuperQuery/superQueryRules';

export default function SuperQueryDemo(): ReactNode {
  const [out, setOut] = useState<SuperQueryOutput>(null);
  return (
    <Card title="高级查询构造器">
      <Space direction="vertical" style={{ width: '100%' }}>
        <SuperQuery fields={queryFields(positionEntity)} saveCode="demo_super_query" onSearch={setOut} />
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="匹配方式">
            {out ? (MATCH_TYPES.find((m) => m.value === out.superQueryMatchType)?.label ?? out.superQueryMatchType) : '（未生效）'}
          </Descriptions.Item>
          <Descriptions.Item label="发送的查询参数">
            <code style={{ wordBreak: 'break-all' }}>{out?.superQueryParams ?? ''}</code>
          </Descriptions.Item>
          <Descriptions.Item label="查询条件（解码后）">
            <pre style={{ margin: 0 }}>{out ? JSON.stringify(JSON.parse(decodeURI(out.superQueryParams)), null, 2) : ''}</pre>
          </Descriptions.Item>
        </Descriptions>
      </Space>
    </Card>
  );
}
