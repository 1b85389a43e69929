/**
 * The records database as it is opened: a file of the user's alone, WAL with synchronous=FULL, one
 * connection per process and dir, and never through a link or in something that is not a file.
 */
import { mkdirSync, readdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import {
  closeRecordsDatabases,
  openRecordsDatabase,
  recordsFileName,
  recordsVersion,
} from "../../src/records/database.js";
import { createDeliveriesTable } from "../../src/records/deliveries.js";
import { journalRecords } from "../../src/records/journal.js";
import { importOldFiles } from "../../src/records/migrate.js";
import { createStockLocksTable } from "../../src/records/stock-locks-table.js";
import { makeConfigDir } from "../support/cli.js";

afterEach(() => closeRecordsDatabases());

const refusal = (open: () => unknown) => {
  try {
    open();
  } catch (error) {
    return (error as { code?: string }).code;
  }
  return "opened";
};

describe("openRecordsDatabase", () => {
  it("creates records.db 0600 in a new 0700 dir, in WAL mode with synchronous=FULL, once per process", () => {
    const dir = join(makeConfigDir(), "new");
    const db = openRecordsDatabase(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, recordsFileName)).mode & 0o777).toBe(0o600);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    // 2 is FULL: a commit is on disk before it returns.
    expect(db.pragma("synchronous", { simple: true })).toBe(2);
    expect(db.pragma("busy_timeout", { simple: true })).toBeGreaterThan(0);
    expect(openRecordsDatabase(dir)).toBe(db);
  });

  it("makes a looser existing file 0600", () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, recordsFileName), "", { mode: 0o644 });
    openRecordsDatabase(dir);
    expect(statSync(join(dir, recordsFileName)).mode & 0o777).toBe(0o600);
  });

  it("refuses a database or a config dir that is a link, and a directory in the database's place", () => {
    const linkedFile = makeConfigDir();
    symlinkSync(join(makeConfigDir(), "elsewhere.db"), join(linkedFile, recordsFileName));
    expect(refusal(() => openRecordsDatabase(linkedFile))).toBe("RECORDS_UNSAFE");

    const linkedDir = join(makeConfigDir(), "linked");
    symlinkSync(makeConfigDir(), linkedDir);
    expect(refusal(() => openRecordsDatabase(linkedDir))).toBe("RECORDS_UNSAFE");

    const notAFile = makeConfigDir();
    mkdirSync(join(notAFile, recordsFileName));
    expect(refusal(() => openRecordsDatabase(notAFile))).toBe("RECORDS_UNSAFE");
  });
});

describe("the records' version", () => {
  it("a new database is stamped with this release's version", () => {
    const db = openRecordsDatabase(makeConfigDir());
    expect(recordsVersion).toBeGreaterThan(0);
    expect(db.pragma("user_version", { simple: true })).toBe(recordsVersion);
  });

  it("one this release made before the version was kept (0) keeps its records and is stamped", () => {
    const dir = makeConfigDir();
    const journal = journalRecords(openRecordsDatabase(dir));
    journal.append({
      v: 1,
      type: "intent",
      entry: "e-before-version",
      at: "2026-11-29T08:00:00.000Z",
      kind: "topup",
      profile: "default",
      base_url: "http://127.0.0.1:1",
      ref_id: null,
      request: {},
      pid: 1,
      host: "shop",
    });
    closeRecordsDatabases();
    const unstamped = new Database(join(dir, recordsFileName));
    unstamped.pragma("user_version = 0");
    unstamped.close();

    const db = openRecordsDatabase(dir);
    expect(db.pragma("user_version", { simple: true })).toBe(recordsVersion);
    expect(journalRecords(db).byEntryId("e-before-version")?.kind).toBe("topup");
  });

  it("one of a newer release is refused, and left as it was", () => {
    const dir = makeConfigDir();
    const newer = new Database(join(dir, recordsFileName));
    newer.pragma(`user_version = ${recordsVersion + 1}`);
    newer.exec("CREATE TABLE journal_tags (entry TEXT, tag TEXT)");
    newer.close();
    expect(refusal(() => openRecordsDatabase(dir))).toBe("RECORDS_NEWER");
    const after = new Database(join(dir, recordsFileName), { readonly: true });
    expect(after.pragma("user_version", { simple: true })).toBe(recordsVersion + 1);
    expect(after.prepare("SELECT name FROM sqlite_master WHERE name = 'journal_orders'").get()).toBeUndefined();
    after.close();
  });
});

