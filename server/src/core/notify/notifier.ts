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

export interface Notifier {
  /** Push `{cmd:'topic', msgId, msgTxt}` to every connected user. */
  toAll(msgId: string, msgTxt: string): Promise<void>;
  /** Push `{cmd:'user', msgId, msgTxt}` to the sockets of these users only. */
  toUsers(userIds: string[], msgId: string, msgTxt: string): Promise<void>;
  /** The live channel registers here; a failing sink never fails the caller. */
  addSink(sink: NoticeSink): void;
}

export function createNotifier(onError: (err: unknown) => void = () => {}): Notifier {
  const sinks: NoticeSink[] = [];
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
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    notifier: Notifier;
  }
}
