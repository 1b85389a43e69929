/**
 * The orders `reseller pending` follows, and which of them were handed on: each order not final
 * that a run saw is written down here, and once it ends it is handed on (its line printed, its
 * receipt appended, its `--exec` command run) by exactly one process. Two `pending` processes, or
 * one killed and started again, never hand an order on twice: the process handing it on holds a
 * claim (its host and pid), which another takes over only once that process is gone.
 */
import { createTables, type RecordsDatabase } from "./database.js";

const schema = `
CREATE TABLE IF NOT EXISTS pending_orders (
  entry TEXT PRIMARY KEY,
  profile TEXT NOT NULL,
  base_url TEXT NOT NULL,
  ref_id TEXT,
  seen_at TEXT NOT NULL,
  ended_at TEXT,
  outcome TEXT,
  owner TEXT,
  announced_at TEXT,
  handed_at TEXT,
  tries INTEGER NOT NULL DEFAULT 0,
  next_try_ms INTEGER,
  last_error TEXT
);
CREATE INDEX IF NOT EXISTS pending_orders_open ON pending_orders(profile, base_url) WHERE handed_at IS NULL;
`;

/** An order followed and not handed on yet. */
export interface FollowedOrder {
  entry: string;
  ref_id: string | null;
  seen_at: string;
  /** Its line printed and its receipt appended: a later try only runs its command. */
  announced: boolean;
  /** Failed tries of its command so far, and when the next is due (ms). */
  tries: number;
  next_try_ms: number | null;
}

export interface Claim {
  /** Announced already by an earlier try. */
  announced: boolean;
  tries: number;
}

export type PendingOrders = ReturnType<typeof prepare>;

const prepared = new WeakMap<RecordsDatabase, PendingOrders>();

/** The followed orders in this database; the table made (idempotent) the first time in a process. */
export function pendingOrders(db: RecordsDatabase): PendingOrders {
  let orders = prepared.get(db);
  if (!orders) {
    orders = prepare(db);
    prepared.set(db, orders);
  }
  return orders;
}

function prepare(db: RecordsDatabase) {
  createTables(db, schema);
  const insert = db.prepare(
    `INSERT OR IGNORE INTO pending_orders (entry, profile, base_url, ref_id, seen_at)
     VALUES (@entry, @profile, @base_url, @ref_id, @seen_at)`,
  );
  const openOnes = db.prepare<[string, string], Omit<FollowedOrder, "announced"> & { announced: number }>(
    `SELECT entry, ref_id, seen_at, announced_at IS NOT NULL AS announced, tries, next_try_ms FROM pending_orders
     WHERE profile = ? AND base_url = ? AND handed_at IS NULL ORDER BY seen_at, entry`,
  );
  const row = db.prepare<
    [string],
    { owner: string | null; announced_at: string | null; handed_at: string | null; tries: number }
  >("SELECT owner, announced_at, handed_at, tries FROM pending_orders WHERE entry = ?");
  const takeOver = db.prepare("UPDATE pending_orders SET owner = ? WHERE entry = ?");
  const announce = db.prepare(
    "UPDATE pending_orders SET announced_at = @at, ended_at = COALESCE(ended_at, @at), outcome = @outcome WHERE entry = @entry",
  );
  const hand = db.prepare("UPDATE pending_orders SET handed_at = ?, last_error = NULL WHERE entry = ?");
  const failed = db.prepare("UPDATE pending_orders SET tries = ?, next_try_ms = ?, last_error = ? WHERE entry = ?");
  const notSentSince = db.prepare<[string, string, string], { entry: string }>(
    `SELECT entry FROM pending_orders
     WHERE profile = ? AND base_url = ? AND outcome = 'not_sent' AND ended_at >= ? ORDER BY seen_at, entry`,
  );
  const reopen = db.prepare(
    `UPDATE pending_orders SET ended_at = NULL, outcome = NULL, owner = NULL, announced_at = NULL, handed_at = NULL,
     tries = 0, next_try_ms = NULL, last_error = NULL WHERE entry = ? AND outcome = 'not_sent'`,
  );
  // IMMEDIATE: two processes claiming the same order never both read it unclaimed.
  const claim = db.transaction((entry: string, owner: string, alive: (owner: string) => boolean) => {
    const found = row.get(entry);
    if (!found || found.handed_at !== null) return undefined;
    if (found.owner !== null && found.owner !== owner && alive(found.owner)) return undefined;
    takeOver.run(owner, entry);
    return { announced: found.announced_at !== null, tries: found.tries } satisfies Claim;
  }).immediate;
  return {
    /** Writes down orders seen not final; those known already are left as they are. */
    watch(orders: { entry: string; profile: string; base_url: string; ref_id: string | null }[], at: string): void {
      for (const order of orders) insert.run({ ...order, seen_at: at });
    },
    /** The orders of this profile and service address followed and not handed on yet, oldest seen first. */
    open: (profile: string, baseUrl: string): FollowedOrder[] =>
      openOnes.all(profile, baseUrl).map((order) => ({ ...order, announced: order.announced === 1 })),
    /**
     * This process takes an ended order to hand on: undefined when it was handed on already, or another
     * process that is still alive (`alive`) holds it.
     */
    claim,
    /** Its line printed and its receipt appended. */
    announced: (entry: string, outcome: string, at: string) => void announce.run({ entry, outcome, at }),
    /** Handed on whole: never again. */
    handed: (entry: string, at: string) => void hand.run(at, entry),
    /** Orders of this profile and service address said to be never made (`not_sent`) since `sinceIso`. */
    notSentSince: (profile: string, baseUrl: string, sinceIso: string): string[] =>
      notSentSince.all(profile, baseUrl, sinceIso).map((row) => row.entry),
    /**
     * An order said never made that the service took after all: followed again from the start, so
     * how it ends is handed on too (its line, its receipt, its command).
     */
    reopen: (entry: string) => void reopen.run(entry),
    /** Its command failed: tried again once `nextTryMs` has come. */
    failedTry: (entry: string, tries: number, nextTryMs: number, error: string) =>
      void failed.run(tries, nextTryMs, error, entry),
  };
}
