/**
 * A shop bot's day: 50 sales of the same 3 items to 10 numbers, each under the bot's own order id as
 * --ref-id, all under --yes, while the service answers some purchases with a 500 or drops the answer
 * after committing; the bot retries an order whose outcome was unknown with the same ref_id. Every
 * order is bought exactly once on the service's side, none refused. The same 50 without --ref-id
 * are a person's re-typed commands and a re-run file: the second run buys nothing.
 */
import { describe, expect, it } from "vitest";
import { inPool } from "../../src/orders/pool.js";
import { useEmulator } from "../support/emulator.js";
import { resellerAs, type Reseller } from "./commands-harness.js";

const items = ["11", "12", "13"];
const numbers = Array.from({ length: 10 }, (_, i) => `08125555${String(1000 + i)}`);
const sales = Array.from({ length: 50 }, (_, i) => ({ item: items[i % 3]!, note: numbers[i % 10]! }));
/** Processes at once: the bot's workers. */
const workers = 8;

describe.each(["live", "live-short"] as const)("a bot's day (%s)", (dialect) => {
  const harness = useEmulator({ dialect });
  const onService = (apiKey: string, prefix: string) =>
    harness.accountOf(apiKey).transactions.filter((t) => t.ref_id.startsWith(prefix));

  /** The bot's own retry loop: an order whose outcome is unknown (exit 5) or not sent (exit 4) is sent again with its ref_id. */
  async function sell(reseller: Reseller, sale: { item: string; note: string }, refId: string) {
    const args = ["buy", "--item", sale.item, "--qty", "1", "--note", sale.note, "--ref-id", refId, "--yes"];
    for (let attempt = 1; ; attempt++) {
      const r = await reseller.run(args, { mode: "json" });
      if ((r.exitCode !== 5 && r.exitCode !== 4) || attempt === 3) return r;
    }
  }

  it("an answer lost twice, then the bot's retry with the same ref_id: that purchase, not a refused reuse", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    const refId = `LOST-${dialect}`;
    // Lost after the purchase committed, and lost again when looked up: unknown, exit 5.
    harness.emulator.faults.configure({ drop_after_commit_next: 2, match: { path: "/v1/trx" } });
    const lost = await reseller.run(
      ["buy", "--item", "11", "--qty", "1", "--note", numbers[0]!, "--ref-id", refId, "--yes"],
      { mode: "json", env: { RESELLER_MAX_RETRIES: "0" } },
    );
    harness.emulator.faults.reset();
    expect(lost.exitCode, lost.stderr).toBe(5);
    const retried = await sell(reseller, { item: "11", note: numbers[0]! }, refId);
    expect(retried.exitCode, retried.stderr).toBe(0);
    expect(retried.json().outcome).toBe("bought");
    expect(retried.stderr).toMatch(/had gone through on an earlier attempt/);
    expect(onService(reseller.apiKey, refId)).toHaveLength(1);
  });

  // 50 processes, 8 at a time: sized like money-safety's hundred buys.
  it("50 orders under the bot's own ref_ids with 500s and dropped answers: 50 bought, none refused, none twice", {
    timeout: 120_000,
  }, async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const prefix = `BOT-${dialect}-`;
    // 500s and answers dropped after commit, met by whichever purchases come first.
    harness.emulator.faults.configure({
      error_next: 4,
      error_status: 500,
      drop_after_commit_next: 4,
      match: { method: "POST", path: "/v1/trx" },
    });
    const failed: string[] = [];
    await inPool(sales, workers, async (sale, i) => {
      const r = await sell(reseller, sale, `${prefix}${i + 1}`);
      if (r.exitCode !== 0) failed.push(`${prefix}${i + 1}: exit ${r.exitCode}: ${r.stderr}`);
    });
    const injected = harness.emulator.faults.status().injected;
    harness.emulator.faults.reset();
    expect(injected.error + injected.drop_after_commit).toBe(8);
    expect(failed).toEqual([]);
    const bought = onService(reseller.apiKey, prefix);
    expect(bought).toHaveLength(50);
    expect(new Set(bought.map((t) => t.ref_id)).size).toBe(50);
  });

  it("the same 50 as an orders file without ref_ids: bought once, and a re-run buys nothing", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const file = `item_id,quantity,note\n${sales.map((s) => `${s.item},1,${s.note}`).join("\n")}\n`;
    const before = harness.accountOf(reseller.apiKey).transactions.length;
    const first = await reseller.run(["buy", "--file", "-", "--yes"], { input: file });
    expect(first.exitCode, first.stderr).toBe(0);
    expect(harness.accountOf(reseller.apiKey).transactions).toHaveLength(before + 50);
    const again = await reseller.run(["buy", "--file", "-", "--yes"], { input: file });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/All 50 orders of stdin are already bought/);
    expect(harness.accountOf(reseller.apiKey).transactions).toHaveLength(before + 50);
  });
});
