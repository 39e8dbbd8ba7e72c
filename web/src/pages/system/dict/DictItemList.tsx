/**
 * 字典配置: the items of one dictionary in a drawer (the original DictItemList): search 名称 / 状态, the items by
 * 排序值, add / edit (DictItemForm) / delete, each with its `dict:item:*` code.
 */
import { useMemo, type ReactNode } from 'react';
import { Drawer } from 'antd';
import { ListPage } from '../../../crud';
import { DictItemForm } from './DictItemForm';
import { drawerItemEntity } from './data';

interface Props {
  /** The dictionary whose items are shown; null = closed. */
  dict: { id: string; dictName: string } | null;
  onClose: () => void;
}

export function DictItemList({ dict, onClose }: Props): ReactNode {
  const params = useMemo(() => (dict ? { dictId: dict.id } : undefined), [dict]);
  return (
    <Drawer title={dict ? `字典列表 - ${dict.dictName}` : '字典列表'} open={!!dict} onClose={onClose} size={720} destroyOnHidden>
      {dict && (
        <ListPage
          entity={drawerItemEntity}
          params={params}
          columns={{ sortOrder: { width: 80 } }}
          renderForm={(p) => <DictItemForm dictId={dict.id} open={p.open} record={p.record} onClose={p.onClose} onSaved={p.onSaved} />}
        />
      )}
    </Drawer>
  );
}
