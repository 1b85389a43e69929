/**
 * The lock cache of earlier releases (`locks.json`) imported into the records database: in one
 * transaction, counts checked, then the file renamed and kept. The only reader of that format. A
 * lock already in the table (noted since) is left as it is, so running it again adds nothing.
 */
import { join } from "node:path";
import { fileProblem, readOwnFile } from "../config/config-dir.js";
import { UsageError } from "../errors.js";
import type { RecordsDatabase } from "./database.js";
import { keepImported } from "./keep-imported.js";
import { createStockLocksTable, insertStockLockSql, stockLockRow } from "./stock-locks-table.js";

export const lockCacheFileName = "locks.json";

export interface StockLocksImported {
  /** Locks the file holds, each profile's counted (entries that are not locks are skipped). */
  locks: number;
  /** Of those, how many were not in the database yet. */
  added: number;
  /** The name the file was kept under; undefined when another process had imported it first. */
  keptAs: string | undefined;
}

/** On disk a lock kept the service's own field names. */
interface StoredLock {
  lock_token: string;
  item_id: number;
  quantity: number;
  locked_at?: string | null;
  expires_at?: string | null;
}

function isStoredLock(value: unknown): value is StoredLock {
  const v = value as Partial<StoredLock> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.lock_token === "string" &&
    typeof v.item_id === "number" &&
    typeof v.quantity === "number"
  );
}

/**
 * Imports `locks.json` from `dir`, if there is one. A file that is not JSON imports nothing (it was
 * only a cache) and is kept all the same; one that cannot be opened (a link, a dir) is refused and
 * left as it is, never read through.
 */
export function importStockLocksFile(db: RecordsDatabase, dir: string): StockLocksImported | undefined {
  const path = join(dir, lockCacheFileName);
  let text: string | undefined;
  try {
    text = readOwnFile(path);
  } catch (error) {
    throw new UsageError(`${path}: ${fileProblem(error)}`, { code: "LOCK_CACHE_UNREADABLE" });
  }
  if (text === undefined) return undefined;
  const rows = locksIn(text);
  createStockLocksTable(db);
  const insert = db.prepare(`${insertStockLockSql} ON CONFLICT (profile, token) DO NOTHING`);
  const present = db.prepare<[string], { n: number }>(
    `SELECT COUNT(*) AS n FROM stock_locks WHERE (profile, token) IN
       (SELECT value ->> 0, value ->> 1 FROM json_each(?))`,
  );
  const imported = db
    .transaction(() => {
      let added = 0;
      const named = new Map<string, [string, string]>();
      for (const row of rows) {
        added += insert.run(row).changes;
        named.set(JSON.stringify([row.profile, row.token]), [row.profile, row.token]);
      }
      const found = present.get(JSON.stringify([...named.values()]))!.n;
      if (found !== named.size) throw new Error(`${path}: ${found} of ${named.size} locks imported`);
      return { locks: rows.length, added };
    })
    .immediate();
  return { ...imported, keptAs: keepImported(path) };
}

function locksIn(text: string): ReturnType<typeof stockLockRow>[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const profiles = (parsed as { profiles?: unknown } | null)?.profiles;
  if (typeof profiles !== "object" || profiles === null || Array.isArray(profiles)) return [];
  return Object.entries(profiles).flatMap(([profile, locks]) =>
    Array.isArray(locks)
      ? locks.filter(isStoredLock).map((lock) =>
          stockLockRow(profile, {
            token: lock.lock_token,
            itemId: lock.item_id,
            quantity: lock.quantity,
            lockedAt: lock.locked_at ?? null,
            expiresAt: lock.expires_at ?? null,
          }),
        )
      : [],
  );
}
