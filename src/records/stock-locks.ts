/**
 * The locks this machine created, so `buy --lock TOKEN` can fill in the item and quantity without
 * asking the service: a table of the records database, per profile (a token reserves stock on the
 * reseller's account). It is only a cache: expired locks are dropped whenever it is written, and a
 * caller that cannot use it goes on without it.
 */
import { join } from "node:path";
import type { StockLock } from "../api/model.js";
import { UsageError } from "../errors.js";
import { databaseProblem, type RecordsDatabase, recordsFileName } from "./database.js";
import { openRecords } from "./migrate.js";
import { createStockLocksTable, insertStockLock } from "./stock-locks-table.js";

/**
 * Runs `use` on the table, with the files of an earlier release imported on first use; a failure to
 * open or use it is refused with the database named.
 */
function inCache<T>(configDir: string, use: (db: RecordsDatabase) => T): T {
  try {
    const db = openRecords(configDir);
    createStockLocksTable(db);
    return use(db);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${join(configDir, recordsFileName)}: ${databaseProblem(error)}`, {
      code: "LOCK_CACHE_UNWRITABLE",
    });
  }
}

/** One change in a transaction of its own, expired locks dropped with it. */
function changeCache(configDir: string, nowMs: number, change: (db: RecordsDatabase) => void): void {
  inCache(configDir, (db) =>
    db
      .transaction(() => {
        db.prepare("DELETE FROM stock_locks WHERE expires_ms <= ?").run(nowMs);
        change(db);
      })
      .immediate(),
  );
}

export async function rememberLock(
  configDir: string,
  profile: string,
  lock: StockLock,
  nowMs: number = Date.now(),
): Promise<void> {
  // The later note of a token replaces the earlier.
  changeCache(configDir, nowMs, (db) => insertStockLock(db, "REPLACE")(profile, lock));
}

export async function findCachedLock(
  configDir: string,
  profile: string,
  token: string,
  nowMs: number,
): Promise<StockLock | undefined> {
  return inCache(configDir, (db) =>
    db
      .prepare<[string, string, number], StockLock>(
        `SELECT token, item_id AS itemId, quantity, locked_at AS lockedAt, expires_at AS expiresAt FROM stock_locks
         WHERE profile = ? AND token = ? AND (expires_ms IS NULL OR expires_ms > ?)`,
      )
      .get(profile, token, nowMs),
  );
}

export async function forgetLock(
  configDir: string,
  profile: string,
  token: string,
  nowMs: number = Date.now(),
): Promise<void> {
  changeCache(configDir, nowMs, (db) =>
    db.prepare("DELETE FROM stock_locks WHERE profile = ? AND token = ?").run(profile, token),
  );
}
