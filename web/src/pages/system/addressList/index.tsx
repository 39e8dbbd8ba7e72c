/**
 * 通讯录 — menu component `system/AddressList` (contract §12.1 queryByOrgCodeForAddressList): the department tree
 * on the left; on the right the people of the chosen department and its sub-departments (everyone in a department
 * when none is chosen), searchable by 姓名 and 工号.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Card, Col, Row } from 'antd';
import type { TableColumnType } from 'antd';
import { DepartTree, type DepartNode } from '../../../components/DepartTree';
import { RemoteTable, useListController } from '../../../crud';
import { addressSource, type AddressRow } from './source';

const COLUMNS: TableColumnType<AddressRow>[] = [
  { title: '姓名', dataIndex: 'realname', align: 'center' },
  { title: '工号', dataIndex: 'workNo', align: 'center' },
  { title: '部门', dataIndex: 'departName', align: 'center' },
  { title: '职务', dataIndex: 'post', align: 'center', render: (v: string | null, r) => r.post_dictText ?? v },
  { title: '座机', dataIndex: 'telephone', align: 'center' },
  { title: '手机号', dataIndex: 'phone', align: 'center' },
  { title: '邮箱', dataIndex: 'email', align: 'center' },
];

const SEARCH = [
  { name: 'realname', label: '姓名' },
  { name: 'workNo', label: '工号' },
];

export default function AddressList(): ReactNode {
  const [current, setCurrent] = useState<DepartNode | null>(null);
  const orgCode = current?.orgCode;
  const extraParams = useMemo(() => (orgCode ? { orgCode } : null), [orgCode]);
  const list = useListController(addressSource, { extraParams });

  return (
    <Row gutter={12}>
      <Col xs={24} md={8} lg={6}>
        <Card size="small" title="组织机构">
          <DepartTree
            source="all"
            selectedKey={current?.key}
            onSelect={(n) => {
              setCurrent(n);
              list.paging.setPageNo(1);
            }}
          />
        </Card>
      </Col>
      <Col xs={24} md={16} lg={18}>
        <Card size="small" title={current ? `${current.departName} 的成员` : '全部成员'}>
          <RemoteTable list={list} searchName="address-search" search={SEARCH} columns={COLUMNS} numbered />
        </Card>
      </Col>
    </Row>
  );
}
