/** The stock-lock cache's table: its schema and rows, for the cache and for the importer of the lock file. */
import type { StockLock } from "../api/model.js";
import { createTables, type RecordsDatabase } from "./database.js";

/** Idempotent: every opener of the database may run it. */
export function createStockLocksTable(db: RecordsDatabase): void {
  // expires_ms: the expiry as a number to compare; null when absent or unreadable, and then kept:
  // better a stale entry the service will refuse than a lost one.
  createTables(
    db,
    `
    CREATE TABLE IF NOT EXISTS stock_locks (
      profile TEXT NOT NULL,
      token TEXT NOT NULL,
      item_id INTEGER NOT NULL,
      quantity INTEGER NOT NULL,
      locked_at TEXT,
      expires_at TEXT,
      expires_ms INTEGER,
      PRIMARY KEY (profile, token)
    ) WITHOUT ROWID`,
  );
}

/** A lock, named parameters as its columns; an existing row of the same token is left as it is. */
export const insertStockLockSql = `
  INSERT INTO stock_locks (profile, token, item_id, quantity, locked_at, expires_at, expires_ms)
  VALUES (@profile, @token, @item_id, @quantity, @locked_at, @expires_at, @expires_ms)`;

export function stockLockRow(profile: string, lock: StockLock) {
  const expires = lock.expiresAt ? Date.parse(lock.expiresAt) : Number.NaN;
  return {
    profile,
    token: lock.token,
    item_id: lock.itemId,
    quantity: lock.quantity,
    locked_at: lock.lockedAt,
    expires_at: lock.expiresAt,
    expires_ms: Number.isNaN(expires) ? null : expires,
  };
}
