/** 职务管理 — menu component `system/SysPositionList` (contract §12.4), with the advanced query builder (issue 4.6). */
import type { ReactNode } from 'react';
import { ListPage } from '../../../crud';
import { positionEntity } from './data';

export default function SysPositionList(): ReactNode {
  return <ListPage entity={positionEntity} superQuery="sys_position" />;
}
