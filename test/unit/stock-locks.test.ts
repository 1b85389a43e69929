/**
 * The local note of locks this machine created, which `buy --lock` reads to fill in item and
 * quantity: a table of the records database, per profile, expired locks dropped; and the lock file
 * of earlier releases (`locks.json`) imported into it once.
 */
import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { StockLock } from "../../src/api/model.js";
import { closeRecordsDatabases, openRecordsDatabase } from "../../src/records/database.js";
import { importOldFiles } from "../../src/records/migrate.js";
import { findCachedLock, forgetLock, rememberLock } from "../../src/records/stock-locks.js";
import { createStockLocksTable } from "../../src/records/stock-locks-table.js";
import { makeConfigDir } from "../support/cli.js";
import { stockLockRows } from "../support/records.js";

afterEach(() => closeRecordsDatabases());

const now = Date.parse("2026-11-21T14:30:00Z");
function lock(token: string, expiresInSeconds: number, extra: Partial<StockLock> = {}): StockLock {
  return {
    token,
    itemId: 3,
    quantity: 2,
    lockedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + expiresInSeconds * 1000).toISOString(),
    ...extra,
  };
}
const stored = (token: string, expiresInSeconds: number) => ({
  lock_token: token,
  item_id: 3,
  quantity: 2,
  locked_at: null,
  expires_at: new Date(now + expiresInSeconds * 1000).toISOString(),
});

describe("lock cache", () => {
  it("finds a remembered lock by token, with its item and quantity", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-A", 600, { itemId: 7 }), now);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toEqual(lock("LCK-A", 600, { itemId: 7 }));
    expect(await findCachedLock(dir, "default", "LCK-B", now)).toBeUndefined();
  });

  it("is kept per profile", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "shop2", lock("LCK-A", 600), now);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeUndefined();
    expect(await findCachedLock(dir, "shop2", "LCK-A", now)).toBeDefined();
  });

  it("does not return an expired lock, and drops expired ones when it writes; one with no readable expiry is kept", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-OLD", 60), now);
    await rememberLock(dir, "default", lock("LCK-ODD", 60, { expiresAt: "soon" }), now);
    expect(await findCachedLock(dir, "default", "LCK-OLD", now + 61_000)).toBeUndefined();
    await rememberLock(dir, "default", lock("LCK-NEW", 600), now + 61_000);
    expect(stockLockRows(dir).map((row) => row.token)).toEqual(["LCK-NEW", "LCK-ODD"]);
  });

  it("forgets a released lock and leaves the others", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    await rememberLock(dir, "default", lock("LCK-B", 600), now);
    await forgetLock(dir, "default", "LCK-A", now);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeUndefined();
    expect(await findCachedLock(dir, "default", "LCK-B", now)).toBeDefined();
  });

  it("remembering the same token twice keeps one entry, the later", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    await rememberLock(dir, "default", lock("LCK-A", 300, { quantity: 5 }), now);
    expect(stockLockRows(dir)).toMatchObject([{ token: "LCK-A", quantity: 5 }]);
  });

  it("is written with mode 0600, in a config dir it creates", async () => {
    const dir = join(makeConfigDir(), "nested", "reseller");
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    expect(statSync(join(dir, "records.db")).mode & 0o777).toBe(0o600);
  });

  it("on a full disk, noting a lock is refused with the database named (LOCK_CACHE_UNWRITABLE), and what was there stays", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    const db = openRecordsDatabase(dir);
    db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true })}`);
    const many = Array.from({ length: 200 }, (_, i) => lock(`LCK-FULL-${i}-${"x".repeat(200)}`, 600));
    await expect(
      (async () => {
        for (const l of many) await rememberLock(dir, "default", l, now);
      })(),
    ).rejects.toMatchObject({
      code: "LOCK_CACHE_UNWRITABLE",
      message: expect.stringMatching(new RegExp(`^${join(dir, "records.db")}: .*SQLITE_FULL`)),
    });
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeDefined();
  });
});

describe("importing the lock file of an earlier release", () => {
  it("imports every profile's locks, skips what is not a lock, counts checked, and keeps the file renamed", async () => {
    const dir = makeConfigDir();
    const path = join(dir, "locks.json");
    const text = JSON.stringify({
      profiles: { default: [{ lock_token: "LCK-A" }, "junk", stored("LCK-B", 600)], shop2: [stored("LCK-C", 600)] },
    });
    writeFileSync(path, text, { mode: 0o600 });
    expect(importOldFiles(openRecordsDatabase(dir), dir)).toEqual({
      counts: [{ read: 2, written: 2, present: 0, added: 2 }],
      kept: ["locks.json.imported"],
      problems: [],
    });
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(`${path}.imported`, "utf8")).toBe(text);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeUndefined();
    expect(await findCachedLock(dir, "default", "LCK-B", now)).toMatchObject({ itemId: 3, quantity: 2 });
    expect(await findCachedLock(dir, "shop2", "LCK-C", now)).toBeDefined();
  });

  it("on first use by a lock command: a damaged file imports nothing and is kept; the cache works on", async () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "locks.json"), "{not json");
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeUndefined();
    expect(readFileSync(join(dir, "locks.json.imported"), "utf8")).toBe("{not json");
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeDefined();
  });

  it("interrupted part way: nothing of it is in and the file stays; run again, each lock is in once; a file left by a crash before its rename adds nothing and changes no newer note", async () => {
    const dir = makeConfigDir();
    const path = join(dir, "locks.json");
    writeFileSync(
      path,
      JSON.stringify({ profiles: { default: [stored("LCK-A", 600), stored("LCK-B", 600), stored("LCK-C", 600)] } }),
    );
    copyFileSync(path, join(dir, "copy"));
    const db = openRecordsDatabase(dir);
    createStockLocksTable(db);
    db.exec(`CREATE TEMP TRIGGER cut BEFORE INSERT ON stock_locks WHEN NEW.token = 'LCK-C'
      BEGIN SELECT RAISE(ABORT, 'interrupted'); END`);
    expect(() => importOldFiles(db, dir)).toThrow(/interrupted/);
    expect(stockLockRows(dir)).toEqual([]);
    expect(existsSync(path)).toBe(true);

    db.exec("DROP TRIGGER cut");
    expect(importOldFiles(db, dir).counts).toEqual([{ read: 3, written: 3, present: 0, added: 3 }]);
    await rememberLock(dir, "default", lock("LCK-A", 900, { quantity: 9 }), now);
    copyFileSync(join(dir, "copy"), path);
    expect(importOldFiles(db, dir)).toEqual({
      counts: [{ read: 3, written: 0, present: 3, added: 0 }],
      kept: ["locks.json.imported-2"],
      problems: [],
    });
    expect(stockLockRows(dir).map((row) => [row.token, row.quantity])).toEqual([
      ["LCK-A", 9],
      ["LCK-B", 2],
      ["LCK-C", 2],
    ]);
  });
});
