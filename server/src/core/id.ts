import { randomInt } from 'node:crypto';

/**
 * 19-digit string ids in the snowflake style the contract uses for new rows: milliseconds since 2020,
 * a per-process sequence and random worker bits, so ids sort by creation time and never collide in practice.
 */
const EPOCH = 1577836800000n; // 2020-01-01
let lastMs = 0n;
let seq = 0n;
const worker = BigInt(randomInt(0, 1024));

export function newId(): string {
  return newIdBlock(1).toString().padStart(19, '1');
}

/**
 * `n` (1…4096) ids taken at once: the block's first id as a number; the block is that number and the n − 1 after it
 * (one millisecond, consecutive sequence values), written as newId writes one (padStart 19 with '1'). A database
 * function that makes several rows takes such a block (PostgreSQL's play calls, modules/game/play/pgPlay.ts), so its
 * ids come from the same generator and never meet another id of this process.
 */
export function newIdBlock(n: number): bigint {
  const count = BigInt(n);
  // A clock that steps back (NTP, a test's fake clock) must not repeat an id: stay on the last millisecond and count.
  let ms = BigInt(Date.now()) - EPOCH;
  let first = 0n;
  if (ms <= lastMs) {
    ms = lastMs;
    first = seq + 1n;
  }
  if (first + count > 4096n) {
    ms = lastMs + 1n > ms ? lastMs + 1n : ms;
    first = 0n;
  }
  seq = first + count - 1n;
  lastMs = ms;
  return (ms << 22n) | (worker << 12n) | first;
}
