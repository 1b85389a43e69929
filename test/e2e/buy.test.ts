import { describe, expect, it } from "vitest";
import type { IntentRecord } from "../../src/journal/entries.js";
import { useEmulator } from "../support/emulator.js";
import { journalRecords, resellerAs, singleJson, tableBorder, writeCart } from "./commands-harness.js";
import { buyOne } from "../support/cli.js";

const harness = useEmulator();
const serviceTransactions = (apiKey: string) => harness.accountOf(apiKey).transactions;

const refLine = /ref_id (RSL-\d{8}-[A-Z0-9]{10})/;

describe("buy one item", () => {
  it("piped: one tab-separated row (invoice, ref_id, status, amount, created, outcome), the ref_id and how to follow it on stderr", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const before = harness.accountOf(reseller.apiKey).balance;
    const r = await reseller.run(["buy", "--item", "12", "--qty", "2", "--note", "081234567890"]);
    expect(r.exitCode, r.stderr).toBe(0);
    const fields = r.stdout.trim().split("\t");
    expect(fields).toHaveLength(6);
    const [invoice, refId, status, amount, created, outcome] = fields;
    expect(outcome).toBe("bought");
    expect(invoice).toMatch(/^INV-\d{8}-\d{6}$/);
    expect(refId).toMatch(/^RSL-\d{8}-[A-Z0-9]{10}$/);
    expect(status).toBe("paid");
    expect(amount).toBe("23000");
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(r.stderr).toContain(`ref_id ${refId}`);
    expect(r.stderr).toContain(`reseller trx show ${refId}`);
    const onService = serviceTransactions(reseller.apiKey).filter((t) => t.ref_id === refId);
    expect(onService).toHaveLength(1);
    expect(harness.accountOf(reseller.apiKey).balance).toBe(before - 23_000);
  });

  it("--json: the service's creation body on stdout, carrying the ref_id, and the verdict as `outcome`", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await reseller.run(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "shop-order-77"],
      { mode: "json" },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const body = singleJson(r);
    expect(Object.keys(body)).toEqual(["message", "data", "outcome", "refunded", "net"]);
    expect(body.outcome).toBe("bought");
    // What it cost in the end, as history says it: a script sums .net of any result.
    expect(body).toMatchObject({ refunded: 0, net: 11_500 });
    expect(body.data).toMatchObject({
      ref_id: "shop-order-77",
      status: "paid",
      amount: 11_500,
      price: 11_500,
      contact: expect.any(String),
    });
    expect(serviceTransactions(reseller.apiKey).find((t) => t.ref_id === "shop-order-77")!.invoice).toBe(
      body.data.invoice,
    );
  });

  it("on a terminal: the invoice, ref_id, status and Rupiah amount, one per line, to copy without borders", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const r = await reseller.run(["buy", "--item", "3", "--qty", "1"], { mode: "table" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).not.toMatch(tableBorder);
    expect(r.stdout).toMatch(
      /^Invoice +INV-\S+\nRef ID +RSL-\S+\nStatus +\w+\nAmount +Rp 18\.000\nCreated +\d{1,2} \w{3} \d{4} \d\d:\d\d:\d\d WIB.*\nOutcome +bought$/m,
    );
    expect(r.stdout).toContain("Rp 18.000");
    expect(r.stdout).toMatch(/RSL-\d{8}-[A-Z0-9]{10}/);
    expect(r.stderr).toMatch(/Bought 1 × Spotify Premium 1 Bulan for Rp 18\.000/);
  });

  it("a ref_id is generated fresh for each purchase and written to the journal before the outcome", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    const a = await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081234567890"]);
    // The same order again is a repeat: bought only with --again, and under a ref_id of its own.
    const b = await reseller.run(["buy", "--item", "11", "--qty", "1", "--note", "081234567890", "--again"]);
    const refA = refLine.exec(a.stderr)![1];
    const refB = refLine.exec(b.stderr)![1];
    expect(refA).not.toBe(refB);
    const records = journalRecords(reseller.configDir);
    const intent = records.find((r) => r.type === "intent" && r.ref_id === refA)!;
    expect(intent).toMatchObject({
      kind: "buy",
      profile: "default",
      request: { carts: [{ item_id: 11, quantity: 1, note: "081234567890" }] },
    });
    const order = records.filter((r) => r.entry === intent.entry).map((r) => r.type);
    expect(order).toEqual(["intent", "attempt", "outcome"]);
    expect(records.find((r) => r.entry === intent.entry && r.type === "outcome")).toMatchObject({
      outcome: "done",
      amount: 6_500,
      invoice: expect.stringMatching(/^INV-/),
    });
    expect(JSON.stringify(records)).not.toContain(reseller.apiKey);
  });
});

