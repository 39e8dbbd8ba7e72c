import { describe, expect, it } from 'vitest';
import { createNotifier, type LiveEvent } from '../src/core/notify/notifier.js';

// notifier.toPermission with an event built on demand (the venue board's sign-in stream): a device sign-in pays for
// the event's query only when some socket may receive it.
describe('notifier: live events built on demand', () => {
  const setup = (mayDeliver: () => boolean) => {
    const errors: unknown[] = [];
    const n = createNotifier((e) => errors.push(e));
    const sent: Array<{ event: LiveEvent; perm: string }> = [];
    n.addEventSink(async (event, perm) => void sent.push({ event, perm }), mayDeliver);
    let built = 0;
    const source = async () => {
      built++;
      return { cmd: 'venueSignIn', id: 'x' };
    };
    return { n, sent, errors, source, built: () => built };
  };

  it('builds nothing and sends nothing while no sink may deliver', async () => {
    const s = setup(() => false);
    await s.n.toPermission('dashboard:bdc', s.source);
    expect(s.built()).toBe(0);
    expect(s.sent).toEqual([]);
  });

  it('builds the event once and sends it when a sink may deliver; a plain event is sent as is', async () => {
    const s = setup(() => true);
    await s.n.toPermission('dashboard:bdc', s.source);
    expect(s.built()).toBe(1);
    expect(s.sent).toEqual([{ event: { cmd: 'venueSignIn', id: 'x' }, perm: 'dashboard:bdc' }]);
    await s.n.toPermission('dashboard:bdc', { cmd: 'other' });
    expect(s.sent.at(-1)).toEqual({ event: { cmd: 'other' }, perm: 'dashboard:bdc' });
  });

  it('a builder answering null sends nothing; a failing one is reported, never thrown', async () => {
    const s = setup(() => true);
    await s.n.toPermission('dashboard:bdc', async () => null);
    await s.n.toPermission('dashboard:bdc', async () => {
      throw new Error('db down');
    });
    expect(s.sent).toEqual([]);
    expect(s.errors).toHaveLength(1);
  });
});
