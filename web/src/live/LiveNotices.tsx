import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { apiBase } from '../config';
import { useSession } from '../store/session';
import { KEYS, ls } from '../store/storage';
import { LiveNoticeClient, liveUrl, type LiveNotice } from './liveClient';
import { useLiveSettings } from './liveSettings';
import { publishLiveEvent } from './liveEvents';
import { createSpeaker, type AudioLike } from './speech';

/** The react-query key the notice bell and 我的消息 read (`/sys/annountCement/listByUser`); a push invalidates it. */
export const NOTICES_QUERY_KEY = ['notices', 'listByUser'] as const;

function baseURL(): string {
  return window._CONFIG?.domianURL || apiBase();
}

/**
 * The live notice channel of the signed-in layout (000 §4, issue 12 point 5): mounted once in BasicLayout, it opens
 * `/websocket/{userId}` with the session's token, and on every `topic` / `user` notice reloads the notices
 * (the bell) and speaks the text unless the user switched spoken notices off. Signing out (the token goes) and
 * unmounting close the socket, stop the clip and clear every timer. Renders nothing.
 */
export function LiveNotices() {
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  const queryClient = useQueryClient();
  const speaker = useMemo(
    () =>
      createSpeaker({
        baseURL,
        getToken: () => ls.get<string>(KEYS.ACCESS_TOKEN),
        fetch: (...args) => fetch(...args),
        createAudio: (url) => new Audio(url) as unknown as AudioLike,
        createObjectURL: (blob) => URL.createObjectURL(blob),
        revokeObjectURL: (url) => URL.revokeObjectURL(url),
        setTimeout: (fn, ms) => window.setTimeout(fn, ms),
        clearTimeout: (h) => window.clearTimeout(h as number),
      }),
    [],
  );

  useEffect(() => {
    if (!token || !userId) return;
    const onNotice = (n: LiveNotice) => {
      void queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
      if (useLiveSettings.getState().voiceOn(userId)) speaker.speak(n.msgTxt);
    };
    const client = new LiveNoticeClient(liveUrl(baseURL(), userId, window.location), token, onNotice, undefined, publishLiveEvent);
    client.start();
    return () => {
      client.stop();
      speaker.cancel();
    };
  }, [token, userId, queryClient, speaker]);

  return null;
}
