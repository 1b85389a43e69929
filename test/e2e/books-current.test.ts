/**
 * The books are current by default: `report`, `history` and `trx list` bring the orders they show
 * that are not final up to date before showing them, without `--refresh`. An order that failed and
 * was refunded, and one completed, since they were bought, stand where the service says; orders
 * still in progress are read from the transaction list, not asked about one by one. `--no-refresh`
 * shows the journal as recorded; with the service down the books are shown as recorded, a note
 * says how many could not be brought up to date, and the exit code is 4.
 */
import { describe, expect, it } from "vitest";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { zoneAtMidday } from "../support/midday.js";
import { pipedRows, resellerInProcess, type Reseller } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const harness = useEmulator();
// The books kept where it is midday: the shop's day in Jakarta could end between a purchase and
// the report that counts it (test/support/midday.ts).
const midday = { RESELLER_TIME_ZONE: zoneAtMidday() };

/** A delivery that fails (refunded Rp 19.000) and one that completes, both ended an hour later. */
async function twoOrdersThatEndLater(reseller: Reseller, tag: string): Promise<void> {
  const failed = await reseller.run(buyOne(22, "99990042", "--no-validate", "--ref-id", `${tag}-failed`, "--yes"));
  expect(failed.exitCode, failed.stderr).toBe(0);
  const later = await reseller.run(buyOne(11, "081266660001", "--ref-id", `${tag}-later`, "--yes"));
  expect(later.exitCode, later.stderr).toBe(0);
  harness.emulator.clock.advance(3_600_000);
}

const lookUps = (since: number) =>
  apiRequests(harness)
    .slice(since)
    .filter((l) => /^GET \/v1\/trx\/[^?\s]/.test(l));
const listPages = (since: number) =>
  apiRequests(harness)
    .slice(since)
    .filter((l) => /^GET \/v1\/trx(\?|\s)/.test(l));

