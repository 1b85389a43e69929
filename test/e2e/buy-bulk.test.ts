/**
 * `buy --file`: many orders, a few at a time. The same file run again never buys an order twice,
 * even when answers were lost on the way; the whole file is checked before the first purchase.
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { useEmulator } from "../support/emulator.js";
import { journalRecords, resellerInProcess, whileAdvancing, type Reseller } from "./commands-harness.js";
import { buyIntent } from "../support/journal-records.js";

const harness = useEmulator();
const onService = (apiKey: string) => harness.accountOf(apiKey).transactions;
const balanceOf = (apiKey: string) => harness.accountOf(apiKey).balance;
afterEach(() => harness.emulator.faults.reset());

function file(reseller: Reseller, name: string, text: string): string {
  const path = join(reseller.configDir, name);
  writeFileSync(path, text);
  return path;
}

const jsonLines = (text: string) =>
  text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));

const csv = [
  "item_id,quantity,note,target",
  "12,1,081234567890,",
  "3,1,,",
  "23,100,,https://instagram.com/tokoku",
  '11,2,"0812-3456-7890",',
].join("\n");

describe("buy --file", () => {
  it("CSV: one JSON line per order (--json) and in --out, one transaction each; run again: nothing bought twice", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const orders = file(reseller, "orders.csv", csv);
    const out = join(reseller.configDir, "results.jsonl");
    const before = balanceOf(reseller.apiKey);
    const r = await reseller.run(["buy", "--file", orders, "--out", out, "--concurrency", "2"], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    const results = jsonLines(r.stdout);
    expect(results).toHaveLength(4);
    // Each result is numbered by the line an editor shows (the header is line 1).
    expect(results.map((x) => x.row).sort()).toEqual([2, 3, 4, 5]);
    for (const x of results)
      expect(x).toMatchObject({
        outcome: "bought",
        exit_code: 0,
        sent: true,
        ref_id: expect.stringMatching(/^BLK-\d{8}-[0-9a-f]{12}-1$/),
        invoice: expect.stringMatching(/^INV-/),
      });
    expect(results.find((x) => x.row === 2)).toMatchObject({
      item_id: 12,
      item: expect.any(String),
      customer: "081234567890",
    });
    expect(jsonLines(readFileSync(out, "utf8"))).toEqual(results);
    const spent = results.reduce((sum, x) => sum + x.amount, 0);
    expect(spent).toBe(11_500 + 18_000 + 100 * 35 + 2 * 6_500);
    expect(balanceOf(reseller.apiKey)).toBe(before - spent);
    // Summed over --out, `net` is what the run took from the balance, whatever each row's verdict.
    expect(results.map((x) => [x.refunded, x.net])).toEqual(results.map((x) => [0, x.amount]));
    const refs = results.map((x) => x.ref_id);
    expect(onService(reseller.apiKey).filter((t) => refs.includes(t.ref_id))).toHaveLength(4);

    const requestsBefore = harness.requests.length;
    const journalBefore = journalRecords(reseller.configDir).length;
    const again = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    const second = jsonLines(again.stdout);
    expect(second.map((x) => [x.outcome, x.sent])).toEqual(Array(4).fill(["bought", false]));
    // Bought before, it says again what it cost, as history does.
    expect(second.map((x) => x.net).sort()).toEqual(results.map((x) => x.net).sort());
    expect(second.map((x) => x.ref_id).sort()).toEqual([...refs].sort());
    // Settled rows cost no purchase and write nothing: the journal already says what happened.
    expect(harness.requests.slice(requestsBefore).filter((l) => /POST \/v1\/trx/.test(l))).toEqual([]);
    expect(journalRecords(reseller.configDir)).toHaveLength(journalBefore);
    expect(again.stderr).toMatch(/4 orders: 4 bought; 4 of them bought before, not sent again\./);
    expect(balanceOf(reseller.apiKey)).toBe(before - spent);
    expect(onService(reseller.apiKey).filter((t) => refs.includes(t.ref_id))).toHaveLength(4);
  });

  it("the same orders under another name, reordered, through stdin or with a row appended: only new rows are bought", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const first = ["item_id,quantity,note", "12,1,081200000001", "11,1,081200000002"].join("\n");
    expect((await reseller.run(["buy", "--file", file(reseller, "daily.csv", first)], { mode: "json" })).exitCode).toBe(
      0,
    );
    const bought = onService(reseller.apiKey).length;

    // A copy under a new name, rows swapped and one appended: the old rows keep their ref_ids.
    const copy = file(
      reseller,
      "copy.csv",
      ["item_id,quantity,note", "11,1,081200000002", "12,1,081200000001", "15,1,081800000003"].join("\n"),
    );
    const r = await reseller.run(["buy", "--file", copy], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(
      jsonLines(r.stdout)
        .sort((a, b) => a.row - b.row)
        .map((x) => [x.row, x.outcome, x.sent]),
    ).toEqual([
      [2, "bought", false],
      [3, "bought", false],
      [4, "bought", true],
    ]);
    expect(onService(reseller.apiKey)).toHaveLength(bought + 1);

    // The same rows piped twice in another order (JSON Lines on stdin): nothing new.
    const stdin =
      '{"item_id":15,"quantity":1,"note":"081800000003"}\n{"item_id":12,"quantity":1,"note":"081200000001"}\n';
    const piped = await reseller.run(["buy", "--file", "-"], { mode: "json", input: stdin });
    expect(piped.exitCode, piped.stderr).toBe(0);
    expect(jsonLines(piped.stdout).every((x) => x.sent === false)).toBe(true);
    expect(onService(reseller.apiKey)).toHaveLength(bought + 1);
  });

  it("an order bought another way (a single buy) needs consent: exit 2 naming it, --skip-bought, or --again", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    expect(
      (await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081277770001", "--yes"])).exitCode,
    ).toBe(0);
    const bought = onService(reseller.apiKey).length;
    const orders = file(
      reseller,
      "shop.csv",
      ["item_id,quantity,note", "11,1,081277770001", "11,1,081277770002"].join("\n"),
    );

    const refused = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(refused.exitCode).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.errorJson().error.code).toBe("REPEATED_ORDERS");
    expect(refused.errorJson().error.message).toMatch(
      /1 order of this file matches a purchase made in the last 48 h: shop\.csv line 2 \(1 × .* for 081277770001, bought .* as RSL-/,
    );
    expect(refused.errorJson().error.suggestion).toMatch(/--skip-bought .* --again/);
    // A script reads that no money moved as from every other refusal: details.outcome.
    expect(refused.errorJson().error.details).toMatchObject({ outcome: "not_sent", repeats: [{ row: 2 }] });
    expect(onService(reseller.apiKey)).toHaveLength(bought);

    const skipped = await reseller.run(["buy", "--file", orders, "--skip-bought"], { mode: "json" });
    expect(skipped.exitCode, skipped.stderr).toBe(0);
    expect(
      jsonLines(skipped.stdout)
        .sort((a, b) => a.row - b.row)
        .map((x) => [x.row, x.sent, x.already_bought?.slice(0, 4)]),
    ).toEqual([
      [2, false, "RSL-"],
      [3, true, undefined],
    ]);
    expect(onService(reseller.apiKey)).toHaveLength(bought + 1);

    const again = await reseller.run(["buy", "--file", orders, "--again"], { mode: "json" });
    expect(again.exitCode, again.stderr).toBe(0);
    expect(onService(reseller.apiKey)).toHaveLength(bought + 2);
    // Both rows are now bought under their own ref_ids: run again, nothing is asked and nothing bought.
    expect((await reseller.run(["buy", "--file", orders], { mode: "json" })).exitCode).toBe(0);
    expect(onService(reseller.apiKey)).toHaveLength(bought + 2);
  });

  it("the repeat check looks back the profile's repeat_window, unless --repeat-window says", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    // A purchase of this order three hours ago, as the journal holds it (written the way buy writes it).
    const at = new Date(Date.now() - 3 * 3_600_000).toISOString();
    const entry = "a0b1c2d3e4f5";
    const request = { ref_id: "EARLIER-3H", carts: [{ item_id: 11, quantity: 1, note: "081277770031" }] };
    appendFileSync(
      join(reseller.configDir, "journal.jsonl"),
      [
        buyIntent({ entry, at, base_url: harness.emulator.baseUrl, ref_id: request.ref_id, request, host: "shop" }),
        {
          v: 1,
          type: "outcome",
          entry,
          at,
          outcome: "done",
          invoice: "INV-EARLIER-3H",
          amount: 6_500,
          status: "completed",
          by: "answer",
        },
      ]
        .map((r) => `${JSON.stringify(r)}\n`)
        .join(""),
      { mode: 0o600 },
    );
    const orders = file(reseller, "window.csv", ["item_id,quantity,note", "11,1,081277770031"].join("\n"));
    const bought = onService(reseller.apiKey).length;

    const caught = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(caught.exitCode, caught.stderr).toBe(2);
    expect(caught.errorJson().error.message).toMatch(/in the last 48 h: window\.csv line 2 .* as EARLIER-3H/);

    expect((await reseller.run(["config", "set", "repeat_window", "2"])).exitCode).toBe(0);
    const listed = await reseller.run(["config", "list", "--json"]);
    expect(listed.json().settings.repeat_window).toEqual({ value: 2, source: "profile" });
    const widened = await reseller.run(["buy", "--file", orders, "--repeat-window", "4"], { mode: "json" });
    expect(widened.exitCode).toBe(2);
    expect(widened.errorJson().error.message).toMatch(/in the last 4 h: .* as EARLIER-3H/);
    expect(onService(reseller.apiKey)).toHaveLength(bought);

    // Three hours ago is outside the profile's two: bought without a question.
    const outside = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(outside.exitCode, outside.stderr).toBe(0);
    expect(onService(reseller.apiKey)).toHaveLength(bought + 1);
  });

  it("piped: a tab-separated row per order; on a terminal: a table at the end", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const orders = file(
      reseller,
      "two.jsonl",
      '{"item_id":11,"quantity":1,"note":"081234567890"}\n{"item_id":4,"quantity":1}\n',
    );
    const plain = await reseller.run(["buy", "--file", orders]);
    expect(plain.exitCode, plain.stderr).toBe(0);
    const rows = plain.stdout
      .trim()
      .split("\n")
      .map((l) => l.split("\t"))
      .sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(rows.map((r) => [r[0], r[2], r[3], r[5], r[9] ?? ""])).toEqual([
      ["1", "bought", "0", "6500", "081234567890"],
      ["2", "bought", "0", "15000", ""],
    ]);
    expect(rows[0]![8]).toMatch(/\S/);
    const table = await reseller.run(["buy", "--file", orders], { mode: "table" });
    // A table with a header row (boxed, or gh's borderless rows where borders would cut a word), the outcome whole.
    expect(table.stdout).toMatch(/\bLine +[│ ]*Item\b/);
    expect(table.stdout).toMatch(/bought \(before\)/);
    expect(table.stdout).toMatch(/081234567890/);
    expect(table.stderr).toMatch(/\[2\/2\] line \d 1 × /);
  });

  it("one order refused: the others are bought; exit is the highest code; a row's own ref_id and SMM note object are used", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
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
    expect(results.map((x) => [x.row, x.outcome, x.exit_code])).toEqual([
      [1, "bought", 0],
      [2, "refused", 1],
      [3, "bought", 0],
    ]);
    expect(results[0].ref_id).toBe("shop-a-1");
    expect(results[1].error.code).toBe("INSUFFICIENT_STOCK");
    expect(r.stderr).toMatch(/never buys an order twice/);
  });

  it("a game top-up to an account that does not exist is not sent; a missing zone is a bad row", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const before = onService(reseller.apiKey).length;
    const balance = balanceOf(reseller.apiKey);
    const orders = file(
      reseller,
      "games.jsonl",
      [
        JSON.stringify({ item_id: 22, quantity: 1, note: "12345678" }),
        JSON.stringify({ item_id: 22, quantity: 1, note: "99990077" }), // nobody's account
        JSON.stringify({ item_id: 12, quantity: 1, note: "081234567811" }),
      ].join("\n"),
    );
    const checked = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(checked.exitCode, checked.stderr).toBe(1);
    const results = jsonLines(checked.stdout).sort((a, b) => a.row - b.row);
    expect(results.map((x) => [x.row, x.outcome, x.exit_code, x.sent])).toEqual([
      [1, "bought", 0, true],
      [2, "not_sent", 1, false],
      [3, "bought", 0, true],
    ]);
    expect(results[1].error).toMatchObject({
      code: "ACCOUNT_NOT_FOUND",
      message: expect.stringMatching(/There is no account 99990077 .*not sent, nothing charged$/),
    });
    // Two purchases reached the service; the row of nobody's account was never sent, nor charged.
    expect(onService(reseller.apiKey)).toHaveLength(before + 2);
    expect(balanceOf(reseller.apiKey)).toBe(balance - results[0].amount - results[2].amount);
    // --no-validate buys it unchecked (the provider refuses it later and the service refunds).
    const unchecked = await reseller.run(["buy", "--file", orders, "--no-validate"], { mode: "json" });
    expect(unchecked.exitCode, unchecked.stderr).toBe(0);
    expect(
      jsonLines(unchecked.stdout)
        .sort((a, b) => a.row - b.row)
        .map((x) => [x.outcome, x.sent]),
    ).toEqual([
      ["bought", false],
      ["bought", true],
      ["bought", false],
    ]);
    // A game whose check needs a zone, with none in the note: the row is named, nothing sent.
    const zoneless = await reseller.run([
      "buy",
      "--file",
      file(reseller, "ml.csv", "item_id,quantity,note\n12,1,081234567822\n21,1,12345678\n"),
    ]);
    expect(zoneless.exitCode).toBe(2);
    expect(zoneless.stderr).toMatch(
      /ml\.csv line 3: the account check of item 21 .* needs the zone [\s\S]*USERID\(ZONE\)[\s\S]*--no-validate/,
    );
    expect(onService(reseller.apiKey)).toHaveLength(before + 3);
  });

  it("a bad row anywhere is exit 2 naming it, and nothing is bought", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const before = onService(reseller.apiKey).length;
    const cases: [string, string, RegExp][] = [
      // Every message names the line as an editor shows it, blank lines and the header counted.
      [
        "a.csv",
        "item_id,quantity,note\n12,1,081234567890\n\n12,0,081234567890\n",
        /a\.csv line 4: quantity must be a positive whole number/,
      ],
      ["b.csv", "item_id,qty,notes\n12,1,0812\n", /b\.csv line 1: unknown column "notes"/],
      [
        "c.jsonl",
        '{"item_id":12,"quantity":1,"note":"081234567890"}\n{"item_id":23,"quantity":100,"note":"not json"}\n',
        /c\.jsonl line 2: An SMM note must be JSON/,
      ],
      ["d.jsonl", '{"item_id":12,"quantity":1,"note":"081234567890"}\nnot json\n', /d\.jsonl line 2: not JSON/],
      [
        "e.jsonl",
        '{"item_id":12,"quantity":1,"note":"081234567890","ref_id":"x"}\n{"item_id":11,"quantity":1,"note":"081234567890","ref_id":"x"}\n',
        /e\.jsonl line 2: ref_id x is also used by e\.jsonl line 1/,
      ],
      ["f.csv", "item_id,quantity\n12,1\n", /f\.csv line 2: item 12 .* is h2h: the note must give the destination/],
    ];
    for (const [name, text, message] of cases) {
      const r = await reseller.run(["buy", "--file", file(reseller, name, text)]);
      expect(r.exitCode, name).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    // Every bad row at once, numbered by line, in the file's own words.
    const many = await reseller.run([
      "buy",
      "--file",
      file(
        reseller,
        "h.csv",
        "item_id,quantity,note,target\n12,0,081234567890,\n12,1,081234567890,\n23,100,,\n11,1,0812,https://x\n",
      ),
    ]);
    expect(many.exitCode).toBe(2);
    expect(many.stderr).toMatch(
      /3 rows need fixing; nothing was sent:.*\n {2}h\.csv line 2: .*\n {2}h\.csv line 4: .*\n {2}h\.csv line 5: /,
    );
    expect(many.stderr).toMatch(/the target column/);
    expect(many.stderr).not.toMatch(/--target|--note/);
    // An item the service does not have is its refusal (exit 1), said with the line that names it.
    const unknownItem = await reseller.run([
      "buy",
      "--file",
      file(reseller, "g.csv", "item_id,quantity,note\n12,1,081234567890\n9999,1,081234567890\n"),
    ]);
    expect(unknownItem.exitCode).toBe(1);
    expect(unknownItem.stderr).toMatch(/g\.csv line 3: No active item has id 9999/);
    // Several, each named by its line: on stderr and in the JSON error's details.
    const unknownItems = file(reseller, "k.csv", "item_id,quantity,note\n9998,1,081234567890\n9999,1,081234567890\n");
    const both = await reseller.run(["buy", "--file", unknownItems]);
    expect(both.exitCode).toBe(1);
    expect(both.stderr).toMatch(
      /\n {2}k\.csv line 2: No active item has id 9998\.\n {2}k\.csv line 3: No active item has id 9999\./,
    );
    const bothJson = await reseller.run(["buy", "--file", unknownItems], { mode: "json" });
    expect(bothJson.errorJson().error).toMatchObject({
      code: "ITEM_NOT_FOUND",
      details: { "k.csv line 2": "No active item has id 9998.", "k.csv line 3": "No active item has id 9999." },
    });
    expect(onService(reseller.apiKey)).toHaveLength(before);
    expect((await reseller.run(["buy", "--file", "x.csv", "--item", "12"])).exitCode).toBe(2);
  });

  it("with random faults: run, reconcile, run again — every order bought exactly once", {
    timeout: 60_000,
  }, async () => {
    const apiKey = harness.apiKeyOf("Cahaya Voucher");
    const reseller = resellerInProcess(harness, apiKey);
    const lines = Array.from({ length: 20 }, (_, i) =>
      JSON.stringify({ item_id: 11, quantity: 1, note: `08123456${String(1000 + i)}` }),
    );
    const orders = file(reseller, "faulty.jsonl", lines.join("\n"));
    const before = balanceOf(apiKey);
    harness.emulator.faults.configure({
      random: {
        rate: 0.4,
        seed: 99,
        latency_ms: 100,
        modes: ["error", "drop_after_commit", "drop_before_commit", "html", "latency"],
      },
      match: { path: "/v1/trx" },
    });
    const first = await reseller.run(["buy", "--file", orders, "--concurrency", "6"], {
      mode: "json",
      timeoutMs: 50_000,
    });
    expect([0, 1, 4, 5]).toContain(first.exitCode);
    const injected = harness.emulator.faults.status().injected;
    expect(injected.drop_after_commit + injected.drop_before_commit + injected.error + injected.html).toBeGreaterThan(
      3,
    );
    harness.emulator.faults.reset();
    await reseller.run(["reconcile"]);
    const second = await reseller.run(["buy", "--file", orders], { mode: "json" });
    expect(second.exitCode, second.stderr).toBe(0);
    const results = jsonLines(second.stdout);
    // A row bought by the first run reads as its purchase did when last seen: bought, or delivered if
    // the pulsa was delivered before reconcile looked it up (on a loaded machine it often is).
    expect(results.filter((x) => !["bought", "delivered"].includes(x.outcome))).toEqual([]);
    const refs = new Set(results.map((x) => x.ref_id));
    const transactions = onService(apiKey).filter((t) => refs.has(t.ref_id));
    expect(transactions).toHaveLength(20);
    expect(new Set(transactions.map((t) => t.ref_id)).size).toBe(20);
    expect(balanceOf(apiKey)).toBe(before - 20 * 6_500);
  });

  it("--wait: each result carries the delivered transaction", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const orders = file(
      reseller,
      "wait.jsonl",
      '{"item_id":1,"quantity":1}\n{"item_id":13,"quantity":1,"note":"081234567890"}\n',
    );
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--file", orders, "--wait"], { mode: "json" }),
      5,
      200,
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const results = jsonLines(r.stdout).sort((a, b) => a.row - b.row);
    expect(results[0].transaction.data.items[0].product_license).toMatch(/^Email: /);
    expect(results[1].transaction.h2h_results[0]).toMatchObject({ dispatch_status: "completed" });
    expect(results.map((x) => x.status)).toEqual(["completed", "completed"]);
  });

  describe("--wait with one failed delivery: exit 1, said in every output", () => {
    const failing = (n: number) =>
      [
        "item_id,quantity,note",
        `11,1,08125555${n}001`,
        `1,${n + 1},`, // an auto item: its licences; the quantity keeps each run's rows its own
        `13,1,08125555${n}002`,
        `22,1,9999${n}0001`, // a player id nobody has: the provider refuses it, the service refunds
      ].join("\n");
    const modes = ["json", "plain", "table"] as const;
    for (const [n, mode] of modes.entries()) {
      it(`${mode}${mode === "json" ? " and --out" : ""}`, async () => {
        const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
        const before = balanceOf(reseller.apiKey);
        const orders = file(reseller, "wait.csv", failing(n + 1));
        const out = join(reseller.configDir, "results.jsonl");
        // Bought unchecked (--no-validate), so that the provider is the one to refuse it.
        const r = await whileAdvancing(
          harness.emulator,
          reseller.run(["buy", "--file", orders, "--wait", "--no-validate", "--out", out], { mode }),
          5,
          200,
        );
        expect(r.exitCode, r.stderr).toBe(1);
        expect(r.stderr).toMatch(/4 orders: 3 delivered, 1 failed \(Rp 19\.000 refunded\)\./);
        expect(r.stderr).toMatch(/Delivery failed for line 5 \(9999\d0001\)/);
        const results = jsonLines(readFileSync(out, "utf8")).sort((a, b) => a.row - b.row);
        expect(results.map((x) => [x.row, x.outcome, x.exit_code])).toEqual([
          [2, "delivered", 0],
          [3, "delivered", 0],
          [4, "delivered", 0],
          [5, "delivery_failed", 1],
        ]);
        expect(results[3]).toMatchObject({ refunded: 19_000, customer: `9999${n + 1}0001`, status: "failed" });
        expect(results[0].hand_over).toEqual([expect.stringMatching(/^SN \d{20}$/)]);
        expect(results[1].hand_over.join("\n")).toMatch(/Email: /);
        // The refund reached the balance: what was spent is what was delivered.
        expect(balanceOf(reseller.apiKey)).toBe(before - 6_500 - results[1].amount - 25_800);
        if (mode === "json") {
          expect(
            jsonLines(r.stdout)
              .sort((a, b) => a.row - b.row)
              .map((x) => x.outcome),
          ).toEqual(["delivered", "delivered", "delivered", "delivery_failed"]);
        } else if (mode === "plain") {
          const rows = r.stdout
            .trim()
            .split("\n")
            .map((l) => l.split("\t"))
            .sort((a, b) => Number(a[0]) - Number(b[0]));
          expect(rows.map((row) => row[2])).toEqual(["delivered", "delivered", "delivered", "delivery_failed"]);
          // What to hand over ends the row, whole.
          expect(rows[0]!.at(-1)).toBe(results[0].hand_over[0]);
          expect(rows[3]![10]).toBe("19000");
        } else {
          expect(r.stdout).toMatch(/\bLine +[│ ]*Item\b/);
          expect(r.stdout).toMatch(/delivery failed/);
          expect(r.stdout).toMatch(/Rp 19\.000 refunded/);
          // The progress line says the verdict as the table does, with its refund.
          expect(r.stderr).toMatch(/: delivery failed \(Rp 19\.000 refunded\)/);
          expect(r.stdout).toContain(results[0].hand_over[0]);
          expect(r.stdout).toContain(`9999${n + 1}0001`);
        }
      });
    }
  });

  describe("refused and unknown in every output", () => {
    for (const mode of ["json", "plain", "table"] as const) {
      it(mode, async () => {
        const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
        const orders = file(
          reseller,
          "lost.csv",
          ["item_id,quantity,note", `11,1,0812444400${mode.length}`, "8,1,"].join("\n"),
        );
        const out = join(reseller.configDir, "results.jsonl");
        // Every attempt of the first purchase is lost on the way; the second is sold out.
        harness.emulator.faults.configure({ drop_before_commit_next: 3, match: { method: "POST", path: "/v1/trx" } });
        const r = await reseller.run(["buy", "--file", orders, "--concurrency", "1", "--out", out], {
          mode,
          env: { RESELLER_MAX_RETRIES: "2" },
        });
        expect(r.exitCode, r.stderr).toBe(5);
        const results = jsonLines(readFileSync(out, "utf8")).sort((a, b) => a.row - b.row);
        expect(results.map((x) => [x.row, x.outcome, x.exit_code])).toEqual([
          [2, "unknown", 5],
          [3, "refused", 1],
        ]);
        expect(r.stderr).toMatch(/2 orders: 1 refused, 1 unknown\./);
        expect(r.stderr).toMatch(/reseller reconcile/);
        if (mode === "json")
          expect(
            jsonLines(r.stdout)
              .map((x) => x.outcome)
              .sort(),
          ).toEqual(["refused", "unknown"]);
        else if (mode === "plain")
          expect(
            r.stdout
              .trim()
              .split("\n")
              .map((l) => l.split("\t")[2])
              .sort(),
          ).toEqual(["refused", "unknown"]);
        else expect(r.stdout).toMatch(/│ unknown +│[\s\S]*│ refused +│/);
      });
    }
  });
});
