/**
 * `--jq EXPR`: the expressions shop scripts run, through main() (test/support/run-main.ts) against
 * the emulator. It implies --json, has real jq's semantics (select, map, add, string interpolation,
 * several outputs), prints strings raw like `gh --jq`, refuses a broken expression before anything
 * is sent, and is loaded only by the commands that use it: that, a cart piped to stdin and the
 * process's environment kept from jq, through the built binary.
 */
import { describe, expect, it } from "vitest";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { modulesLoadedBy } from "../support/record-modules.js";
import { resellerAs, resellerInProcess, whileAdvancing } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const harness = useEmulator();

describe("shop-script expressions", () => {
  it("the balance as a bare number: `balance --jq .data.balance`", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["balance", "--jq", ".data.balance"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${harness.accountOf().balance}\n`);
  });

  it("a lock token, raw, for TOKEN=$(…): `lock add --jq .data.lock_token`", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher"));
    const r = await reseller.run(["lock", "add", "--item", "3", "--qty", "1", "--jq", ".data.lock_token"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^LCK-[A-Z0-9]+\n$/);
    const held = harness.accountOf(reseller.apiKey).locks.map((l) => l.lock_token);
    expect(held).toContain(r.stdout.trim());
  });

  it("the serial numbers of a purchase, one a line: `buy --wait --jq '.h2h_results[].sn'`", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await whileAdvancing(
      harness.emulator,
      reseller.run(["buy", "--cart", "-", "--ref-id", "jq-sn", "--wait", "--jq", ".h2h_results[].sn"], {
        input: JSON.stringify([
          { item_id: 12, quantity: 1, note: "081234567890" },
          { item_id: 15, quantity: 1, note: "081798765432" },
        ]),
      }),
    );
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\d{20}\n\d{20}\n$/);
    const detail = (await reseller.run(["trx", "show", "jq-sn"], { mode: "json" })).json();
    expect(r.stdout).toBe(detail.h2h_results.map((h: { sn: string }) => `${h.sn}\n`).join(""));
  });

  it("the invoice of a purchase, raw: `buy --jq .data.invoice`", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await reseller.run(["buy", "--item", "3", "--qty", "1", "--ref-id", "jq-inv", "--jq", ".data.invoice"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^INV-\S+\n$/);
    expect(harness.accountOf(reseller.apiKey).transactions.find((t) => t.ref_id === "jq-inv")!.invoice).toBe(
      r.stdout.trim(),
    );
  });

  it("pending orders, filtered with select: `history --jq '.[] | select(.status == \"pending\") | .ref_id'`", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    // A manual item stays pending; an auto one completes.
    await reseller.run(buyOne(27, "Toko Sejahtera, biru", "--ref-id", "jq-pending"));
    await reseller.run(["buy", "--item", "3", "--qty", "1", "--ref-id", "jq-done"]);
    // As recorded (--no-refresh) in both: asking twice could see the auto item complete in between.
    const statuses = (await reseller.run(["history", "--json", "--no-refresh"]))
      .json()
      .map((e: { ref_id: string; status: string }) => [e.ref_id, e.status]);
    const pending = statuses.filter(([, s]: string[]) => s === "pending" || s === "paid").map(([ref]: string[]) => ref);
    const r = await reseller.run([
      "history",
      "--no-refresh",
      "--jq",
      '.[] | select(.status == "pending" or .status == "paid") | .ref_id',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.trim().split("\n")).toEqual(pending);
    expect(pending).toContain("jq-pending");
  });

  it("the total spent, summed with map and add: `history --jq '[.[] | select(.outcome == \"done\") | .amount] | add'`", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    await reseller.run(["buy", "--item", "3", "--qty", "1"]);
    await reseller.run(["buy", "--item", "4", "--qty", "2"]);
    const r = await reseller.run([
      "history",
      "--jq",
      'map(select(.kind == "buy" and .outcome == "done") | .amount) | add',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe("48000\n"); // 18.000 + 2 × 15.000
  });

  it('a price list with string interpolation: `items --jq \'.items[] | select(.process == "h2h" and .price < 12000) | "\\(.id)\\t\\(.product) \\(.name)"\'`', async () => {
    const reseller = resellerInProcess(harness);
    // The live catalogue names a variant within its product ("10.000" of "Pulsa Telkomsel"): the product comes first.
    const r = await reseller.run([
      "items",
      "--jq",
      '.items[] | select(.process == "h2h" and .price < 12000) | "\\(.id)\\t\\(.product) \\(.name)"',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    const lines = r.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^\d+\t\S.*$/);
    expect(lines).toContain("12\tPulsa Telkomsel 10.000");
  });

  it("counting with length and the cheapest channel with min_by: `channels --jq '(.data | length), (.data | min_by(.fee) | .code)'`", async () => {
    const reseller = resellerInProcess(harness);
    const channels = (await reseller.run(["channels", "--json"])).json().data as { code: string; fee: number }[];
    const cheapest = [...channels].sort((a, b) => a.fee - b.fee)[0]!.code;
    const r = await reseller.run(["channels", "--jq", "(.data | length), (.data | min_by(.fee) | .code)"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${channels.length}\n${cheapest}\n`);
  });

  it("an object reshaped, compact when piped: `leaderboard --jq '.data | map({rank: .ranking, name}) | .[0]'`", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["leaderboard", "--jq", ".data | map({rank: .ranking, name}) | .[0]"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\{"rank":1,"name":"[^"]+"\}\n$/);
  });

  it("bulk buy: the filter runs on each order's line: `buy --file … --jq '\"\\(.row) \\(.outcome) \\(.invoice)\"'`", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah"));
    const { writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const orders = join(reseller.configDir, "orders.csv");
    writeFileSync(orders, "item_id,quantity,note\n3,1,\n4,1,\n");
    const r = await reseller.run([
      "buy",
      "--file",
      orders,
      "--concurrency",
      "1",
      "--jq",
      '"\\(.row) \\(.outcome) \\(.invoice)"',
    ]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\d+ bought INV-\S+\n\d+ bought INV-\S+\n$/);
  });

  it("several outputs, an empty string last included: each on its own line", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["balance", "--jq", '.data.balance, "", "Rp"']);
    expect(r.stdout).toBe(`${harness.accountOf().balance}\n\nRp\n`);
    const empty = await reseller.run(["balance", "--jq", '""']);
    expect(empty.stdout).toBe("\n");
    const nothing = await reseller.run(["balance", "--jq", "empty"]);
    expect(nothing.stdout).toBe("");
  });

  it("on a terminal, objects are indented; piped, one line", async () => {
    const reseller = resellerInProcess(harness);
    const terminal = await reseller.run(["balance", "--jq", ".data"], { mode: "table" });
    expect(terminal.stdout).toMatch(/^\{\n {2}"balance": \d+\n\}\n$/);
    const piped = await reseller.run(["balance", "--jq", ".data"]);
    expect(piped.stdout).toMatch(/^\{"balance":\d+\}\n$/);
  });
});

describe("what --jq refuses", () => {
  it("an expression jq cannot compile: exit 2 with jq's message, and nothing is bought", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const before = harness.accountOf(reseller.apiKey).transactions.length;
    const r = await reseller.run(["buy", "--item", "3", "--qty", "1", "--jq", ".data |||"]);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.errorJson().error).toMatchObject({ code: "JQ_SYNTAX", message: expect.stringContaining("syntax error") });
    expect(harness.accountOf(reseller.apiKey).transactions).toHaveLength(before);
    // Checked before the journal's intent too: nothing was about to be sent.
    const journal = await reseller.run(["history", "--json"]);
    expect(journal.exitCode, journal.stderr).toBe(0);
    expect(journal.json()).toEqual([]);
  });

  it("on a command that only reads, checked beside the request: still exit 2 with jq's message and nothing on stdout", async () => {
    const reseller = resellerInProcess(harness);
    for (const argv of [["balance"], ["channels"], ["trx", "list"]]) {
      const r = await reseller.run([...argv, "--jq", ".data |||"]);
      expect(r.exitCode, argv.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.errorJson().error).toMatchObject({
        code: "JQ_SYNTAX",
        message: expect.stringContaining("syntax error"),
      });
    }
  });

  it("a typo wins over the read's own failure, as when it is checked first", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["trx", "show", "no-such-order", "--jq", ".data |||"]);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.errorJson().error).toMatchObject({ code: "JQ_SYNTAX" });
  });

  it("the built binary: a typo on buy reaches nothing of the service; on balance, checked beside its request, the same words and nothing printed", async () => {
    const buyer = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const before = apiRequests(harness).length;
    const buy = await buyer.run(["buy", "--item", "3", "--qty", "1", "--ref-id", "jq-typo", "--jq", ".data |||"]);
    expect(buy.exitCode).toBe(2);
    expect(buy.stdout).toBe("");
    expect(apiRequests(harness).slice(before)).toEqual([]);
    const balance = await resellerAs(harness).run(["balance", "--jq", ".data |||"]);
    expect(balance.exitCode).toBe(2);
    expect(balance.stdout).toBe("");
    expect(balance.stderr).toContain("syntax error");
    expect(balance.stderr).toBe(buy.stderr);
  });

  it("an error while filtering: exit 1 naming jq's message, after what it did print", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["balance", "--jq", ".data.balance, (.data.balance | .x)"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe(`${harness.accountOf().balance}\n`);
    expect(r.errorJson().error).toMatchObject({
      code: "JQ_ERROR",
      message: expect.stringMatching(/Cannot index number with/),
    });
  });

  it("jq cannot read the environment: the API key is not in $ENV", async () => {
    // The built binary: the key is in its process's environment, where main() here takes it as an argument.
    const reseller = resellerAs(harness);
    const r = await reseller.run(["balance", "--jq", "$ENV.RESELLER_API_KEY, env.RESELLER_API_KEY"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("null\nnull\n");
  });
});

describe("jq is loaded only for --jq", () => {
  const jqEngine = (scripts: string[]) => scripts.filter((url) => url.includes("/node_modules/jq-wasm/"));

  it("`reseller balance --json` does not load it; `balance --jq` does", async () => {
    const plain = await modulesLoadedBy(["balance", "--json"], harness.accountEnv());
    expect(plain.exitCode).toBe(0);
    expect(jqEngine(plain.scripts)).toEqual([]);
    const filtered = await modulesLoadedBy(["balance", "--jq", ".data.balance"], harness.accountEnv());
    expect(filtered.exitCode).toBe(0);
    expect(jqEngine(filtered.scripts)).not.toEqual([]);
  });

  it("`balance --jq` loads no node:fs/promises: jq-wasm requires it to read its .wasm, which it is handed compiled", async () => {
    const filtered = await modulesLoadedBy(["balance", "--jq", ".data.balance"], harness.accountEnv());
    expect(filtered.exitCode).toBe(0);
    expect(filtered.scripts.filter((url) => /^node:(internal\/)?fs\/promises$/.test(url))).toEqual([]);
  });

  it("a path that fails on the answer: jq's own error, after what it printed", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["balance", "--jq", ".data.balance, .data.balance.x, .data"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe(`${harness.accountOf().balance}\n`);
    expect(r.errorJson().error).toMatchObject({
      code: "JQ_ERROR",
      message: '--jq: Cannot index number with string ("x")',
    });
  });
});
