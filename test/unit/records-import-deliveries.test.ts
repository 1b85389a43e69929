/**
 * An earlier release's deliveries file (`webhook-deliveries.jsonl`) imported into the records
 * database: every delivery it names once, counts checked, the file kept under a new name; an import
 * interrupted part way leaves nothing of itself, and one run again adds nothing twice.
 */
import { en } from "../../src/messages/en.js";
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeRecordsDatabases, openRecordsDatabase } from "../../src/records/database.js";
import { createDeliveriesTable } from "../../src/records/deliveries.js";
import { importOldFiles } from "../../src/records/migrate.js";
import { DeliveryStore, deliveryIdOf, type ReceivedDelivery } from "../../src/webhooks/deliveries.js";
import { deliveryRows } from "../support/records.js";
import { makeTempDir } from "../support/temp-dir.js";

afterEach(() => closeRecordsDatabases());

function delivery(key: string, profile = "default"): ReceivedDelivery {
  return {
    id: deliveryIdOf(key),
    key,
    profile,
    event: "order.paid",
    ref_id: "R1",
    invoice: "INV-1",
    signed_status: "paid",
    received_at: "2026-11-20T10:00:00.000Z",
    body: `{"event":"order.paid","key":"${key}"}`,
    headers: { "x-event": "order.paid" },
  };
}
const received = (key: string, profile?: string) =>
  JSON.stringify({ v: 2, type: "received", ...delivery(key, profile) });
const settled = (key: string, as: string, extra: Record<string, string> = {}) =>
  JSON.stringify({ v: 2, type: "settled", id: deliveryIdOf(key), key, as, profile: "default", at: "t", ...extra });

/** What each release wrote: one-line names, received and settled records, a `failed` that settles nothing, damage. */
function oldFile(dir: string): string {
  const path = join(dir, "webhook-deliveries.jsonl");
  const glued = received("glued");
  const lines = [
    JSON.stringify({ key: "legacy-1" }),
    received("a"),
    received("b"),
    received("c"),
    settled("b", "handed", { line: "R1#0" }),
    settled("c", "failed"),
    received("d", "shop2"),
    settled("d", "dropped", { reason: "not confirmed" }),
    // Settled here, its received record compacted away by an earlier release.
    settled("e", "handed"),
    received("a"),
    "not json",
    `${glued.slice(0, 40)}${glued}`,
  ];
  writeFileSync(path, `${lines.join("\n")}\n${received("torn").slice(0, 30)}`, { mode: 0o600 });
  return path;
}

