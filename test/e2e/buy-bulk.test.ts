/**
 * `buy --file`: many orders, a few at a time. The same file run again never buys an order twice,
 * even when answers were lost on the way; the whole file is checked before the first purchase.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { journalRecords, resellerAs, whileAdvancing, type Reseller } from "./commands-harness.js";

const harness = useEmulator();
const onService = (apiKey: string) => harness.accountOf(apiKey).transactions;
const balanceOf = (apiKey: string) => harness.accountOf(apiKey).balance;
afterEach(() => harness.emulator.faults.reset());

function file(reseller: Reseller, name: string, text: string): string {
  const path = join(reseller.configDir, name);
  writeFileSync(path, text);
  return path;
}

const jsonLines = (text: string) => text.trim().split("\n").filter(Boolean).map((l) => JSON.parse(l));

const csv = [
  "item_id,quantity,note,target",
  "12,1,081234567890,",
  "3,1,,",
  "23,100,,https://instagram.com/tokoku",
  '11,2,"0812-3456-7890",',
].join("\n");

describe("buy --file", () => {
  it("CSV: one JSON line per order (--json) and in --out, one transaction each; run again: nothing bought twice", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const orders = file(reseller, "orders.csv", csv);
    const out = join(reseller.configDir, "results.jsonl");
    const before = balanceOf(reseller.apiKey);
    const r = await reseller.run(["buy", "--file", orders, "--out", out, "--concurrency", "2"], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    const results = jsonLines(r.stdout);
    expect(results).toHaveLength(4);
    expect(results.map((x) => x.row).sort()).toEqual([1, 2, 3, 4]);
    for (const x of results) expect(x).toMatchObject({ outcome: "bought", exit_code: 0, ref_id: expect.stringMatching(/^BLK-[0-9a-f]{12}-000\d$/), invoice: expect.stringMatching(/^INV-/) });
    expect(jsonLines(readFileSync(out, "utf8"))).toEqual(results);
    const spent = results.reduce((sum, x) => sum + x.amount, 0);
    expect(spent).toBe(11_500 + 18_000 + 100 * 35 + 2 * 6_500);
    expect(balanceOf(reseller.apiKey)).toBe(before - spent);
    const refs = results.map((x) => x.ref_id);
    expect(onService(reseller.apiKey).filter((t) => refs.includes(t.ref_id))).toHaveLength(4);

    const again = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    const second = jsonLines(again.stdout);
    expect(second.map((x) => x.outcome)).toEqual(["already_bought", "already_bought", "already_bought", "already_bought"]);
    expect(second.map((x) => x.ref_id).sort()).toEqual([...refs].sort());
    // The journal says what happened: the re-run bought nothing new, and nothing was refused.
    const outcomes = journalRecords(reseller.configDir).filter((rec) => rec.type === "outcome").map((rec) => (rec as { outcome: string }).outcome);
    expect(outcomes.sort()).toEqual([...Array(4).fill("done"), ...Array(4).fill("not_done")]);
    expect(balanceOf(reseller.apiKey)).toBe(before - spent);
    expect(onService(reseller.apiKey).filter((t) => refs.includes(t.ref_id))).toHaveLength(4);
  });

  it("an edited file: orders bought from its earlier version are not bought again without --yes", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const first = ["item_id,quantity,note", "12,1,081200000001", "11,1,081200000002"].join("\n");
    const orders = file(reseller, "daily.csv", first);
    expect((await reseller.run(["buy", "--file", orders], { mode: "json" })).exitCode).toBe(0);
    const bought = onService(reseller.apiKey).length;

    // A new order appended: the old rows get new derived ref_ids, so they are caught before sending.
    writeFileSync(orders, `${first}\n15,1,081200000003`);
    const refused = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(refused.exitCode).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.errorJson().error).toMatchObject({ code: "REPEATED_ORDERS" });
    expect(refused.errorJson().error.message).toMatch(/order 1 \(bought as BLK-[0-9a-f]{12}-0001\), order 2 \(bought as BLK-[0-9a-f]{12}-0002\)/);
    expect(onService(reseller.apiKey)).toHaveLength(bought);

    // Giving the old rows their earlier ref_ids skips them; the new row is bought once.
    const [ref1, ref2] = refused.errorJson().error.message.match(/BLK-[0-9a-f]{12}-000\d/g)!;
    writeFileSync(orders, ["item_id,quantity,note,ref_id", `12,1,081200000001,${ref1}`, `11,1,081200000002,${ref2}`, "15,1,081200000003,"].join("\n"));
    const fixed = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(fixed.exitCode, fixed.stderr).toBe(0);
    expect(jsonLines(fixed.stdout).sort((a, b) => a.row - b.row).map((x) => x.outcome)).toEqual(["already_bought", "already_bought", "bought"]);
    expect(onService(reseller.apiKey)).toHaveLength(bought + 1);

    // --yes is the reseller saying the repeats are new orders: they are bought again, with a warning.
    writeFileSync(orders, `${first}\n`);
    const again = await reseller.run(["buy", "--file", orders, "--yes"], { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/match a purchase made from an earlier version/);
    expect(onService(reseller.apiKey)).toHaveLength(bought + 3);
  });

  it("piped: a tab-separated row per order; on a terminal: a table at the end", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const orders = file(reseller, "two.jsonl", '{"item_id":11,"quantity":1,"note":"081234567890"}\n{"item_id":4,"quantity":1}\n');
    const plain = await reseller.run(["buy", "--file", orders]);
    expect(plain.exitCode, plain.stderr).toBe(0);
    const rows = plain.stdout.trim().split("\n").map((l) => l.split("\t")).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(rows.map((r) => [r[0], r[2], r[3], r[5]])).toEqual([["1", "bought", "0", "6500"], ["2", "bought", "0", "15000"]]);
    const table = await reseller.run(["buy", "--file", orders], { mode: "table" });
    // A table with a header row (boxed, or gh's borderless rows where borders would cut a word), the outcome whole.
    expect(table.stdout).toMatch(/^[│ ]*Order +[│ ]*Outcome\b/m);
    expect(table.stdout).toMatch(/already bought/);
    expect(table.stderr).toMatch(/\[2\/2\] order \d/);
  });

  it("one order refused: the others are bought; exit is the highest code; a row's own ref_id and SMM note object are used", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const orders = file(
      reseller,
      "mixed.jsonl",
      [
        JSON.stringify({ item_id: 12, quantity: 1, note: "081234567890", ref_id: "shop-a-1" }),
        JSON.stringify({ item_id: 8, quantity: 1 }), // sold out
        JSON.stringify({ item_id: 24, quantity: 100, note: { target: "https://www.tiktok.com/@t/video/1" } }),
      ].join("\n"),
    );
    const r = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(r.exitCode).toBe(1);
    const results = jsonLines(r.stdout).sort((a, b) => a.row - b.row);
    expect(results.map((x) => [x.row, x.outcome, x.exit_code])).toEqual([[1, "bought", 0], [2, "refused", 1], [3, "bought", 0]]);
    expect(results[0].ref_id).toBe("shop-a-1");
    expect(results[1].error.code).toBe("INSUFFICIENT_STOCK");
    expect(r.stderr).toMatch(/never buys an order twice/);
  });

  it("a bad row anywhere is exit 2 naming it, and nothing is bought", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    const before = onService(reseller.apiKey).length;
    const cases: [string, string, RegExp][] = [
      // Every message names the line as an editor shows it, blank lines and the header counted.
      ["a.csv", "item_id,quantity,note\n12,1,081234567890\n\n12,0,081234567890\n", /a\.csv line 4: quantity must be a positive whole number/],
      ["b.csv", "item_id,qty,notes\n12,1,0812\n", /b\.csv line 2: unknown column "notes"/],
      ["c.jsonl", '{"item_id":12,"quantity":1,"note":"081234567890"}\n{"item_id":23,"quantity":100,"note":"not json"}\n', /c\.jsonl line 2: An SMM note must be JSON/],
      ["d.jsonl", '{"item_id":12,"quantity":1,"note":"081234567890"}\nnot json\n', /d\.jsonl line 2: not JSON/],
      ["e.jsonl", '{"item_id":12,"quantity":1,"note":"081234567890","ref_id":"x"}\n{"item_id":11,"quantity":1,"note":"081234567890","ref_id":"x"}\n', /e\.jsonl line 2: ref_id x is also used by e\.jsonl line 1/],
      ["f.csv", "item_id,quantity\n12,1\n", /f\.csv line 2: item 12 .* is h2h: the note must give the destination/],
    ];
    for (const [name, text, message] of cases) {
      const r = await reseller.run(["buy", "--file", file(reseller, name, text)]);
      expect(r.exitCode, name).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    // An item the service does not have is its refusal (exit 1), said with the line that names it.
    const unknownItem = await reseller.run(["buy", "--file", file(reseller, "g.csv", "item_id,quantity,note\n12,1,0812\n9999,1,0812\n")]);
    expect(unknownItem.exitCode).toBe(1);
    expect(unknownItem.stderr).toMatch(/g\.csv line 3: No active item has id 9999/);
    expect(onService(reseller.apiKey)).toHaveLength(before);
    expect((await reseller.run(["buy", "--file", "x.csv", "--item", "12"])).exitCode).toBe(2);
  });

  it("with random faults: run, reconcile, run again — every order bought exactly once", { timeout: 60_000 }, async () => {
    const apiKey = harness.apiKeyOf("Cahaya Voucher");
    const reseller = resellerAs(harness, apiKey);
    const lines = Array.from({ length: 20 }, (_, i) => JSON.stringify({ item_id: 11, quantity: 1, note: `08123456${String(1000 + i)}` }));
    const orders = file(reseller, "faulty.jsonl", lines.join("\n"));
    const before = balanceOf(apiKey);
    harness.emulator.faults.configure({ random: { rate: 0.4, seed: 99, latency_ms: 100, modes: ["error", "drop_after_commit", "drop_before_commit", "html", "latency"] }, match: { path: "/v1/trx" } });
    const first = await reseller.run(["buy", "--file", orders, "--concurrency", "6"], { mode: "json", timeoutMs: 50_000 });
    expect([0, 1, 4, 5]).toContain(first.exitCode);
    const injected = harness.emulator.faults.status().injected;
    expect(injected.drop_after_commit + injected.drop_before_commit + injected.error + injected.html).toBeGreaterThan(3);
    harness.emulator.faults.reset();
    await reseller.run(["reconcile"]);
    const second = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(second.exitCode, second.stderr).toBe(0);
    const results = jsonLines(second.stdout);
    expect(results.every((x) => x.outcome === "bought" || x.outcome === "already_bought")).toBe(true);
    const refs = new Set(results.map((x) => x.ref_id));
    const transactions = onService(apiKey).filter((t) => refs.has(t.ref_id));
    expect(transactions).toHaveLength(20);
    expect(new Set(transactions.map((t) => t.ref_id)).size).toBe(20);
    expect(balanceOf(apiKey)).toBe(before - 20 * 6_500);
  });

  it("--wait: each result carries the delivered transaction", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const orders = file(reseller, "wait.jsonl", '{"item_id":1,"quantity":1}\n{"item_id":13,"quantity":1,"note":"081234567890"}\n');
    const r = await whileAdvancing(harness.emulator, reseller.run(["buy", "--file", orders, "--wait"], { mode: "json" }), 5, 200);
    expect(r.exitCode, r.stderr).toBe(0);
    const results = jsonLines(r.stdout).sort((a, b) => a.row - b.row);
    expect(results[0].transaction.data.items[0].product_license).toMatch(/^Email: /);
    expect(results[1].transaction.h2h_results[0]).toMatchObject({ dispatch_status: "completed" });
    expect(results.map((x) => x.status)).toEqual(["completed", "completed"]);
  });
});
