/**
 * 数据字典 — menu component `system/DictList` (contract §6.2, the original DictList): the dictionaries with search
 * 字典名称 / 字典编码, add / edit / delete, Excel export and import (the generic list page of dictEntity), and
 * per row 字典配置 (the items drawer); 刷新缓存 (server and client dictionary caches, crud/dictCache.ts) and
 * 回收站 (restore or delete for good).
 */
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { DeleteOutlined, SyncOutlined } from '@ant-design/icons';
import { ListPage, listQueryKey, useAuth, type EntityRow } from '../../../crud';
import { DICT_CACHE_MSG, reloadDictCache } from '../../../crud/dictCache';
import { feedback } from '../../../components/feedback';
import { DictItemList } from './DictItemList';
import { DictRecycleBin } from './DictRecycleBin';
import { dictEntity } from './data';

export default function DictList(): ReactNode {
  const { hasAuth } = useAuth();
  const queryClient = useQueryClient();
  const [itemsOf, setItemsOf] = useState<{ id: string; dictName: string } | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);

  async function refreshCache(): Promise<void> {
    setRefreshing(true);
    const done = await reloadDictCache(queryClient);
    setRefreshing(false);
    if (done) void feedback.message.success(DICT_CACHE_MSG.done);
    else void feedback.message.warning(DICT_CACHE_MSG.failed);
  }

  const openItems = (row: EntityRow) => setItemsOf({ id: String(row.id), dictName: String(row.dictName ?? '') });

  return (
    <>
      <ListPage
        entity={dictEntity}
        extraActions={(row) =>
          hasAuth(dictEntity.perms.itemList) ? (
            <Button type="link" size="small" onClick={() => openItems(row)}>
              字典配置
            </Button>
          ) : null
        }
        toolbarExtra={() => (
          <>
            <Button icon={<SyncOutlined aria-hidden />} loading={refreshing} onClick={() => void refreshCache()}>
              刷新缓存
            </Button>
            {hasAuth(dictEntity.perms.recycleBin) && (
              <Button icon={<DeleteOutlined aria-hidden />} onClick={() => setBinOpen(true)}>
                回收站
              </Button>
            )}
          </>
        )}
      />
      <DictItemList dict={itemsOf} onClose={() => setItemsOf(null)} />
      <DictRecycleBin
        open={binOpen}
        onClose={() => setBinOpen(false)}
        onRestored={() => void queryClient.invalidateQueries({ queryKey: listQueryKey(dictEntity) })}
      />
    </>
  );
}