describe("SMM", () => {
  it("--target/--opt/--comment build the JSON note the service requires", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const r = await reseller.run(
      [
        "buy",
        "--item",
        "23",
        "--qty",
        "100",
        "--target",
        "https://instagram.com/tokoku",
        "--opt",
        "fast",
        "--comment",
        "mantap",
      ],
      { mode: "json" },
    );
    expect(r.exitCode, r.stderr).toBe(0);
    const refId = r.json().data.ref_id;
    const detail = await fetch(`${harness.emulator.baseUrl}/v1/trx/${refId}`, {
      headers: { "X-APIKEY": reseller.apiKey },
    }).then((x) => x.json() as Promise<any>);
    expect(JSON.parse(detail.data.items[0].note)).toEqual({
      target: "https://instagram.com/tokoku",
      opt_smm: ["fast"],
      comment_smm: "mantap",
    });
  });

  it("an invalid SMM --note is exit 2 before anything is sent", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const before = serviceTransactions(reseller.apiKey).length;
    for (const note of ["https://instagram.com/tokoku", '{"opt_smm":[]}', '{"target":""}']) {
      const r = await reseller.run(["buy", "--item", "23", "--qty", "100", "--note", note]);
      expect(r.exitCode, note).toBe(2);
      expect(r.stderr).toMatch(/SMM note/);
    }
    expect(serviceTransactions(reseller.apiKey)).toHaveLength(before);
    expect(journalRecords(reseller.configDir)).toEqual([]);
  });

  it("an SMM item without --target in a script is exit 2 naming the flag; --target on a non-SMM item is exit 2", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const noTarget = await reseller.run(["buy", "--item", "23", "--qty", "100"]);
    expect(noTarget.exitCode).toBe(2);
    expect(noTarget.stderr).toContain("--target");
    const wrongKind = await reseller.run(["buy", "--item", "12", "--qty", "1", "--target", "x"]);
    expect(wrongKind.exitCode).toBe(2);
    expect(wrongKind.stderr).toMatch(/for SMM items; item 12 .* is h2h/);
  });
});

describe("input checked before sending (exit 2)", () => {
  it("a quantity below the item's minimum order", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    const r = await reseller.run(["buy", "--item", "25", "--qty", "10", "--target", "https://tiktok.com/@a/video/1"], {
      mode: "json",
    });
    expect(r.exitCode).toBe(2);
    expect(r.errorJson().error.code).toBe("MINIMUM_ORDER_NOT_MET");
    expect(r.errorJson().error.message).toContain("1000");
    expect(serviceTransactions(reseller.apiKey)).toHaveLength(0);
  });

  it("a script missing --item or --qty gets exit 2 naming the flag, never a prompt", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    const noItem = await reseller.run(["buy", "--qty", "1"], { timeoutMs: 10_000 });
    expect(noItem.exitCode).toBe(2);
    expect(noItem.stderr).toContain("--item is required");
    const noQty = await reseller.run(["buy", "--item", "12", "--note", "081234567890"], { timeoutMs: 10_000 });
    expect(noQty.exitCode).toBe(2);
    expect(noQty.stderr).toContain("--qty is required");
  });

  it("an h2h item with no destination in a script", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    const r = await reseller.run(["buy", "--item", "12", "--qty", "1"]);
    expect(r.exitCode).toBe(2);
    // The same words as a cart line or an orders-file row with no destination, and the flag to give.
    expect(r.stderr).toMatch(/item 12 \(.+\) is h2h: the note must give the destination/);
    expect(r.stderr).toContain("--note 081234567890");
  });

  it("an item that does not exist is the service's refusal (exit 1), nothing bought", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    const before = serviceTransactions(reseller.apiKey).length;
    const r = await reseller.run(["buy", "--item", "9999", "--qty", "1"], { mode: "json" });
    expect(r.exitCode).toBe(1);
    expect(r.errorJson().error.code).toBe("ITEM_NOT_FOUND");
    expect(serviceTransactions(reseller.apiKey)).toHaveLength(before);
  });
});

