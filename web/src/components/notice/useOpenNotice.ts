import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { markRead } from './api';
import type { NoticeDetail } from './AnnouncementDetail';

/** What opening an item needs: the notice's id (announcement id), its open type and the detail fields. */
export type OpenableNotice = NoticeDetail & { anntId: string; busId?: string | null };

/**
 * Opening a notice (001 §2): it is marked read and the lists reload; openType 'component' opens that page with
 * busId as `id`, anything else the detail dialog (`detail` / `close` drive <AnnouncementDetail>).
 */
export function useOpenNotice(): { detail: NoticeDetail | null; open: (n: OpenableNotice) => void; close: () => void } {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [detail, setDetail] = useState<NoticeDetail | null>(null);
  const open = useCallback(
    (n: OpenableNotice) => {
      void markRead(client, n.anntId);
      if (n.openType === 'component' && n.openPage) {
        const page = n.openPage.startsWith('/') ? n.openPage : `/${n.openPage}`;
        navigate(n.busId ? `${page}?id=${encodeURIComponent(n.busId)}` : page);
      } else setDetail(n);
    },
    [navigate, client],
  );
  return { detail, open, close: useCallback(() => setDetail(null), []) };
}
