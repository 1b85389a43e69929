/**
 * `reseller report` through the built binary: a day of real purchases against the emulator (delivered,
 * partly delivered, failed, refused) whose `spent` is the balance's own movement and whose profit is
 * revenue - spent; and the terminal's table and chart at 80 columns on a golden screen, from a
 * journal of fixed purchases; a group's refund stands beside what it spent.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeConfigDir } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs, whileAdvancing, type Reseller } from "./commands-harness.js";
import { buyIntent } from "../support/journal-records.js";
import { middayZoneDayStart, zoneAtMidday } from "../support/midday.js";

const harness = useEmulator();
// The books kept where it is midday: the shop's day in Jakarta could end between a purchase and
// the report that counts it (test/support/midday.ts).
const midday = { RESELLER_TIME_ZONE: zoneAtMidday() };
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("report over a day of purchases", () => {
  it("spent equals the balance's movement, profit is revenue - spent, each verdict counted", async () => {
    const shop: Reseller = resellerAs(harness);
    dirs.push(shop.configDir);
    const apiKey = harness.emulator.demoApiKey;
    expect((await shop.run(["prices", "set", "--markup", "10%", "--round", "500"])).exitCode).toBe(0);
    const before = harness.accountOf(apiKey).balance;
    const buy = async (args: string[], exitCode: number) => {
      const r = await whileAdvancing(harness.emulator, shop.run(["buy", ...args, "--yes"]), 10, 150);
      expect(r.exitCode, `${args.join(" ")}: ${r.stderr}`).toBe(exitCode);
    };
    await buy(["--item", "12", "--qty", "1", "--note", "081234567890", "--wait"], 0);
    await buy(["--item", "3", "--qty", "1", "--wait"], 0);
    await buy(["--item", "23", "--qty", "300", "--target", "https://instagram.com/partial_books", "--wait"], 1);
    await buy(["--item", "12", "--qty", "1", "--note", "0812", "--no-check", "--wait"], 1);
    // Not delivered yet when bought: --refresh settles it before the books are kept.
    await buy(["--item", "13", "--qty", "1", "--note", "081234567891"], 0);
    // A lock that does not exist: refused, nothing charged.
    await buy(["--item", "3", "--qty", "1", "--lock", "LCK-NOSUCHLOCK", "--again"], 1);
    harness.emulator.clock.advance(600_000);
    const after = harness.accountOf(apiKey).balance;

    const r = await shop.run(["report", "--refresh"], { mode: "json", env: midday });
    expect(r.exitCode, r.stderr).toBe(0);
    const books = r.json();
    expect(books.by_verdict).toEqual({
      delivered: 3,
      bought: 0,
      partial: 1,
      delivery_failed: 1,
      refused: 1,
      unknown: 0,
    });
    expect(books.orders).toBe(6);
    expect(books.spent).toBe(before - after);
    expect(books.refunded).toBeGreaterThan(11_500);
    expect(books.revenue).toBeGreaterThan(books.spent);
    expect(books.profit).toBe(books.revenue - books.spent);
    expect(books.unpriced).toBe(0);
    expect(books.rows.reduce((sum: number, row: any) => sum + row.spent, 0)).toBe(books.spent);

    const piped = await shop.run(["report"], { env: midday });
    const total = piped.stdout.trim().split("\n").at(-1)!.split("\t");
    expect(total).toEqual([
      "total",
      "6",
      "3",
      "0",
      "1",
      "1",
      "1",
      "0",
      String(books.spent),
      String(books.refunded),
      String(books.revenue),
      String(books.profit),
    ]);
  });
});

/** A journal of purchases on 20 November 2026 (WIB), written as reseller writes it. */
function fixedJournal(configDir: string, baseUrl: string): void {
  mkdirSync(configDir, { recursive: true });
  const lines: object[] = [];
  let n = 0;
  const sale = (at: string, itemId: number, name: string, amount: number, selling: number, end: object) => {
    const entry = `e${String(++n).padStart(11, "0")}`;
    lines.push(
      buyIntent({
        entry,
        at,
        base_url: baseUrl,
        ref_id: `RSL-20261120-FIXED${n}`,
        request: {
          carts: [{ item_id: itemId, quantity: 1, note: "081234567890" }],
          item_names: { [itemId]: name },
          selling_prices: [selling],
        },
        host: "shop-pc",
      }),
      { v: 1, type: "outcome", entry, at, outcome: "done", invoice: `INV-${n}`, amount, status: "paid", by: "answer" },
      { v: 1, type: "status", entry, at, status: "completed", ...end },
    );
  };
  // 08.xx WIB is 01.xx UTC.
  sale("2026-11-20T01:05:00.000Z", 12, "Pulsa Telkomsel 10.000", 11_500, 13_000, { verdict: "delivered" });
  sale("2026-11-20T01:40:00.000Z", 12, "Pulsa Telkomsel 10.000", 11_500, 13_000, { verdict: "delivered" });
  sale("2026-11-20T02:10:00.000Z", 1, "Netflix Premium 1 Bulan", 35_000, 40_000, { verdict: "delivered" });
  sale("2026-11-20T06:30:00.000Z", 12, "Pulsa Telkomsel 10.000", 11_500, 13_000, {
    status: "failed",
    verdict: "delivery_failed",
    refunded: 11_500,
  });
  sale("2026-11-20T12:59:00.000Z", 3, "Spotify Premium 1 Bulan", 18_000, 20_000, { verdict: "delivered" });
  writeFileSync(join(configDir, "journal.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""), {
    mode: 0o600,
  });
}

