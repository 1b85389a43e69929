/**
 * The emulator's notion of "now". Every state transition (lock expiry, deliveries, payment-link
 * expiry) is computed from clock.now() when a request reads state, never from timers, so a test
 * that advances the clock sees the outcome at once and in the same order every run.
 */
export interface EmulatorClock {
  /** Epoch milliseconds. */
  now(): number;
  /** Moves time forward; the emulator never goes back in time. */
  advance(ms: number): void;
}

function checkAdvance(ms: number): void {
  if (!Number.isFinite(ms) || ms < 0) {
    throw new RangeError(`The clock can only move forward by a finite amount, got ${ms}`);
  }
}

/** Follows the wall clock, plus whatever has been added with advance(). */
export function realTimeClock(): EmulatorClock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      checkAdvance(ms);
      offset += ms;
    },
  };
}

/** Stands still until advanced; the default start is a fixed evening in Jakarta. */
export function manualClock(startMs: number = Date.parse("2026-11-21T14:30:00Z")): EmulatorClock {
  let current = startMs;
  return {
    now: () => current,
    advance(ms) {
      checkAdvance(ms);
      current += ms;
    },
  };
}

// The service is Indonesian: invoices, months of the leaderboard and created_at use WIB (UTC+7, no DST).
const JAKARTA_OFFSET_MS = 7 * 60 * 60 * 1000;

/** "2026-11-21T14:30:00Z": the ISO 8601 UTC form the spec asks for on locks and links. */
export function formatUtc(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** "2026-11-21T21:30:00+07:00": ISO 8601 with the UTC offset, as transaction created_at. */
export function formatJakarta(ms: number): string {
  return `${new Date(ms + JAKARTA_OFFSET_MS).toISOString().slice(0, 19)}+07:00`;
}

/** "20261121", the date part of an invoice number. */
export function jakartaDate(ms: number): string {
  return new Date(ms + JAKARTA_OFFSET_MS).toISOString().slice(0, 10).replaceAll("-", "");
}

/** "2026-11", the month the leaderboard counts. */
export function jakartaMonth(ms: number): string {
  return new Date(ms + JAKARTA_OFFSET_MS).toISOString().slice(0, 7);
}
