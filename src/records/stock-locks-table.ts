/**
 * The stock-lock cache's table: its schema and rows, for the cache, and the lock file of earlier
 * releases (`locks.json`) imported into it with the other old files in migrate.ts's one transaction,
 * the only reader of that format. A lock already in the table (noted since) is left as it is, so
 * importing the file again adds nothing.
 */
import { join } from "node:path";
import type { StockLock } from "../api/model.js";
import { fileProblem, readOwnFile } from "../config/config-dir.js";
import { createTables, type RecordsDatabase } from "./database.js";
import { type Importer, RenamedMeanwhile, single } from "./old-files.js";

export const lockCacheFileName = "locks.json";

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

/** A lock, named parameters as its columns; `or` says what becomes of a row of the same token. */
export function insertStockLock(db: RecordsDatabase, or: "REPLACE" | "IGNORE") {
  const insert = db.prepare(`
    INSERT OR ${or} INTO stock_locks (profile, token, item_id, quantity, locked_at, expires_at, expires_ms)
    VALUES (@profile, @token, @item_id, @quantity, @locked_at, @expires_at, @expires_ms)`);
  return (profile: string, lock: StockLock) => {
    const expires = lock.expiresAt ? Date.parse(lock.expiresAt) : Number.NaN;
    return insert.run({
      profile,
      token: lock.token,
      item_id: lock.itemId,
      quantity: lock.quantity,
      locked_at: lock.lockedAt,
      expires_at: lock.expiresAt,
      expires_ms: Number.isNaN(expires) ? null : expires,
    }).changes;
  };
}

/**
 * The file's locks (on disk under the service's own field names) by SQLite's JSON functions: what is
 * not a lock (a token, an item and a quantity) is left out, and a file that is not JSON holds none.
 * CASE and iif keep a value that is not an object or an array from being read as one.
 */
const locksInFile = `
  WITH file (json) AS (SELECT iif(json_valid(@text), @text, '{}'))
  SELECT p.key AS profile, l.value ->> 'lock_token' AS token, l.value ->> 'item_id' AS itemId,
    l.value ->> 'quantity' AS quantity, l.value ->> 'locked_at' AS lockedAt, l.value ->> 'expires_at' AS expiresAt
  FROM file, json_each(file.json, '$.profiles') AS p, json_each(iif(p.type = 'array', p.value, '[]')) AS l
  WHERE typeof(p.key) = 'text' AND CASE WHEN l.type = 'object'
    THEN json_type(l.value, '$.lock_token') = 'text' AND json_type(l.value, '$.item_id') IN ('integer', 'real')
      AND json_type(l.value, '$.quantity') IN ('integer', 'real') END`;

/**
 * A file that is not JSON imports nothing (it was only a cache) and is kept all the same, and so is
 * one that cannot be opened (a link, a dir), never read through.
 */
export const stockLocksImporter: Importer = {
  find: (dir) => single(join(dir, lockCacheFileName)),

  table: "stock_locks",
  make: createStockLocksTable,

  *import(db, [path = ""], problems) {
    let text: string | undefined;
    try {
      text = readOwnFile(path);
    } catch (error) {
      // Only a cache: one that cannot be opened (a link, a dir) is never read through, imports nothing
      // and is kept aside as it is; the journal imported with it is not held back for it.
      problems.push((say) => `${path}: ${fileProblem(error, say)}`);
      return;
    }
    if (text === undefined) throw new RenamedMeanwhile(path);
    const insert = insertStockLock(db, "IGNORE");
    // A lock noted since (or imported before a crash) is left as it is.
    for (const lock of db.prepare(locksInFile).all({ text }) as (StockLock & { profile: string })[])
      yield insert(lock.profile, lock) === 1;
  },
};
