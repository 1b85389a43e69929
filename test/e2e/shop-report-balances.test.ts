/**
 * `report`'s opening and closing balance, from the service's balance history, and the line that says
 * when they do not reconcile with what the books count; and `report --by customer` at 80 columns as
 * one compact table, each customer whole below it, instead of a card per customer. Through the built
 * binary against an emulator of its own, so its balance history holds this file's purchases only.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { zoneAtMidday } from "../support/midday.js";
import { resellerAs, type Reseller } from "./commands-harness.js";

const harness = useEmulator({ dialect: "live" });
// The books kept where it is midday: the shop's day in Jakarta could end between a purchase and
// the report that counts it (test/support/midday.ts).
const midday = { RESELLER_TIME_ZONE: zoneAtMidday() };
let shop: Reseller;
let opening: number;
const longCustomer = "https://instagram.com/a_rather_long_shop_account_name_for_80_columns";

beforeAll(async () => {
  shop = resellerAs(harness);
  opening = harness.accountOf().balance;
  expect((await shop.run(["prices", "set", "--markup", "10%", "--round", "500"])).exitCode).toBe(0);
  const file = join(shop.configDir, "orders.csv");
  const rows = ["item_id,quantity,note", ...[1, 2, 3, 4, 5, 6].map((n) => `12,1,08123456789${n}`)];
  rows.push(`23,300,"{""target"":""${longCustomer}""}"`, "21,1,12345678(1234)");
  writeFileSync(file, `${rows.join("\n")}\n`);
  const r = await shop.run(["buy", "--file", file, "--yes"]);
  expect(r.exitCode, r.stderr).toBe(0);
});
afterAll(() => rmSync(shop.configDir, { recursive: true, force: true }));

describe("report's balances", () => {
  it("opening and closing balance from the balance history; nothing unaccounted when the books hold every order", async () => {
    const closing = harness.accountOf().balance;
    const json = (await shop.run(["report"], { mode: "json", env: midday })).json();
    expect(json).toMatchObject({ opening_balance: opening, closing_balance: closing, unaccounted: 0 });
    expect(json.spent).toBe(opening - closing);

    const table = await shop.run(["report"], { mode: "table", env: { ...midday, COLUMNS: "80" } });
    expect(table.exitCode, table.stderr).toBe(0);
    expect(table.stdout).toContain(`Opening balance  Rp ${opening.toLocaleString("id-ID")}`);
    expect(table.stdout).toContain(`Closing balance  Rp ${closing.toLocaleString("id-ID")}`);
    expect(table.stderr).not.toContain("not in these books");
  });

  it("says when the balance moved by more than the books account for", async () => {
    const closing = harness.accountOf().balance;
    // Money that left the balance outside this machine's books.
    harness.emulator.setBalance(harness.emulator.demoApiKey, closing - 7_000);
    try {
      const json = (await shop.run(["report"], { mode: "json", env: midday })).json();
      expect(json).toMatchObject({ opening_balance: opening, closing_balance: closing - 7_000, unaccounted: -7_000 });
      const table = await shop.run(["report"], { mode: "table", env: { ...midday, COLUMNS: "80" } });
      expect(table.exitCode, table.stderr).toBe(0);
      expect(table.stderr.replace(/\s+/g, " ")).toContain("-Rp 7.000 is not in these books");
    } finally {
      harness.emulator.setBalance(harness.emulator.demoApiKey, closing);
    }
  });
});

describe("report --by customer", () => {
  it("one table at 80 columns, each customer whole below it by row number, not a card each", async () => {
    const r = await shop.run(["report", "--by", "customer"], { mode: "table", env: { ...midday, COLUMNS: "80" } });
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.split("\n");
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(80);
    expect(r.stdout).toMatch(/│ # +│ Orders +│ Spent/);
    // Eight customers: one header for them, not eight cards of five lines.
    expect(lines.filter((line) => /^Customer\b/.test(line))).toHaveLength(0);
    expect(lines.filter((line) => line.includes(longCustomer))).toHaveLength(1);
    expect(lines.some((line) => /^\d+ +081234567891$/.test(line))).toBe(true);
  });
});
