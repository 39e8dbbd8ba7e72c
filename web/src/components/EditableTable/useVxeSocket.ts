import { useEffect, useRef, useState } from 'react';
import { apiBase } from '../../config';
import { KEYS, ls } from '../../store/storage';
import { socketUrl, VxeSocketClient } from './socket';
import type { TableStore } from './store';

/**
 * Connects a table to `/vxeSocket/{userId}/{pageId}` (001 §4): rows edited here are sent when their editing ends;
 * rows edited in another browser on the same page are applied here. Returns whether the socket is open.
 */
export function useVxeSocket(store: TableStore, socketKey: string | undefined, pageId: string | undefined): boolean {
  const [open, setOpen] = useState(false);
  const client = useRef<VxeSocketClient | null>(null);
  useEffect(() => {
    if (!socketKey) return;
    const token = ls.get<string>(KEYS.ACCESS_TOKEN);
    const user = ls.get<{ id?: string }>(KEYS.USER_INFO);
    if (!token || !user?.id) return;
    const base = window._CONFIG?.domianURL || apiBase();
    const url = socketUrl(base, user.id, pageId ?? socketKey, window.location);
    const c = new VxeSocketClient(url, token, socketKey, (row) => store.applyRemote(row), undefined, setOpen);
    client.current = c;
    c.start();
    // Snapshot per row at edit start, so an unchanged row is not broadcast.
    const prevEditEnd = store.onEditEnd;
    store.onEditEnd = (id) => {
      prevEditEnd?.(id);
      const row = store.getRow(id);
      if (row && store.statusOf(id) === 'edited') c.sendUpdate(row);
    };
    return () => {
      store.onEditEnd = prevEditEnd;
      c.stop();
      client.current = null;
    };
  }, [store, socketKey, pageId]);
  return open;
}