describe("refusals", () => {
  it("BALANCE_IS_INSUFFICIENT shows the current balance and suggests a top-up (exit 1, nothing charged)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Mandiri Pulsa Center"));
    harness.emulator.setBalance(reseller.apiKey, 10_000);
    const r = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("BALANCE_IS_INSUFFICIENT");
    expect(r.stderr).toContain("Rp 10.000");
    expect(r.stderr).toContain("reseller topup");
    // Each figure said once: the balance and the total in the message, the shortfall under it, and
    // "nothing charged" on the outcome line, not again in the hint.
    const refusal = r.stderr.slice(r.stderr.indexOf("Error:"));
    for (const said of ["Rp 10.000", "Rp 11.500", "Rp 1.500", "nothing charged"])
      expect(refusal.split(said).length - 1, said).toBe(1);
    expect(r.stderr).toMatch(/^ {2}outcome: refused; nothing charged\n {2}shortfall: Rp 1\.500\nHint: Top up/m);
    const json = await reseller.run(["buy", "--item", "12", "--qty", "1", "--note", "081234567890"], { mode: "json" });
    expect(json.stdout).toBe("");
    const error = json.errorJson().error;
    expect(error).toMatchObject({
      code: "BALANCE_IS_INSUFFICIENT",
      status: 400,
      details: { balance: 10_000, total: 11_500, shortfall: 1_500 },
    });
    expect(error.suggestion).toContain("reseller topup --amount 10000");
    expect(harness.accountOf(reseller.apiKey).balance).toBe(10_000);
    const outcome = journalRecords(reseller.configDir).filter((l) => l.type === "outcome");
    expect(outcome.map((o) => [o.outcome, o.code])).toEqual([
      ["refused", "BALANCE_IS_INSUFFICIENT"],
      ["refused", "BALANCE_IS_INSUFFICIENT"],
    ]);
  });

  it("a reused --ref-id is exit 1, never passed off as success, and nothing new is bought", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const first = await reseller.run(buyOne(12, "081234567890", "--ref-id", "reuse-1"));
    expect(first.exitCode).toBe(0);
    const again = await reseller.run(
      ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "reuse-1"],
      { mode: "json" },
    );
    expect(again.exitCode).toBe(1);
    expect(again.stdout).toBe("");
    expect(again.errorJson().error).toMatchObject({ code: "REF_ID_ALREADY_EXIST", status: 422 });
    expect(again.errorJson().error.suggestion).toContain("reseller trx show reuse-1");
    expect(serviceTransactions(reseller.apiKey).filter((t) => t.ref_id === "reuse-1")).toHaveLength(1);
  });
});

describe("cart: several items in one transaction", () => {
  it("buys every line in one transaction, from a file or stdin", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    const cart = [
      { item_id: 12, quantity: 1, note: "081234567890" },
      { item_id: 4, quantity: 2 },
      { item_id: 24, quantity: 100, note: { target: "https://www.tiktok.com/@toko/video/1" } },
    ];
    const file = writeCart(reseller, cart);
    const r = await reseller.run(["buy", "--cart", file], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    const body = singleJson(r);
    expect(body.data.amount).toBe(11_500 + 2 * 15_000 + 100 * 12);
    const detail = await fetch(`${harness.emulator.baseUrl}/v1/trx/${body.data.ref_id}`, {
      headers: { "X-APIKEY": reseller.apiKey },
    }).then((x) => x.json() as Promise<any>);
    expect(detail.data.items.map((i: any) => [i.variant_id, i.qty])).toEqual([
      [12, 1],
      [4, 2],
      [24, 100],
    ]);

    const fromStdin = await reseller.run(["buy", "--cart", "-"], {
      input: JSON.stringify([
        { item_id: 11, quantity: 1, note: "081234567890" },
        { item_id: 3, quantity: 1 },
      ]),
    });
    expect(fromStdin.exitCode, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout.split("\t")[3]).toBe(String(6_500 + 18_000));
  });

  it("a bad line is exit 2 naming the line, before anything is sent", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    const before = serviceTransactions(reseller.apiKey).length;
    const cases: [unknown, RegExp][] = [
      [
        [
          { item_id: 12, quantity: 1, note: "081234567890" },
          { item_id: 4, quantity: 0 },
        ],
        /cart line 2: quantity must be a positive whole number/,
      ],
      [[{ item_id: "x", quantity: 1 }], /cart line 1: item_id/],
      [
        [
          { item_id: 12, quantity: 1, note: "081234567890" },
          { item_id: 23, quantity: 100, note: "not json" },
        ],
        /cart line 2: An SMM note must be JSON/,
      ],
      [[{ item_id: 23, quantity: 5, note: { target: "x" } }], /cart line 1: the minimum order of item 23/],
      [[{ item_id: 12, qty: 1 }], /cart line 1: unknown field "qty"/],
      [{ item_id: 12 }, /non-empty JSON array/],
      ["[oops", /not JSON/],
    ];
    for (const [cart, message] of cases) {
      const r = await reseller.run(["buy", "--cart", "-"], {
        input: typeof cart === "string" ? cart : JSON.stringify(cart),
      });
      expect(r.exitCode, JSON.stringify(cart)).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(serviceTransactions(reseller.apiKey)).toHaveLength(before);
  });
});