describe("importing the deliveries file of an earlier release", () => {
  it("imports every delivery once, counts checked, keeps the file renamed, and hands on what was not settled", async () => {
    const dir = makeTempDir("reseller-import-");
    const path = oldFile(dir);
    const before = readFileSync(path);
    const imported = importOldFiles(openRecordsDatabase(dir), dir);
    expect(imported).toEqual({
      counts: [{ read: 7, written: 7, present: 0, added: 7, problems: expect.any(Array) }],
      kept: ["webhook-deliveries.jsonl.imported"],
      problems: [expect.any(Function), expect.any(Function)],
    });
    expect(imported.problems.map((problem) => problem(en))).toEqual([
      expect.stringMatching(/last line was cut short/),
      expect.stringMatching(/1 of its lines/),
    ]);
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(`${path}.imported`)).toEqual(before);
    expect(deliveryRows(dir).map((row) => [row.key, row.settled_as, row.profile])).toEqual([
      ["legacy-1", "handed", ""],
      ["a", null, "default"],
      ["b", "handed", "default"],
      ["c", null, "default"],
      ["d", "dropped", "shop2"],
      ["e", "handed", "default"],
      ["glued", null, "default"],
    ]);
    const store = new DeliveryStore(dir, { profile: "default" });
    expect(store.unsettled().map((d) => d.key)).toEqual(["a", "c", "glued"]);
    expect(store.unsettled()[0]).toEqual(delivery("a"));
    expect(store.lineHandedOn("R1#0")).toBe(true);
    for (const key of ["legacy-1", "a", "b", "c", "e", "glued"])
      expect(await store.receive(delivery(key)), key).toBe("duplicate");
    expect(await store.receive(delivery("torn"))).toBe("new");
    await store.close();
  });

  it("the listener says what was damaged in the file it imported", () => {
    const dir = makeTempDir("reseller-import-");
    oldFile(dir);
    const store = new DeliveryStore(dir);
    const said = store.problems.map((problem) => problem(en)).join("\n");
    expect(said).toMatch(/last line was cut short/);
    expect(said).toMatch(/1 of its lines are damaged/);
    expect(new DeliveryStore(dir).problems).toEqual([]);
  });

  it("interrupted part way: nothing of it is in, the file stays; run again, every delivery is in once; a file left by a crash before its rename adds nothing", () => {
    const dir = makeTempDir("reseller-import-");
    const path = oldFile(dir);
    copyFileSync(path, join(dir, "copy"));
    const db = openRecordsDatabase(dir);
    createDeliveriesTable(db);
    // Cut short at the fourth delivery, as a crash inside the transaction would.
    db.exec(`CREATE TEMP TRIGGER cut BEFORE INSERT ON webhook_deliveries WHEN NEW.key = 'd'
      BEGIN SELECT RAISE(ABORT, 'interrupted'); END`);
    expect(() => importOldFiles(db, dir)).toThrow(/interrupted/);
    expect(deliveryRows(dir)).toEqual([]);
    expect(existsSync(path)).toBe(true);

    db.exec("DROP TRIGGER cut");
    expect(importOldFiles(db, dir).counts).toMatchObject([{ read: 7, written: 7, added: 7 }]);
    const rows = deliveryRows(dir);

    // The rows committed and the process gone before the rename: the file is still there next time.
    copyFileSync(join(dir, "copy"), path);
    expect(importOldFiles(db, dir)).toMatchObject({
      counts: [{ read: 7, written: 0, present: 7, added: 0 }],
      kept: ["webhook-deliveries.jsonl.imported-2"],
    });
    expect(deliveryRows(dir)).toEqual(rows);
  });

  it("a settled delivery is not made unsettled again by a file imported after it was handed on", async () => {
    const dir = makeTempDir("reseller-import-");
    const path = oldFile(dir);
    copyFileSync(path, join(dir, "copy"));
    const store = new DeliveryStore(dir);
    await store.settle(delivery("a"), "handed", "t");
    copyFileSync(join(dir, "copy"), path);
    importOldFiles(openRecordsDatabase(dir), dir);
    expect(store.unsettled().map((d) => d.key)).toEqual(["c", "glued"]);
  });

  it("a file of nothing readable is refused and left as it is (WEBHOOK_DELIVERIES_DAMAGED)", () => {
    const dir = makeTempDir("reseller-import-");
    const path = join(dir, "webhook-deliveries.jsonl");
    writeFileSync(path, "\u0000\u0001garbage\nmore garbage\n", { mode: 0o600 });
    expect(() => new DeliveryStore(dir)).toThrow(
      expect.objectContaining({
        code: "WEBHOOK_DELIVERIES_DAMAGED",
        message: expect.stringMatching(/cannot be read: none of its 2 lines is a delivery record/),
      }),
    );
    expect(readFileSync(path, "utf8")).toBe("\u0000\u0001garbage\nmore garbage\n");
  });

  it("a long file of earlier releases: the listener keeps the newest settled names and every unsettled delivery", async () => {
    const dir = makeTempDir("reseller-import-");
    const lines = Array.from({ length: 10_010 }, (_, i) => JSON.stringify({ key: `old-${i}` }));
    writeFileSync(join(dir, "webhook-deliveries.jsonl"), `${lines.join("\n")}\n${received("pending-one")}\n`, {
      mode: 0o600,
    });
    const store = new DeliveryStore(dir, { remember: 5_000 });
    expect(deliveryRows(dir)).toHaveLength(5_001);
    expect(await store.receive(delivery("old-0"))).toBe("new");
    expect(await store.receive(delivery("old-10009"))).toBe("duplicate");
    expect(store.unsettled().map((d) => d.key)).toEqual(["pending-one", "old-0"]);
    await store.close();
  });
});
