import type { Dialect, Driver } from 'kysely';

/** The real setImmediate, taken when the module loads (a test's fake timers must not stall the database). */
const nextTurn = globalThis.setImmediate;
const yieldTurn = () => new Promise<void>((resolve) => nextTurn(resolve));

/**
 * SQLite with fair turns. better-sqlite3 runs a statement synchronously, so a request's whole chain of statements —
 * and the chains of every other request read in the same event-loop turn — run back to back without letting the loop
 * read a socket or answer a timer: under load each turn serves every waiting request to its end, and a request that
 * arrives during a turn waits for it and then for its own place in the next (closed-loop latency between one and two
 * turns). Each statement here first waits for the next turn (setImmediate), so the requests in flight advance one
 * statement each per turn and a new request starts at once: the same work and throughput, answers spread evenly
 * (device sign-ins at 16 connections: p99 ≈ p50 instead of 2 × p50). A transaction keeps the one connection between
 * its statements as before (the driver's mutex), so nothing interleaves inside it.
 */
export function withFairTurns(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createDriver: (): Driver => {
      const driver = dialect.createDriver();
      const acquire = driver.acquireConnection.bind(driver);
      driver.acquireConnection = async () => {
        await yieldTurn();
        return acquire();
      };
      return driver;
    },
  };
}