describe("buy --lock", () => {
  it("fills item and quantity from the lock this machine made, and the purchase uses it", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Warung Premium ID"));
    const token = (await reseller.run(["lock", "add", "--item", "5", "--qty", "2"])).stdout.trim();
    expect(token).toMatch(/^LCK-/);
    const r = await reseller.run(["buy", "--lock", token], { mode: "json" });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.json().data.amount).toBe(2 * 25_000);
    const lock = harness.accountOf(reseller.apiKey).locks.find((l) => l.lock_token === token)!;
    expect(lock.status).toBe("used");
    const intent = journalRecords(reseller.configDir).find(
      (l): l is IntentRecord => l.type === "intent" && l.kind === "buy",
    );
    expect(intent?.request).toEqual({
      carts: [{ item_id: 5, quantity: 2 }],
      lock_token: token,
      item_names: { "5": "YouTube Premium 1 Bulan" },
    });
  });

  it("a lock made elsewhere is found through `lock list`", async () => {
    const maker = resellerAs(harness, harness.apiKeyOf("Warung Premium ID"));
    const token = (await maker.run(["lock", "add", "--item", "6", "--qty", "1"])).stdout.trim();
    const elsewhere = resellerAs(harness, harness.apiKeyOf("Warung Premium ID"));
    const r = await elsewhere.run(["buy", "--lock", token]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.split("\t")[3]).toBe("85000");
  });

  it("item or quantity that do not match the lock: exit 2 before sending (LOCK_MISMATCH)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Warung Premium ID"));
    const token = (await reseller.run(["lock", "add", "--item", "5", "--qty", "1"])).stdout.trim();
    const r = await reseller.run(["buy", "--lock", token, "--item", "5", "--qty", "2"], { mode: "json" });
    expect(r.exitCode).toBe(2);
    expect(r.errorJson().error.code).toBe("LOCK_MISMATCH");
    expect(harness.accountOf(reseller.apiKey).locks.find((l) => l.lock_token === token)!.status).toBe("active");
    await reseller.run(["lock", "release", token]);
  });

  it("an unknown token is LOCK_NOT_FOUND (exit 1), with or without --item/--qty", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Warung Premium ID"));
    const bare = await reseller.run(["buy", "--lock", "LCK-NOSUCHTOKEN0000"], { mode: "json" });
    expect(bare.exitCode).toBe(1);
    expect(bare.errorJson().error.code).toBe("LOCK_NOT_FOUND");
    const full = await reseller.run(["buy", "--lock", "LCK-NOSUCHTOKEN0000", "--item", "5", "--qty", "1"], {
      mode: "json",
    });
    expect(full.exitCode).toBe(1);
    expect(full.errorJson().error).toMatchObject({ code: "LOCK_NOT_FOUND", status: 404 });
  });

  it("an expired lock is LOCK_EXPIRED from the service (exit 1), nothing charged", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const token = (await reseller.run(["lock", "add", "--item", "7", "--qty", "1", "--duration", "60"])).stdout.trim();
    const before = harness.accountOf(reseller.apiKey).balance;
    harness.emulator.clock.advance(61_000);
    const r = await reseller.run(["buy", "--lock", token], { mode: "json" });
    expect(r.exitCode).toBe(1);
    expect(r.errorJson().error.code).toBe("LOCK_EXPIRED");
    expect(harness.accountOf(reseller.apiKey).balance).toBe(before);
  });
});
