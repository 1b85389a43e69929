/**
 * A partly delivered order in the books, from the journal's records as written: the lines kept by the
 * status record priced each at its selling price times its share delivered; an order recorded before
 * the lines were kept, or whose kept lines do not match its cart, counted by the share of its amount
 * not refunded.
 */
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openJournal } from "../../src/journal/journal.js";
import { closeRecordsDatabases } from "../../src/records/database.js";
import { makeConfigDir } from "../support/cli.js";
import { foldRecord, type JournalEntry, type JournalRecord } from "../../src/journal/entries.js";
import { moneyOf } from "../../src/shop/books.js";
import type { LineDelivery } from "../../src/domain/verdict.js";
import { buyIntent } from "../support/journal-records.js";

const at = "2026-11-20T03:00:00.000Z";
const cart = [
  { item_id: 12, quantity: 1, note: "081234567890" },
  { item_id: 12, quantity: 1, note: "0812" },
  { item_id: 4, quantity: 1, note: "pembeli@example.com" },
];
const delivered: LineDelivery[] = [
  { line: 1, item_id: 12, name: "Pulsa Telkomsel 10.000", ordered: 1, delivered: 1, state: "delivered" },
  { line: 2, item_id: 12, name: "Pulsa Telkomsel 10.000", ordered: 1, delivered: 0, state: "failed" },
  { line: 3, item_id: 4, name: "Canva Pro 1 Bulan", ordered: 1, delivered: 1, state: "delivered" },
];

/** The records of a cart bought for Rp 38.000, sold at 13.500 + 13.500 + 17.000, then seen partial with `status`. */
function partialCartRecords(status: Record<string, unknown>, carts: unknown[] = cart): JournalRecord[] {
  return [
    buyIntent({ entry: "e1", at, request: { carts, selling_prices: [13_500, 13_500, 17_000] } }),
    { v: 1, type: "outcome", entry: "e1", at, outcome: "done", invoice: "INV-1", amount: 38_000, status: "paid" },
    { v: 1, type: "status", entry: "e1", at, status: "completed", verdict: "partial", refunded: 11_500, ...status },
  ];
}

function partialCart(status: Record<string, unknown>, carts: unknown[] = cart): JournalEntry {
  let entry: JournalEntry | undefined;
  for (const record of partialCartRecords(status, carts)) entry = foldRecord(entry, record);
  return entry!;
}

describe("a partly delivered order in the books", () => {
  it("keeps each line's delivery from the status record and prices the lines delivered", () => {
    const entry = partialCart({ delivered });
    expect(entry.delivered).toEqual(delivered);
    expect(moneyOf(entry, "partial")).toEqual({ spent: 26_500, refunded: 11_500, revenue: 30_500 });
  });

  it("counts an SMM line short of its count by its share, and a line no rule priced as nothing", () => {
    const entry = partialCart({
      refunded: 3_500,
      delivered: [
        { line: 1, item_id: 23, name: null, ordered: 300, delivered: 200, state: "partial" },
        { line: 2, item_id: 4, name: null, ordered: 1, delivered: 1, state: "delivered" },
      ],
    });
    entry.request = {
      carts: [
        { item_id: 23, quantity: 300, note: '{"target":"https://instagram.com/x"}' },
        { item_id: 4, quantity: 1, note: "pembeli@example.com" },
      ],
      selling_prices: [12_500, null],
    };
    entry.amount = 25_500;
    // 12.500 × 200/300; the Canva line has no selling price.
    expect(moneyOf(entry, "partial")).toEqual({ spent: 22_000, refunded: 3_500, revenue: 8_333 });
  });

  it("counts an order recorded before the lines were kept by the share of its amount not refunded", () => {
    const entry = partialCart({});
    expect(entry.delivered).toBeUndefined();
    // 44.000 × 26.500 / 38.000.
    expect(moneyOf(entry, "partial").revenue).toBe(30_684);
  });

  it("falls back the same way when the kept lines name other items than the cart", () => {
    const other = cart.map((line) => ({ ...line, item_id: 99 }));
    expect(moneyOf(partialCart({ delivered }, other), "partial").revenue).toBe(30_684);
  });

  it("forgets the lines when a later status gives a verdict without them", () => {
    let entry = partialCart({ delivered });
    entry = foldRecord(entry, { v: 1, type: "status", entry: "e1", at, status: "completed", verdict: "delivered" })!;
    expect(entry.delivered).toBeUndefined();
    expect(moneyOf(entry, "delivered").revenue).toBe(44_000);
  });

  it("folds again once a partial order an earlier release folded without its lines, from the records it kept", () => {
    const dir = makeConfigDir();
    const journal = openJournal(dir);
    for (const record of partialCartRecords({ delivered })) journal.append(record);
    closeRecordsDatabases();
    // As an earlier release left it: the status record holds the lines, its folded row does not.
    const other = new Database(join(dir, "records.db"));
    const folded = JSON.parse(other.prepare("SELECT folded FROM journal_orders").pluck().get() as string);
    delete folded.delivered;
    other.prepare("UPDATE journal_orders SET folded = ?").run(JSON.stringify(folded));
    other.prepare("DELETE FROM journal_meta WHERE name = 'fold'").run();
    other.close();
    const entry = openJournal(dir).byEntryId("e1")!;
    expect(entry.delivered).toEqual(delivered);
    expect(moneyOf(entry, "partial").revenue).toBe(30_500);
  });
});
