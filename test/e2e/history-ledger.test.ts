/**
 * history is a ledger: once refreshed it says where each order stands on the service (a delivery
 * that failed and was refunded, a top-up that was paid, an order completed later), and the README's
 * spend example sums what was really spent: it equals the balance's change.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, whileAdvancing, writeCart, pipedRows } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const harness = useEmulator();
const elsewhere = useEmulator();

describe("history --refresh", () => {
  it("a failed-and-refunded order, a paid top-up and an order completed later, each where it stands", async () => {
    const apiKey = harness.apiKeyOf("Cahaya Voucher");
    const reseller = resellerInProcess(harness, apiKey);
    const before = harness.accountOf(apiKey).balance;
    const today = new Date(Date.now() - 60_000).toISOString();

    expect(
      (await reseller.run(buyOne(22, "99990042", "--no-validate", "--ref-id", "ledger-failed", "--yes"))).exitCode,
    ).toBe(0);
    expect((await reseller.run(buyOne(11, "081266660001", "--ref-id", "ledger-later", "--yes"))).exitCode).toBe(0);
    expect((await reseller.run(["topup", "--amount", "20000", "--channel", "QRIS", "--yes"])).exitCode).toBe(0);
    const token = harness.accountOf(apiKey).top_ups.at(-1)!.payment_token;
    expect((await fetch(`${harness.emulator.baseUrl}/pay/${token}`, { method: "POST" })).status).toBeLessThan(400);
    harness.emulator.clock.advance(3_600_000);

    // Before asking (--no-refresh), the ledger knows only what the tool saw: bought, bought, a link.
    const staleRun = await reseller.run(["history", "--no-refresh"]);
    const stale = pipedRows(staleRun.stdout);
    // The note says what to run, in one line that fits an 80-column terminal.
    expect(staleRun.stderr).toMatch(/^2 purchases not known delivered yet: run `reseller history --refresh`\.$/m);
    for (const line of staleRun.stderr.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    expect(stale.map((r) => [r[2] || r[1], r[10] ?? ""])).toEqual([
      ["topup", ""],
      ["ledger-later", "bought"],
      ["ledger-failed", "bought"],
    ]);

    const refreshed = await reseller.run(["history", "--refresh", "--json"]);
    expect(refreshed.exitCode, refreshed.stderr).toBe(0);
    const entries = refreshed.json();
    expect(entries.map((e: any) => [e.ref_id ?? e.kind, e.verdict ?? e.status])).toEqual([
      ["topup", "paid"],
      ["ledger-later", "delivered"],
      ["ledger-failed", "delivery_failed"],
    ]);
    expect(entries[2]).toMatchObject({ refunded: 19_000, status: "failed" });

    // Written down: a plain `history` afterwards says the same without asking.
    const table = await reseller.run(["history"], { mode: "table", env: { COLUMNS: "200" } });
    // The customer stands whole beside the table, before the ref_id; a top-up has none.
    expect(table.stdout).toMatch(
      /│ 1 × Free Fire 140 Diamonds +│ delivery failed \(Rp 19\.000 refunded\) +│ Rp [\d.]+ +│ +99990042 +ledger-failed /,
    );
    expect(table.stdout).toMatch(
      /│ 1 × Pulsa Telkomsel 5\.000 +│ delivered +│ Rp [\d.]+ +│ +081266660001 +ledger-later /,
    );
    expect(table.stdout).toMatch(/│ top-up QRIS +│ paid +│ Rp 20\.000 +│ *$/m);

    // The documented recipe (README, docs/money-safety.md): what was really spent. It equals the balance's change.
    const spent = await reseller.run(["history", "--since", today.slice(0, 10), "--jq", "[.[] | .net // 0] | add"]);
    expect(spent.exitCode, spent.stderr).toBe(0);
    const after = harness.accountOf(apiKey).balance;
    expect(Number(spent.stdout.trim())).toBe(before - after + 20_000);
    expect(Number(spent.stdout.trim())).toBe(6_500);
  });

  it("a cart with one failed line under a 'completed' status: partial in history as --wait said, with that line's refund", async () => {
    const apiKey = harness.apiKeyOf("Cahaya Voucher");
    const reseller = resellerInProcess(harness, apiKey);
    const cart = writeCart(reseller, [
      { item_id: 11, quantity: 1, note: "081266660009" },
      { item_id: 22, quantity: 1, note: "99990043" },
    ]);
    const bought = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--cart", cart, "--no-validate", "--ref-id", "ledger-half", "--wait", "--yes"], {
        mode: "json",
      }),
      5,
      200,
    );
    expect(bought.exitCode, bought.stderr).toBe(1);
    expect(bought.json()).toMatchObject({
      outcome: "partial",
      refunded: 19_000,
      data: { status: "completed" },
    });
    const plain = pipedRows((await reseller.run(["history", "--limit", "1"])).stdout);
    expect([plain[0]![2], plain[0]![8], plain[0]![10], plain[0]![11]]).toEqual([
      "ledger-half",
      "completed",
      "partial",
      "19000",
    ]);
    const [entry] = (await reseller.run(["history", "--limit", "1", "--json"])).json();
    expect(entry).toMatchObject({ ref_id: "ledger-half", verdict: "partial", refunded: 19_000 });
    expect(entry.amount).toBeGreaterThan(19_000);
  });

  it("entries sent to another service address are hidden, and marked with --all-services", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const other = { RESELLER_BASE_URL: elsewhere.emulator.baseUrl, RESELLER_API_KEY: elsewhere.emulator.demoApiKey };
    expect((await reseller.run(buyOne(11, "081266660002", "--ref-id", "here-1", "--yes"))).exitCode).toBe(0);
    expect(
      (
        await reseller.run(
          ["buy", "--item", "11", "--qty", "1", "--note", "081266660003", "--ref-id", "there-1", "--yes"],
          { env: other },
        )
      ).exitCode,
    ).toBe(0);
    const mine = await reseller.run(["history"]);
    expect(pipedRows(mine.stdout).map((r) => r[2])).toEqual(["here-1"]);
    expect(mine.stderr).toMatch(/1 entry for another service address hidden; --all-services/);
    const all = await reseller.run(["history", "--all-services"]);
    const rows = pipedRows(all.stdout);
    expect(rows.map((r) => [r[2], r[12] ?? ""])).toEqual([
      ["there-1", elsewhere.emulator.baseUrl],
      ["here-1", ""],
    ]);
    const table = await reseller.run(["history", "--all-services"], { mode: "table", env: { COLUMNS: "200" } });
    expect(table.stdout).toContain(`other: ${elsewhere.emulator.baseUrl}`);
  });

  it("--limit and --since stop the reading: the newest entries only", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    for (const n of [1, 2, 3])
      expect((await reseller.run(["sandbox", "--item", "3", "--qty", "1", "--ref-id", `lim-${n}`])).exitCode).toBe(0);
    expect(pipedRows((await reseller.run(["history", "--limit", "2"])).stdout).map((r) => r[2])).toEqual([
      "lim-3",
      "lim-2",
    ]);
    expect((await reseller.run(["history", "--since", "2999-01-01"])).stdout).toBe("");
    expect((await reseller.run(["history", "--since", "yesterday-ish"])).exitCode).toBe(2);
  });
});