describe("report on a terminal", () => {
  it("the table and the chart fit 80 columns: a golden screen", async () => {
    const configDir = makeConfigDir();
    dirs.push(configDir);
    const baseUrl = harness.emulator.baseUrl;
    fixedJournal(configDir, baseUrl);
    // An account whose balance never moved: the balance history gives no opening or closing balance to show.
    const shop = resellerAs(harness, harness.apiKeyOf("Nusantara Akun Store"), configDir);
    const r = await shop.run(["report", "--since", "2026-11-20", "--until", "2026-11-20"], {
      mode: "table",
      env: { COLUMNS: "80" },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    const screen = r.stdout;
    expect(screen).toBe(
      [
        "Books     2026-11-20",
        "Orders    5: 4 delivered, 1 failed",
        "Spent     Rp 76.000",
        "Refunded  Rp 11.500",
        "Revenue   Rp 86.000",
        "Profit    Rp 10.000",
        "Top-ups   Rp 0 paid (0 requested, Rp 0)",
        "",
        "By hour",
        "┌────────────┬────────┬───────────┬───────────┬───────────┬──────────┐",
        "│ Hour (WIB) │ Orders │ Spent     │ Refunded  │ Revenue   │ Profit   │",
        "├────────────┼────────┼───────────┼───────────┼───────────┼──────────┤",
        "│ 08:00      │ 2      │ Rp 23.000 │ Rp 0      │ Rp 26.000 │ Rp 3.000 │",
        "│ 09:00      │ 1      │ Rp 35.000 │ Rp 0      │ Rp 40.000 │ Rp 5.000 │",
        "│ 13:00      │ 1      │ Rp 0      │ Rp 11.500 │ Rp 0      │ Rp 0     │",
        "│ 19:00      │ 1      │ Rp 18.000 │ Rp 0      │ Rp 20.000 │ Rp 2.000 │",
        "└────────────┴────────┴───────────┴───────────┴───────────┴──────────┘",
        "",
        "Profit per hour (WIB)",
        `08:00  ${"█".repeat(37)}▊${" ".repeat(25)}  Rp 3.000`,
        `09:00  ${"█".repeat(63)}  Rp 5.000`,
        `13:00  ${" ".repeat(63)}      Rp 0`,
        `19:00  ${"█".repeat(25)}▎${" ".repeat(37)}  Rp 2.000`,
        "",
      ].join("\n"),
    );
    for (const line of screen.split("\n")) expect([...line].length).toBeLessThanOrEqual(80);
  });
});

describe("a clock stepped back between two purchases", () => {
  it("report --since today and history --since count every purchase recorded in the window, whatever order they were written in", async () => {
    const configDir = makeConfigDir();
    dirs.push(configDir);
    const baseUrl = harness.emulator.baseUrl;
    // The day of a zone where it is midday: UTC's day could end between this line and the report's run.
    const now = Date.now();
    const zone = zoneAtMidday(now);
    const today = middayZoneDayStart(now);
    const bought = (n: number, atMs: number) => {
      const entry = `step${n}`;
      const at = new Date(atMs).toISOString();
      return [
        buyIntent({
          entry,
          at,
          base_url: baseUrl,
          ref_id: `RSL-STEP-${n}`,
          request: { carts: [{ item_id: 12, quantity: 1, note: `08123456780${n}` }] },
        }),
        { v: 1, type: "outcome", entry, at, outcome: "done", invoice: `INV-STEP-${n}`, amount: 11_500, by: "answer" },
      ];
    };
    // Two purchases just after midnight; then NTP steps the clock back 17 minutes, and the next
    // purchase is recorded before midnight, after them in the log.
    const lines = [
      ...bought(1, today + 5 * 60_000),
      ...bought(2, today + 6 * 60_000),
      ...bought(3, today - 11 * 60_000),
    ];
    writeFileSync(join(configDir, "journal.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""), {
      mode: 0o600,
    });
    const shop = resellerAs(harness, harness.emulator.demoApiKey, configDir);
    const env = { RESELLER_TIME_ZONE: zone };
    const report = await shop.run(["report", "--since", "today"], { mode: "json", env });
    expect(report.exitCode, report.stderr).toBe(0);
    expect(report.json().orders).toBe(2);
    const history = await shop.run(["history", "--since", new Date(today).toISOString()], { mode: "json", env });
    expect(history.exitCode, history.stderr).toBe(0);
    expect(history.json().map((e: { ref_id: string }) => e.ref_id)).toEqual(["RSL-STEP-2", "RSL-STEP-1"]);
  });
});