describe("books current by default", () => {
  it("report counts a failed order's refund and a completed order without --refresh; orders in progress cost no question each", async () => {
    const reseller = resellerInProcess(harness);
    const before = harness.accountOf(harness.emulator.demoApiKey).balance;
    await twoOrdersThatEndLater(reseller, "books");
    // A designer's order: done by hand in five minutes, so still in progress when the books are kept.
    for (const n of [1, 2, 3]) {
      const design = await reseller.run([
        "buy",
        "--item",
        "27",
        "--qty",
        "1",
        "--note",
        `Toko Maju ${n}, biru`,
        "--ref-id",
        `books-design-${n}`,
        "--yes",
      ]);
      expect(design.exitCode, design.stderr).toBe(0);
    }
    const after = harness.accountOf(harness.emulator.demoApiKey).balance;

    // As recorded, what the issue saw: everything still "bought", the refund not counted.
    const stale = await reseller.run(["report", "--no-refresh"], { mode: "json", env: midday });
    expect(stale.exitCode, stale.stderr).toBe(0);
    expect(stale.json().by_verdict).toMatchObject({ bought: 5, delivered: 0, delivery_failed: 0 });

    const asked = apiRequests(harness).length;
    const r = await reseller.run(["report"], { mode: "json", env: midday });
    expect(r.exitCode, r.stderr).toBe(0);
    const books = r.json();
    expect(books.by_verdict).toMatchObject({ bought: 3, delivered: 1, delivery_failed: 1, unknown: 0 });
    expect(books.refunded).toBe(19_000);
    expect(books.spent).toBe(before - after);
    // One page of the list says which ended; only those two are asked for their refund.
    expect(listPages(asked)).toHaveLength(1);
    expect(lookUps(asked).map((l) => l.split(" ")[1])).toEqual(
      expect.arrayContaining(["/v1/trx/books-failed", "/v1/trx/books-later"]),
    );
    expect(lookUps(asked)).toHaveLength(2);

    // Written down: the piped books say the same, and now ask nothing but the list.
    const again = apiRequests(harness).length;
    const piped = await reseller.run(["report"], { env: midday });
    expect(piped.exitCode, piped.stderr).toBe(0);
    const total = pipedRows(piped.stdout).find((row) => row[0] === "total")!;
    // group, orders, delivered, bought, partial, delivery_failed, refused, unknown, spent, refunded
    expect([total[1], total[2], total[3], total[5], total[8], total[9]]).toEqual([
      "5",
      "1",
      "3",
      "1",
      String(before - after),
      "19000",
    ]);
    expect(lookUps(again)).toHaveLength(0);
  });

  it("history shows where each order stands, the refund included, without --refresh", async () => {
    const reseller = resellerInProcess(harness);
    await twoOrdersThatEndLater(reseller, "ledger");
    const stale = pipedRows((await reseller.run(["history", "--no-refresh"])).stdout);
    expect(stale.map((r) => [r[2], r[10]])).toEqual([
      ["ledger-later", "bought"],
      ["ledger-failed", "bought"],
    ]);

    const run = await reseller.run(["history"]);
    expect(run.exitCode, run.stderr).toBe(0);
    // ref_id, verdict, refunded
    expect(pipedRows(run.stdout).map((r) => [r[2], r[10], r[11] ?? ""])).toEqual([
      ["ledger-later", "delivered", ""],
      ["ledger-failed", "delivery_failed", "19000"],
    ]);
    expect(run.stderr).not.toMatch(/not known delivered/);
    const [, failed] = (await reseller.run(["history", "--json"])).json();
    expect(failed).toMatchObject({ ref_id: "ledger-failed", verdict: "delivery_failed", refunded: 19_000 });
  });

  it("history --json brings what it streams up to date too", async () => {
    const reseller = resellerInProcess(harness);
    await twoOrdersThatEndLater(reseller, "stream");
    const r = await reseller.run(["history", "--json", "--since", "2000-01-01"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json().map((e: any) => [e.ref_id, e.verdict, e.refunded])).toEqual([
      ["stream-later", "delivered", 0],
      ["stream-failed", "delivery_failed", 19_000],
    ]);
  });

  it("trx list shows a failed order's refund without --refresh, as balance history does", async () => {
    const reseller = resellerInProcess(harness);
    await twoOrdersThatEndLater(reseller, "listed");
    const rowOf = (stdout: string, ref: string) => pipedRows(stdout).find((row) => row[1] === ref)!;

    const stale = await reseller.run(["trx", "list", "--per-page", "100", "--no-refresh"]);
    expect(stale.exitCode, stale.stderr).toBe(0);
    expect(rowOf(stale.stdout, "listed-failed")[8] ?? "").toBe("");

    const r = await reseller.run(["trx", "list", "--per-page", "100"]);
    expect(r.exitCode, r.stderr).toBe(0);
    // created, ref_id, invoice, status, amount, item ids, quantities, customers, refund
    expect(rowOf(r.stdout, "listed-failed")[3]).toBe("failed");
    expect(rowOf(r.stdout, "listed-failed")[8]).toBe("19000");
    expect(rowOf(r.stdout, "listed-later")[8]).toBe("");
    const table = await reseller.run(["trx", "list", "--per-page", "100"], {
      mode: "table",
      env: { COLUMNS: "200" },
    });
    expect(table.stdout).toMatch(/Rp 19\.000/);
  });

  it("offline: the books as recorded, a note naming how many could not be brought up to date, exit 4", async () => {
    const reseller = resellerInProcess(harness);
    await twoOrdersThatEndLater(reseller, "offline");
    harness.emulator.faults.configure({ down: true });
    try {
      const env = { RESELLER_MAX_RETRIES: "0", ...midday };
      for (const args of [["history"], ["report"], ["history", "--json"], ["report", "--json"]]) {
        const r = await reseller.run(args, { env });
        expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(4);
        expect(r.stdout, args.join(" ")).not.toBe("");
        expect(r.stderr).toMatch(
          /^! 2 orders not final could not be brought up to date \(the service could not be reached\); shown as last recorded\.$/m,
        );
      }
      const quick = await reseller.run(["history", "--no-refresh"], { env });
      expect(quick.exitCode, quick.stderr).toBe(0);
      expect(pipedRows(quick.stdout).map((r) => r[10])).toEqual(["bought", "bought"]);
      const id = await reseller.run(["report"], { env: { ...env, RESELLER_LANG: "id" } });
      expect(id.exitCode).toBe(4);
      expect(id.stderr).toMatch(/2 order yang belum final tidak bisa diperbarui \(layanan tidak bisa dihubungi\)/);
    } finally {
      harness.emulator.faults.configure({ down: false });
    }
    const back = await reseller.run(["history"]);
    expect(back.exitCode, back.stderr).toBe(0);
    expect(pipedRows(back.stdout).map((r) => r[10])).toEqual(["delivered", "delivery_failed"]);
  });
});
