/** 组件示例 → 选择器 (menu component `demo/PickerDemo`): every picker of 001 §2 in one form, with its current value. */
import { Card, Col, Form, Row, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import {
  AreaPicker,
  BusinessPicker,
  CategorySelect,
  CheckboxGroup,
  DepartPicker,
  DictPicker,
  LABEL_DICT,
  PICKER,
  PositionPicker,
  RolePicker,
  SearchSelect,
  TreeSelectPicker,
  UserByDepartPicker,
  UserPicker,
  type PositionRow,
} from '../../components/pickers';
import { PICKER_MSG } from '../../components/pickers/rules';

type Values = Record<string, string | undefined>;

const INITIAL: Values = { area: '440106', checkbox: '1' };

function Shown({ name, value }: { name: string; value: string | undefined }) {
  return (
    <Typography.Text type="secondary" data-testid={`value-${name}`}>
      当前值：{value ? <Typography.Text code>{value}</Typography.Text> : '（空）'}
    </Typography.Text>
  );
}

export default function PickerDemo(): ReactNode {
  const [form] = Form.useForm<Values>();
  const [values, setValues] = useState<Values>(INITIAL);
  const item = (name: string, label: string, control: ReactNode, hint?: string) => (
    <Col xs={24} lg={12} key={name}>
      <Form.Item label={label} tooltip={hint}>
        <Form.Item name={name} noStyle>
          {control}
        </Form.Item>
        <div style={{ marginTop: 4 }}>
          <Shown name={name} value={values[name]} />
        </div>
      </Form.Item>
    </Col>
  );
  return (
    <Card title="选择器" data-testid="picker-demo">
      <Form form={form} layout="vertical" initialValues={INITIAL} onValuesChange={(_, all) => setValues({ ...all })}>
        <Row gutter={24}>
          {item('users', '用户（按部门选择）', <UserByDepartPicker testId="picker-user-by-depart" />, '值为用户账号，逗号分隔')}
          {item('user', '用户选择', <UserPicker testId="picker-user" />, '账号、性别、生日筛选')}
          {item('departLinked', '部门（多选）', <DepartPicker testId="picker-depart" />, '底部“树操作”切换父子关联 / 取消关联')}
          {item('departSingle', '部门（单选）', <DepartPicker multi={false} testId="picker-depart-single" />)}
          {item('roles', '角色', <RolePicker testId="picker-role" />, '值为角色编码')}
          {item('position', '职务', <PositionPicker testId="picker-position" />, '值为职务编码')}
          {item('rank', '字典值（职级）', <DictPicker dictCode="position_rank" testId="picker-dict" />)}
          {item(
            'business',
            '业务组件选择（职务）',
            <BusinessPicker<PositionRow>
              title={PICKER_MSG.selectPosition}
              url="sys/position/list"
              valueField="code"
              textField="name"
              labelDict={LABEL_DICT.position}
              searchField={{ name: 'name', label: '职务名称' }}
              columns={[
                { title: '职务名称', dataIndex: 'name' },
                { title: '职务编码', dataIndex: 'code' },
              ]}
              testId="picker-business"
            />,
          )}
          {item(
            'category',
            '树选择（分类字典）',
            <TreeSelectPicker dict="sys_category,name,id" pidField="pid" pidValue="0" hasChildField="has_child" testId="picker-tree" />,
          )}
          {item(
            'categoryFiltered',
            '树选择（带条件 code like A02%）',
            <TreeSelectPicker
              dict="sys_category,name,code"
              pidField="pid"
              pidValue="0"
              hasChildField="has_child"
              condition='{"code":"A02%"}'
              testId="picker-tree-cond"
            />,
          )}
          {item('categorySelect', '分类字典选择（全部分类）', <CategorySelect testId="picker-category" />, '值为分类 id；展开时加载下级')}
          {item('categoryMulti', '分类字典选择（道具分类，多选）', <CategorySelect pcode="A02" multiple testId="picker-category-multi" />)}
          {item('searchUser', `搜索选择（${PICKER.searchDebounce} ms）`, <SearchSelect dict="sys_user,realname,username" testId="picker-search" />)}
          {item(
            'searchDepart',
            `表单下拉搜索（${PICKER.formDebounce} ms）`,
            <SearchSelect dict="sys_depart,depart_name,id" debounce={PICKER.formDebounce} testId="picker-search-form" />,
          )}
          {item('checkbox', '多选框组（性别）', <CheckboxGroup dictCode="sex" />)}
          {item('area', '省市区（级联）', <AreaPicker testId="picker-area" />)}
          {item('areaSelect', '省市区（下拉）', <AreaPicker type="select" testId="picker-area-select" />)}
          {item('areaBad', "错误的类型（type='tree'）", <AreaPicker type="tree" />)}
        </Row>
      </Form>
    </Card>
  );
}
