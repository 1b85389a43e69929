/**
 * The lock cache of earlier releases (`locks.json`), imported with the other old files in
 * migrate.ts's one transaction. The only reader of that format. A lock already in the table (noted
 * since) is left as it is, so importing the file again adds nothing.
 */
import { join } from "node:path";
import { fileProblem, readOwnFile } from "../config/config-dir.js";
import { type Importer, RenamedMeanwhile, single } from "./old-files.js";
import { createStockLocksTable, insertStockLockSql, stockLockRow } from "./stock-locks-table.js";

export const lockCacheFileName = "locks.json";

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
 * A file that is not JSON imports nothing (it was only a cache) and is kept all the same, and so is
 * one that cannot be opened (a link, a dir), never read through.
 */
export const stockLocksImporter: Importer = {
  find: (dir) => single(join(dir, lockCacheFileName)),

  table(db) {
    createStockLocksTable(db);
    return "stock_locks";
  },

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
    const insert = db.prepare(`${insertStockLockSql} ON CONFLICT (profile, token) DO NOTHING`);
    // A lock noted since (or imported before a crash) is left as it is.
    for (const row of locksIn(text)) yield insert.run(row).changes === 1;
  },
};

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
