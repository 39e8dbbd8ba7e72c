/**
 * 通讯录 — menu component `system/AddressList` (contract §12.1 queryByOrgCodeForAddressList): the department tree
 * on the left; on the right the people of the chosen department and its sub-departments (everyone in a department
 * when none is chosen), searchable by 姓名 and 工号.
 */
import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Input, Row, Table } from 'antd';
import type { PageResult } from '@pk/contract';
import { http } from '../../../api/request';
import { DepartTree, type DepartNode } from '../../../components/DepartTree';
import { SearchButtons, usePaging } from '../../../crud';

interface AddressRow {
  id: string;
  realname: string | null;
  workNo: string | null;
  departName: string | null;
  post: string | null;
  post_dictText?: string | null;
  telephone: string | null;
  phone: string | null;
  email: string | null;
}

export default function AddressList(): ReactNode {
  const [current, setCurrent] = useState<DepartNode | null>(null);
  const [form] = Form.useForm<{ realname?: string; workNo?: string }>();
  const [filters, setFilters] = useState<{ realname?: string; workNo?: string }>({});
  const paging = usePaging();
  const orgCode = current?.orgCode;

  const list = useQuery({
    queryKey: ['address-list', orgCode ?? '', filters, paging.params],
    queryFn: async () => {
      const res = await http.get<PageResult<AddressRow>>('/sys/user/queryByOrgCodeForAddressList', { orgCode, ...filters, ...paging.params });
      if (!res.success) throw new Error(res.message);
      return res.result;
    },
    placeholderData: keepPreviousData,
    retry: false,
  });

  return (
    <Row gutter={12}>
      <Col xs={24} md={8} lg={6}>
        <Card size="small" title="组织机构">
          <DepartTree
            source="all"
            selectedKey={current?.key}
            onSelect={(n) => {
              setCurrent(n);
              paging.setPageNo(1);
            }}
          />
        </Card>
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Card size="small" title={current ? `${current.departName} 的成员` : '全部成员'}>
          <Form
            form={form}
            name="address-search"
            layout="inline"
            style={{ rowGap: 12, marginBottom: 12 }}
            onFinish={(v) => {
              setFilters({ realname: v.realname?.trim() || undefined, workNo: v.workNo?.trim() || undefined });
              paging.setPageNo(1);
            }}
          >
            <Form.Item name="realname" label="姓名">
              <Input placeholder="请输入姓名" allowClear />
            </Form.Item>
            <Form.Item name="workNo" label="工号">
              <Input placeholder="请输入工号" allowClear />
            </Form.Item>
            <SearchButtons
              onReset={() => {
                form.resetFields();
                setFilters({});
                paging.setPageNo(1);
              }}
            />
          </Form>
          <Table<AddressRow>
            rowKey="id"
            size="middle"
            bordered
            loading={list.isFetching}
            dataSource={list.data?.records ?? []}
            scroll={{ x: 'max-content' }}
            columns={[
              paging.numberColumn(),
              { title: '姓名', dataIndex: 'realname', align: 'center' },
              { title: '工号', dataIndex: 'workNo', align: 'center' },
              { title: '部门', dataIndex: 'departName', align: 'center' },
              { title: '职务', dataIndex: 'post', align: 'center', render: (v: string | null, r) => r.post_dictText ?? v },
              { title: '座机', dataIndex: 'telephone', align: 'center' },
              { title: '手机号', dataIndex: 'phone', align: 'center' },
              { title: '邮箱', dataIndex: 'email', align: 'center' },
            ]}
            pagination={paging.pagination(list.data?.total)}
          />
        </Card>
      </Col>
    </Row>
  );
}
