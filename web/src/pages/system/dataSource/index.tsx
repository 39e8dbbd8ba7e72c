/**
 * 多数据源管理 — menu component `system/SysDataSourceList` (contract §12.6): the list of data sources; the
 * dialog holds the connection test. The server never sends a password back.
 */
import type { ReactNode } from 'react';
import { dataSourceEntity } from '@pk/contract';
import { ListPage } from '../../../crud';
import { DataSourceModal } from './DataSourceModal';

export default function SysDataSourceList(): ReactNode {
  return <ListPage entity={dataSourceEntity} renderForm={(props) => <DataSourceModal {...props} />} />;
}
