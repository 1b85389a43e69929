/** What the records database holds, read by a connection of the test's own (the CLI may have it open too). */
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

export interface DeliveryRow {
  seq: number;
  key: string;
  id: string;
  profile: string;
  event: string | null;
  ref_id: string | null;
  body: string | null;
  attempts: number;
  next_try_at: string | null;
  settled_as: "handed" | "dropped" | null;
  reason: string | null;
  line: string | null;
}

export interface StockLockRow {
  profile: string;
  token: string;
  item_id: number;
  quantity: number;
  locked_at: string | null;
  expires_at: string | null;
}

function rowsOf<T>(configDir: string, sql: string): T[] {
  const path = join(configDir, "records.db");
  if (!existsSync(path)) return [];
  const db = new Database(path, { fileMustExist: true, timeout: 5_000 });
  try {
    return db.prepare(sql).all() as T[];
  } catch (error) {
    // A table not made yet holds nothing.
    if (/no such table/.test((error as Error).message)) return [];
    throw error;
  } finally {
    db.close();
  }
}

/** Every webhook delivery, in the order received. */
export function deliveryRows(configDir: string): DeliveryRow[] {
  return rowsOf(configDir, "SELECT * FROM webhook_deliveries ORDER BY seq");
}

/** Every stock lock in the cache. */
export function stockLockRows(configDir: string): StockLockRow[] {
  return rowsOf(configDir, "SELECT * FROM stock_locks ORDER BY profile, token");
}
