/** Whether a database error says this transaction was chosen as a deadlock (or serialization) victim and rolled back. */
export function isDeadlock(e: unknown): boolean {
  const err = e as { code?: unknown; errno?: unknown } | null;
  return err?.code === '40P01' || err?.code === '40001' || err?.errno === 1213 || err?.code === 'ER_LOCK_DEADLOCK';
}

/**
 * Run a whole transaction again when the database rolled it back as a deadlock victim (PostgreSQL 40P01/40001,
 * MySQL 1213): nothing of it was kept, so running it again is safe as long as `run` has no effect outside the
 * database. Any other error, and the last attempt's, goes to the caller.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= attempts || !isDeadlock(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 * attempt + Math.floor(Math.random() * 10)));
    }
  }
}
