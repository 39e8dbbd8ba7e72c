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
  // A clock that steps back (NTP, a test's fake clock) must not repeat an id: stay on the last millisecond and count.
  let ms = BigInt(Date.now()) - EPOCH;
  if (ms <= lastMs) {
    ms = lastMs;
    seq = (seq + 1n) & 4095n;
    if (seq === 0n) ms = lastMs + 1n;
  } else {
    seq = 0n;
  }
  lastMs = ms;
  const v = (ms << 22n) | (worker << 12n) | seq;
  return v.toString().padStart(19, '1');
}