describe("a database that may only be read", () => {
  it("an earlier release's, without the newest indexes, is read as it stands, and a write to it is refused", () => {
    const dir = makeConfigDir();
    const journal = journalRecords(openRecordsDatabase(dir));
    const at = new Date(Date.now() - 60_000).toISOString();
    const here = { profile: "default", base_url: "http://127.0.0.1:1" };
    journal.append({
      v: 1,
      type: "intent",
      entry: "e-read",
      at,
      kind: "buy",
      ...here,
      ref_id: "RO-1",
      request: {},
      pid: 1,
      host: "shop",
    });
    journal.append({ v: 1, type: "attempt", entry: "e-read", at, attempt: 1 });
    journal.append({ v: 1, type: "outcome", entry: "e-read", at, outcome: "not_done", by: "reconcile" });
    closeRecordsDatabases();
    const earlier = new Database(join(dir, recordsFileName));
    earlier.exec("DROP INDEX journal_orders_not_found; DROP INDEX journal_orders_open;");
    earlier.close();

    const readOnly = new Database(join(dir, recordsFileName), { readonly: true });
    const read = journalRecords(readOnly);
    const where = { profile: here.profile, baseUrl: here.base_url };
    expect(read.byRefId("RO-1").map((e) => e.outcome)).toEqual(["not_done"]);
    expect(read.notDoneSince({ ...where, sinceMs: 0 }).map((e) => e.entry)).toEqual(["e-read"]);
    // A range ending before the purchase (a report of an earlier day) does not hold it.
    expect(read.notDoneSince({ ...where, sinceMs: 0, untilMs: Date.parse(at) })).toEqual([]);
    expect(read.open(where, 10)).toEqual([]);
    expect([...read.newestFirst()].map((e) => e.ref_id)).toEqual(["RO-1"]);
    expect(readOnly.prepare("SELECT name FROM sqlite_master WHERE name = 'journal_orders_open'").get()).toBeUndefined();
    expect(refusal(() => read.append({ v: 1, type: "attempt", entry: "e-read", at, attempt: 2 }))).toMatch(
      /^SQLITE_READONLY/,
    );
    readOnly.close();
  });
});

describe("importing the files of an earlier release", () => {
  it("the journal, the deliveries file and locks.json in one transaction: cut short at the last lock, none of them is in and every file stays; run again, all are in and kept", () => {
    const dir = makeConfigDir();
    const intent = {
      v: 1,
      entry: "e1",
      type: "intent",
      at: "2026-11-20T10:00:00.000Z",
      kind: "buy",
      profile: "default",
      base_url: "http://127.0.0.1:1",
      ref_id: "OLD-1",
      request: {},
      pid: 1,
      host: "h",
    };
    const files = {
      "journal.jsonl": `${JSON.stringify(intent)}\n`,
      "webhook-deliveries.jsonl": `${JSON.stringify({ key: "k1" })}\n`,
      "locks.json": JSON.stringify({ profiles: { default: [{ lock_token: "LCK-1", item_id: 3, quantity: 1 }] } }),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o600 });
    const db = openRecordsDatabase(dir);
    journalRecords(db);
    createDeliveriesTable(db);
    createStockLocksTable(db);
    db.exec(`CREATE TEMP TRIGGER cut BEFORE INSERT ON stock_locks BEGIN SELECT RAISE(ABORT, 'interrupted'); END`);
    expect(() => importOldFiles(db, dir)).toThrow(/interrupted/);
    const held = () =>
      ["journal_events", "webhook_deliveries", "stock_locks"].map(
        (table) => db.prepare(`SELECT COUNT(*) FROM ${table}`).pluck().get() as number,
      );
    expect(held()).toEqual([0, 0, 0]);
    const old = () => readdirSync(dir).filter((name) => !name.startsWith(recordsFileName));
    expect(old().sort()).toEqual(Object.keys(files).sort());

    db.exec("DROP TRIGGER cut");
    expect(importOldFiles(db, dir).kept).toEqual([
      "journal.jsonl.imported",
      "webhook-deliveries.jsonl.imported",
      "locks.json.imported",
    ]);
    expect(held()).toEqual([1, 1, 1]);
    expect(old().sort()).toEqual(
      Object.keys(files)
        .map((name) => `${name}.imported`)
        .sort(),
    );
  });
});

describe("an earlier release's journal line torn by a crash", () => {
  it("is skipped, and the record a later write glued to its end is imported", () => {
    const dir = makeConfigDir();
    const record = (entry: string) =>
      JSON.stringify({ v: 1, entry, type: "attempt", at: "2026-11-20T10:00:00.000Z", attempt: 1 });
    const lines = [record("a"), `${record("torn").slice(0, 30)}${record("glued")}`, record("b")];
    writeFileSync(join(dir, "journal.jsonl"), `${lines.join("\n")}\n`, { mode: 0o600 });
    const db = openRecordsDatabase(dir);
    expect(importOldFiles(db, dir).counts).toEqual([{ read: 3, written: 3, present: 0, added: 3 }]);
    expect(db.prepare("SELECT entry FROM journal_events ORDER BY seq").pluck().all()).toEqual(["a", "glued", "b"]);
  });
});
