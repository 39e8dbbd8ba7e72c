import { useEffect, useRef } from 'react';

/**
 * Live events other than notices (issue 14 point 4): frames of the live channel `/websocket/{userId}` with their own
 * `cmd` (e.g. `venueSignIn` for 场馆大屏), which the server sends only to users holding the event's permission.
 * LiveNotices (mounted once in BasicLayout) hands every such frame to `publishLiveEvent`; a page subscribes with
 * `useLiveEvent(cmd, handler)` and is unsubscribed when it unmounts. No second socket is opened.
 */
export interface LiveEventFrame {
  cmd: string;
  [key: string]: unknown;
}

type Handler = (ev: LiveEventFrame) => void;
const handlers = new Map<string, Set<Handler>>();

/** Deliver a frame to the handlers of its cmd (a failing handler does not stop the others). */
export function publishLiveEvent(ev: LiveEventFrame): void {
  for (const h of [...(handlers.get(ev.cmd) ?? [])]) {
    try {
      h(ev);
    } catch {
      /* one page's error is not the channel's */
    }
  }
}

/** Subscribe to one cmd; returns the unsubscribe function. */
export function subscribeLiveEvent(cmd: string, handler: Handler): () => void {
  let set = handlers.get(cmd);
  if (!set) handlers.set(cmd, (set = new Set()));
  set.add(handler);
  return () => {
    set.delete(handler);
    if (set.size === 0) handlers.delete(cmd);
  };
}

/** Subscribe a component to one cmd for its lifetime (the latest handler is called; no resubscription per render). */
export function useLiveEvent(cmd: string, handler: Handler): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => subscribeLiveEvent(cmd, (ev) => ref.current(ev)), [cmd]);
}
