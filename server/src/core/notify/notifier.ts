/**
 * Live notices (contract §8.3, 000 §4): what the announcement, message and job modules call to tell users that a
 * notice is waiting. The live channel `/websocket/{userId}` adds a sink that writes to the users' sockets on every
 * node (Redis pub/sub when REDIS_URL is set); without a sink a push is a no-op, the bell's polling still finds it.
 */
export interface NoticeMessage {
  /** 'topic': a notice to every user; 'user': to the listed users. */
  cmd: 'topic' | 'user';
  msgId: string;
  msgTxt: string;
}

export type NoticeSink = (msg: NoticeMessage, userIds: string[] | 'ALL') => Promise<void>;

/**
 * A live event other than a notice (issue 14 point 4: the venue board's `{cmd:'venueSignIn', …}`): its own `cmd`
 * (never 'topic' / 'user' / 'heartcheck'), plain JSON values, sent only to the sockets of users holding `perm`.
 */
export interface LiveEvent {
  cmd: string;
  [key: string]: unknown;
}

export type LiveEventSink = (event: LiveEvent, perm: string) => Promise<void>;

/**
 * A live event, or what builds it: called only when some sink may deliver it (a socket is open on this node, or the
 * hub is shared with other nodes), so a hot path (a device sign-in) pays nothing for an event nobody watches. Null
 * sends nothing.
 */
export type LiveEventSource = LiveEvent | (() => Promise<LiveEvent | null>);

export interface Notifier {
  /** Push `{cmd:'topic', msgId, msgTxt}` to every connected user. */
  toAll(msgId: string, msgTxt: string): Promise<void>;
  /** Push `{cmd:'user', msgId, msgTxt}` to the sockets of these users only. */
  toUsers(userIds: string[], msgId: string, msgTxt: string): Promise<void>;
  /** The live channel registers here; a failing sink never fails the caller. */
  addSink(sink: NoticeSink): void;
  /** Push a live event to the sockets of the users holding the permission code `perm`, on every node. */
  toPermission(perm: string, event: LiveEventSource): Promise<void>;
  /**
   * The live channel registers here for events; a failing sink never fails the caller. `mayDeliver` says whether the
   * sink could deliver anything now (false: no socket here and no other node behind it); by default it always may.
   */
  addEventSink(sink: LiveEventSink, mayDeliver?: () => boolean): void;
}

export function createNotifier(onError: (err: unknown) => void = () => {}): Notifier {
  const sinks: NoticeSink[] = [];
  const eventSinks: Array<{ sink: LiveEventSink; mayDeliver: () => boolean }> = [];
  const run = async (msg: NoticeMessage, to: string[] | 'ALL') => {
    for (const s of sinks) {
      try {
        await s(msg, to);
      } catch (err) {
        onError(err);
      }
    }
  };
  return {
    toAll: (msgId, msgTxt) => run({ cmd: 'topic', msgId, msgTxt }, 'ALL'),
    toUsers: (userIds, msgId, msgTxt) => (userIds.length ? run({ cmd: 'user', msgId, msgTxt }, userIds) : Promise.resolve()),
    addSink: (sink) => void sinks.push(sink),
    toPermission: async (perm, source) => {
      const live = eventSinks.filter((s) => s.mayDeliver());
      if (!live.length) return;
      let event: LiveEvent | null;
      try {
        event = typeof source === 'function' ? await source() : source;
      } catch (err) {
        onError(err);
        return;
      }
      if (!event) return;
      for (const s of live) {
        try {
          await s.sink(event, perm);
        } catch (err) {
          onError(err);
        }
      }
    },
    addEventSink: (sink, mayDeliver = () => true) => void eventSinks.push({ sink, mayDeliver }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
}
