/** The scheduler's settings (`SchedulerOptions`) and their defaults. */
import os from 'node:os';

export interface SchedulerOptions {
  /** Start the loop when the app is ready (main.ts: on; the test harness: off unless a test says so). */
  enabled: boolean;
  /** Longest sleep of the loop between two checks (ms). */
  tickMs: number;
  /** Re-read the job rows at least this often (ms): changes made on another node are seen within it. */
  reloadMs: number;
  /** A run's lease (ms): renewed every third of it while the handler runs. */
  leaseMs: number;
  /** Misfire threshold (ms): a firing later than this is skipped. */
  misfireMs: number;
  /** Attempts of one firing (the first + pick-ups after an expired lease). */
  maxAttempts: number;
  /** Milliseconds since the epoch (tests inject a virtual clock). */
  clock: () => number;
  /** No timer loop: the caller drives `tick()` (tests with a virtual clock). */
  manual: boolean;
  /** This node's name in the run records. */
  nodeId: string;
}

export const DEFAULT_SCHEDULER_OPTIONS: SchedulerOptions = {
  enabled: false,
  tickMs: 1000,
  reloadMs: 1000,
  leaseMs: 30_000,
  misfireMs: 60_000,
  maxAttempts: 2,
  clock: () => Date.now(),
  manual: false,
  nodeId: `${os.hostname()}:${process.pid}`,
};
