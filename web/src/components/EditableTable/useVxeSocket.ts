import { useEffect, useState } from 'react';
import { apiBase } from '../../config';
import { useSession } from '../../store/session';
import { socketUrl, VxeSocketClient } from './socket';
import { sameRow } from './rowState';
import type { TableStore } from './store';
import type { Row } from './types';

/**
 * Connects a table to `/vxeSocket/{userId}/{pageId}` (001 §4): a row changed here is sent when the editing of the cell
 * that changed it ends;
 * rows edited in another browser on the same page are applied here. Returns whether the socket is open.
 *
 * The channel belongs to the signed-in session: it opens only with a session token and user, and ends with them.
 * Signing out clears the session's token, so every mounted table (kept-alive tabs included) stops its client at
 * once — the socket is closed and no reconnect is left pending; a new sign-in opens a new channel.
 */
export function useVxeSocket(store: TableStore, socketKey: string | undefined, pageId: string | undefined): boolean {
  const [open, setOpen] = useState(false);
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  useEffect(() => {
    if (!socketKey || !token || !userId) return;
    const base = window._CONFIG?.domianURL || apiBase();
    const url = socketUrl(base, userId, pageId ?? socketKey, window.location);
    const c = new VxeSocketClient(url, token, socketKey, (row) => store.applyRemote(row), undefined, setOpen);
    c.start();
    // The row as it was when a cell started editing; when that cell's editing ends the row is sent only if it changed
    // since (moving between cells of an unchanged row, or re-opening a row edited earlier, sends nothing).
    const snapshots = new Map<string, Row>();
    const prevEditStart = store.onEditStart;
    const prevEditEnd = store.onEditEnd;
    store.onEditStart = (id) => {
      prevEditStart?.(id);
      const row = store.getRow(id);
      if (row) snapshots.set(id, row);
    };
    store.onEditEnd = (id) => {
      prevEditEnd?.(id);
      const before = snapshots.get(id);
      snapshots.delete(id);
      const row = store.getRow(id);
      if (row && before && !sameRow(before, row)) c.sendUpdate(row);
    };
    return () => {
      store.onEditEnd = prevEditEnd;
      store.onEditStart = prevEditStart;
      c.stop();
      setOpen(false);
    };
  }, [store, socketKey, pageId, token, userId]);
  return open;
}
