/** Journal records as reseller writes them: for a test that starts from a journal already on disk, and one that reads it back. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { foldRecord, type IntentRecord, type JournalEntry, type JournalRecord } from "../../src/journal/entries.js";
import { recordsFileName } from "../../src/records/database.js";

/**
 * The intent of a purchase, written before anything is sent: the given fields over a purchase of
 * nothing by the default profile. Keys stay in the order reseller writes them.
 */
export function buyIntent({
  entry,
  at,
  ...fields
}: Pick<IntentRecord, "entry" | "at"> & Partial<IntentRecord>): IntentRecord {
  return {
    v: 1,
    type: "intent",
    entry,
    at,
    kind: "buy",
    profile: "default",
    base_url: "http://127.0.0.1:1",
    ref_id: `ref-${entry}`,
    request: { carts: [] },
    pid: 1,
    host: "h",
    ...fields,
  };
}

/**
 * Every journal record in a config dir's records database, in the order written, read through a
 * connection of the test's own (read-only: it creates nothing); none when nothing was journaled yet.
 */
export function journalRecordsIn(configDir: string): JournalRecord[] {
  const path = join(configDir, recordsFileName);
  if (!existsSync(path)) return [];
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'journal_events'").get();
    if (!tables) return [];
    return (db.prepare("SELECT record FROM journal_events ORDER BY seq").pluck().all() as string[]).map(
      (r) => JSON.parse(r) as JournalRecord,
    );
  } finally {
    db.close();
  }
}

/** How many journal records the config dir's database holds, counted by SQLite (0 before any). */
export function journalEventCount(configDir: string): number {
  const path = join(configDir, recordsFileName);
  if (!existsSync(path)) return 0;
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'journal_events'").get();
    return tables ? (db.prepare("SELECT count(*) FROM journal_events").pluck().get() as number) : 0;
  } finally {
    db.close();
  }
}

/** Folds records in the order written into entries, in the order of their intents, as the records database folds each. */
export function foldRecords(records: Iterable<JournalRecord>): JournalEntry[] {
  const entries = new Map<string, JournalEntry>();
  for (const record of records) {
    const entry = foldRecord(entries.get(record.entry), record);
    if (entry) entries.set(record.entry, entry);
  }
  return [...entries.values()];
}
