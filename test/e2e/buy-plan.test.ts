/**
 * `buy … --plan`: a plan before money moves. It checks what a run with the same flags would (rows,
 * items, prices now against the kept catalogue, repeats, the checks before paying, the balance),
 * says what would be bought, found bought or refused, sends no purchase and writes no journal
 * record; exit 0 when the run could go ahead, 2 when it could not. The run that follows buys
 * exactly the rows the plan said it would, and the same plan prints the same bytes.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { journalRecords, pipedRows, resellerInProcess, writeCart, type Reseller } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const harness = useEmulator();

function ordersFile(reseller: Reseller, name: string, rows: string[]): string {
  const path = join(reseller.configDir, name);
  writeFileSync(path, `item_id,quantity,note\n${rows.join("\n")}\n`);
  return path;
}

/** Purchases sent to the service since `from` (an index into the emulator's requests). */
const purchasesSince = (from: number) => harness.requests.slice(from).filter((l) => /POST \S*\/v1\/trx\b/.test(l));

const jsonLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe("buy --plan", () => {
  it("a file with good rows, a repeat, an unknown item and a price changed since the kept copy: each row said, exit 2, nothing sent or journaled", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    // The kept catalogue, then a price that moves after it was kept.
    expect((await reseller.run(["items"])).exitCode).toBe(0);
    const bought = await reseller.run(buyOne(11, "081234500001", "--yes"), { mode: "json" });
    expect(bought.exitCode, bought.stderr).toBe(0);
    const earlier = bought.json().data.ref_id;
    harness.emulator.setItemPrice(17, 11_900);
    const file = ordersFile(reseller, "orders.csv", [
      "12,1,081234500002",
      "11,1,081234500001", // the purchase above, under another ref_id: a repeat
      "999,1,081234500003", // no such item
      "17,2,081434500004", // Indosat, its price moved since the copy was kept
    ]);
    const requests = harness.requests.length;
    const journal = journalRecords(reseller.configDir).length;
    const balance = harness.accountOf(reseller.apiKey).balance;

    const r = await reseller.run(["buy", "--file", file, "--plan"], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(2);
    const plan = r.json();
    expect(plan.rows.map((row: any) => [row.row, row.verdict, row.problem?.code])).toEqual([
      [2, "would_buy", undefined],
      [3, "refused", "REPEATED_ORDER"],
      [4, "refused", "ITEM_NOT_FOUND"],
      [5, "would_buy", undefined],
    ]);
    expect(plan.rows[1].problem.message).toContain(earlier);
    expect(plan.rows[3]).toMatchObject({ item_id: 17, unit_price: 11_900, kept_price: 11_300, amount: 23_800 });
    expect(plan.rows[0]).not.toHaveProperty("kept_price");
    expect(plan).toMatchObject({
      counts: { would_buy: 2, already_bought: 0, refused: 2 },
      total: 11_500 + 23_800,
      balance,
      short: 0,
      can_run: false,
    });
    // A derived ref_id is the one the run would send under.
    expect(plan.rows[0].ref_id).toMatch(/^BLK-\d{8}-[0-9a-f]{12}-1$/);
    expect(r.stderr).toContain("A plan: nothing was sent.");

    // With the repeat skipped and the unknown row gone, the same file could go ahead.
    const fixed = ordersFile(reseller, "fixed.csv", ["12,1,081234500002", "11,1,081234500001", "17,2,081434500004"]);
    const go = await reseller.run(["buy", "--file", fixed, "--plan", "--skip-bought"], { mode: "json" });
    expect(go.exitCode, go.stderr).toBe(0);
    expect(go.json().rows.map((row: any) => row.verdict)).toEqual(["would_buy", "already_bought", "would_buy"]);
    expect(go.json().rows[1]).toMatchObject({ already_bought: earlier, earlier_outcome: "bought" });

    // Nothing was bought, and nothing written to the journal.
    expect(purchasesSince(requests)).toEqual([]);
    expect(journalRecords(reseller.configDir)).toHaveLength(journal);
    expect(harness.accountOf(reseller.apiKey).balance).toBe(balance);
  });

  it("a total over the balance: every row would be bought, the shortfall said, exit 2", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sumber Rejeki Cell"));
    harness.emulator.setBalance(reseller.apiKey, 30_000);
    const file = ordersFile(reseller, "orders.csv", ["12,1,081234510001", "13,1,081234510002"]);
    const r = await reseller.run(["buy", "--file", file, "--plan"], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.json()).toMatchObject({
      counts: { would_buy: 2, already_bought: 0, refused: 0 },
      total: 11_500 + 25_800,
      balance: 30_000,
      short: 11_500 + 25_800 - 30_000,
      can_run: false,
    });
    const screen = await reseller.run(["buy", "--file", file, "--plan"], {
      mode: "table",
      env: { COLUMNS: "80" },
    });
    expect(screen.exitCode).toBe(2);
    expect(screen.stdout).toContain("Balance Rp 30.000 does not cover Rp 37.300: Rp 7.300 short.");
    expect(screen.stdout).toContain("The run could not go ahead.");
    for (const line of screen.stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
  });

  it("rows that together take more than the stock read now: the row beyond it refused, the rows before it would be bought", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const item = await reseller.run(["item", "4"], { mode: "json" });
    const stock: number = item.json().data.stock;
    expect(stock).toBeGreaterThan(1);
    const file = join(reseller.configDir, "licences.csv");
    writeFileSync(file, `item_id,quantity,note\n4,${stock - 1},\n4,1,\n4,1,\n`);
    const r = await reseller.run(["buy", "--file", file, "--plan"], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(2);
    expect(r.json().rows.map((row: any) => [row.row, row.verdict, row.problem?.code])).toEqual([
      [2, "would_buy", undefined],
      [3, "would_buy", undefined],
      [4, "refused", "INSUFFICIENT_STOCK"],
    ]);
  });

  it("plan, then the run: the rows planned to be bought are exactly the ones bought, for the planned total", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const rows = ["12,1,081234520001", "11,2,081234520002", "3,1,", "15,1,081834520003"];
    // Half of the file bought before: those rows are settled, not sent again.
    expect((await reseller.run(["buy", "--file", ordersFile(reseller, "first.csv", rows.slice(0, 2))])).exitCode).toBe(
      0,
    );
    const file = ordersFile(reseller, "orders.csv", rows);
    const plan = (await reseller.run(["buy", "--file", file, "--plan"], { mode: "json" })).json();
    expect(plan.can_run).toBe(true);
    const planned = plan.rows.filter((r: any) => r.verdict === "would_buy").map((r: any) => [r.row, r.ref_id]);
    expect(planned.map(([row]: [number]) => row)).toEqual([4, 5]);
    expect(plan.rows.filter((r: any) => r.verdict === "already_bought").map((r: any) => r.row)).toEqual([2, 3]);

    const before = harness.accountOf(reseller.apiKey).balance;
    const run = await reseller.run(["buy", "--file", file], { mode: "json" });
    expect(run.exitCode, run.stderr).toBe(0);
    const sent = jsonLines(run.stdout)
      .filter((r) => r.sent)
      .map((r) => [r.row, r.ref_id])
      .sort((a, b) => a[0] - b[0]);
    expect(sent).toEqual(planned);
    expect(before - harness.accountOf(reseller.apiKey).balance).toBe(plan.total);
  });

  it("a single buy and a cart: would buy, exit 0, nothing sent; an account that does not exist is refused, exit 2", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    const requests = harness.requests.length;
    const one = await reseller.run([...buyOne(12, "0812-3456-3000"), "--plan"], { mode: "json" });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(one.json()).toMatchObject({
      rows: [{ row: 1, item_id: 12, quantity: 1, customer: "081234563000", amount: 11_500, verdict: "would_buy" }],
      total: 11_500,
      can_run: true,
    });
    // A ref_id reseller would make is made when buying: none is printed in a plan.
    expect(one.json().rows[0]).not.toHaveProperty("ref_id");

    const cart = writeCart(reseller, [
      { item_id: 12, quantity: 1, note: "081234563001" },
      { item_id: 3, quantity: 2 },
    ]);
    const piped = await reseller.run(["buy", "--cart", cart, "--plan"]);
    expect(piped.exitCode, piped.stderr).toBe(0);
    const rows = pipedRows(piped.stdout);
    expect(rows.slice(0, -1).map((r) => [r[0], r[2], r[3]])).toEqual([
      ["1", "would_buy", "12"],
      ["2", "would_buy", "3"],
    ]);
    // The last row: the total, the balance, what it lacks, and whether the run could go ahead.
    expect(rows.at(-1)).toEqual([
      "total",
      String(11_500 + 2 * 18_000),
      String(harness.accountOf(reseller.apiKey).balance),
      "0",
      "true",
    ]);

    const nobody = await reseller.run([...buyOne(21, "99990000|2001"), "--plan"], { mode: "json" });
    expect(nobody.exitCode, nobody.stderr).toBe(2);
    expect(nobody.json().rows[0]).toMatchObject({ verdict: "refused", problem: { code: "ACCOUNT_NOT_FOUND" } });

    expect(purchasesSince(requests)).toEqual([]);
    expect(journalRecords(reseller.configDir)).toEqual([]);
  });

  it("the alternatives a run would try are listed for each row, from a file's column and, with --alternatives, those kept; none is planned or sent", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    expect((await reseller.run(["alternatives", "set", "12", "11"])).exitCode).toBe(0);
    expect((await reseller.run(["alternatives", "set", "13", "14"])).exitCode).toBe(0);
    const file = join(reseller.configDir, "alternatives.csv");
    writeFileSync(
      file,
      "item_id,quantity,note,alternatives\n13,1,081234540001,14|12\n12,1,081234540002,\n11,1,081234540003,\n",
    );
    const requests = harness.requests.length;
    const balance = harness.accountOf(reseller.apiKey).balance;
    const altsOf = (plan: any) => plan.rows.map((row: any) => [row.row, row.verdict, row.alternatives]);

    // The file's own column counts without the flag; those kept with the profile do not.
    const bare = await reseller.run(["buy", "--file", file, "--plan"], { mode: "json" });
    expect(bare.exitCode, bare.stderr).toBe(0);
    expect(altsOf(bare.json())).toEqual([
      [2, "would_buy", [14, 12]],
      [3, "would_buy", undefined],
      [4, "would_buy", undefined],
    ]);
    // With --alternatives, as the run passes them: the kept ones for a row without its own column.
    const flagged = await reseller.run(["buy", "--file", file, "--plan", "--alternatives"], { mode: "json" });
    expect(flagged.exitCode, flagged.stderr).toBe(0);
    const plan = flagged.json();
    expect(altsOf(plan)).toEqual([
      [2, "would_buy", [14, 12]],
      [3, "would_buy", [11]],
      [4, "would_buy", undefined],
    ]);
    // Only listed: the total is the rows' own, not an alternative's.
    expect(plan.total).toBe(plan.rows.reduce((sum: number, row: any) => sum + row.amount, 0));
    expect(plan.rows[0]).toMatchObject({ item_id: 13, amount: plan.rows[0].unit_price });

    const piped = await reseller.run(["buy", "--file", file, "--plan", "--alternatives"]);
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(pipedRows(piped.stdout).map((r) => [r[0], r[13]])).toEqual([
      ["2", "14,12"],
      ["3", "11"],
      ["4", ""],
      ["total", undefined],
    ]);
    const screen = await reseller.run(["buy", "--file", file, "--plan", "--alternatives"], {
      mode: "table",
      env: { COLUMNS: "80" },
    });
    expect(screen.exitCode, screen.stderr).toBe(0);
    expect(screen.stdout).toContain("Line 2: if it cannot be bought, items 14, 12 would be tried in turn.");
    expect(screen.stdout).toContain("Line 3: if it cannot be bought, items 11 would be tried in turn.");
    expect(screen.stdout).not.toContain("Line 4: if it cannot be bought");

    // A disrupted item: the run would be refused and try its alternatives, so the plan lists them.
    harness.emulator.setItemAvailable(13, false);
    try {
      const disrupted = await reseller.run(["buy", "--file", file, "--plan"], { mode: "json" });
      expect(disrupted.json().rows[0]).toMatchObject({ row: 2, item_id: 13, alternatives: [14, 12] });
    } finally {
      harness.emulator.setItemAvailable(13, true);
    }

    // A single buy: with --alternatives, those kept for its item; without, none.
    const one = await reseller.run([...buyOne(13, "081234540004"), "--plan", "--alternatives"], { mode: "json" });
    expect(one.exitCode, one.stderr).toBe(0);
    expect(one.json().rows).toMatchObject([{ item_id: 13, verdict: "would_buy", alternatives: [14] }]);
    expect(one.json().total).toBe(plan.rows[0].amount);
    const plain = await reseller.run([...buyOne(13, "081234540004"), "--plan"], { mode: "json" });
    expect(plain.json().rows[0]).not.toHaveProperty("alternatives");

    // Nothing sent, nothing journaled, nothing charged.
    expect(purchasesSince(requests)).toEqual([]);
    expect(journalRecords(reseller.configDir)).toEqual([]);
    expect(harness.accountOf(reseller.apiKey).balance).toBe(balance);
  });

  it("the same plan prints the same bytes: on a terminal, in Indonesian, piped and as JSON", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Warung Premium ID"));
    expect((await reseller.run(buyOne(11, "081234530001", "--yes"))).exitCode).toBe(0);
    const file = ordersFile(reseller, "orders.csv", [
      "12,1,081234530000",
      "11,1,081234530001",
      "21,1,12345678|1234",
      "998,1,081234530002",
      "3,1,",
    ]);
    for (const [mode, env] of [
      ["table", { COLUMNS: "80" }],
      ["table", { COLUMNS: "80", RESELLER_LANG: "id" }],
      ["plain", {}],
      ["json", {}],
    ] as const) {
      const first = await reseller.run(["buy", "--file", file, "--plan"], { mode, env });
      const second = await reseller.run(["buy", "--file", file, "--plan"], { mode, env });
      expect(first.exitCode, first.stderr).toBe(2);
      expect(second.stdout, `${mode} ${JSON.stringify(env)}`).toBe(first.stdout);
      expect(first.stdout.length).toBeGreaterThan(0);
    }
    const id = await reseller.run(["buy", "--file", file, "--plan"], {
      mode: "table",
      env: { COLUMNS: "80", RESELLER_LANG: "id" },
    });
    expect(id.stdout).toMatch(/akan dibeli/);
    expect(id.stdout).toMatch(/ditolak: ITEM_NOT_FOUND/);
    expect(id.stdout).toContain("Pembelian tidak bisa dijalankan.");
  });
});
