import { describe, expect, it } from "vitest";
import { advanceSeconds, smmNote, useEmulator } from "./fixture.js";

const ctx = useEmulator();
const START_BALANCE = 2_500_000;

describe("POST /v1/trx", () => {
  it("creates a paid transaction, deducts the balance and answers the creation shape", async () => {
    const reply = await ctx.api.buy("order-1", 12, 2, "081234567890");
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe("OK");
    expect(reply.body.data).toEqual({
      invoice: expect.stringMatching(/^INV-20261121-\d{6}$/),
      ref_id: "order-1",
      status: "paid",
      price: 23_000,
      fees: 0,
      amount: 23_000,
      contact: "demo@tokodemo.id",
      created_at: "2026-11-21T21:30:00+07:00",
    });
    expect(await ctx.api.balance()).toBe(START_BALANCE - 23_000);
  });

  it("lists every field problem in one 422 VALIDATION_ERROR", async () => {
    const reply = await ctx.api.post("/v1/trx", { ref_id: "x".repeat(192), carts: [{ item_id: 0, quantity: "2" }] });
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe("VALIDATION_ERROR");
    expect(reply.body.errors).toEqual({
      ref_id: ["The ref id field must not be greater than 191 characters."],
      "carts.0.item_id": ["The carts.0.item id field must be at least 1."],
      "carts.0.quantity": ["The carts.0.quantity field must be an integer."],
    });
  });

  it("requires ref_id and a non-empty carts array", async () => {
    const reply = await ctx.api.post("/v1/trx", { carts: [] });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      ref_id: ["The ref id field is required."],
      carts: ["The carts field is required."],
    });
    const notArray = await ctx.api.post("/v1/trx", { ref_id: "r", carts: "12" });
    expect(notArray.body.errors.carts).toEqual(["The carts field must be an array."]);
  });

  it("accepts a ref_id of exactly 191 characters", async () => {
    expect((await ctx.api.buy("r".repeat(191), 12, 1, "081234567890")).status).toBe(200);
  });

  it("refuses a reused ref_id with 422 REF_ID_ALREADY_EXIST before any other check", async () => {
    await ctx.api.buy("dup", 12, 1, "081234567890");
    const again = await ctx.api.buy("dup", 999, 1);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: "REF_ID_ALREADY_EXIST" });
    expect(await ctx.api.balance()).toBe(START_BALANCE - 11_500);
  });

  it("lets another account use the same ref_id", async () => {
    await ctx.api.buy("shared", 12, 1, "081234567890");
    const rival = ctx.emulator.accounts[1]!.apiKey;
    expect((await ctx.api.as(rival).buy("shared", 12, 1, "081234567890")).status).toBe(200);
  });

  it("answers 404 ITEM_NOT_FOUND for unknown and inactive items", async () => {
    for (const id of [404, 9]) {
      const reply = await ctx.api.buy(`missing-${id}`, id, 1);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "ITEM_NOT_FOUND" });
    }
  });

  it("answers 422 MINIMUM_ORDER_NOT_MET under the item's min_order", async () => {
    const reply = await ctx.api.buy("too-few", 23, 99, smmNote("https://instagram.com/toko"));
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ message: "MINIMUM_ORDER_NOT_MET" });
  });

  it("answers 400 SMM_ORDER_REQUIRES_JSON_NOTE for every malformed SMM note", async () => {
    const notes = [
      undefined,
      "https://instagram.com/toko",
      "{}",
      JSON.stringify({ target: 5 }),
      JSON.stringify({ target: "x", opt_smm: "a" }),
      JSON.stringify({ target: "x", comment_smm: 1 }),
      "[]",
    ];
    for (const [index, note] of notes.entries()) {
      const reply = await ctx.api.buy(`smm-bad-${index}`, 23, 100, note);
      expect(reply.status, String(note)).toBe(400);
      expect(reply.body).toEqual({ message: "SMM_ORDER_REQUIRES_JSON_NOTE" });
    }
    const good = JSON.stringify({ target: "https://instagram.com/toko", opt_smm: ["a"], comment_smm: "mantap" });
    expect((await ctx.api.buy("smm-good", 23, 100, good)).status).toBe(200);
  });

  it("answers 422 INSUFFICIENT_STOCK when an auto item runs short", async () => {
    const empty = await ctx.api.buy("no-stock", 8, 1);
    expect(empty.status).toBe(422);
    expect(empty.body).toEqual({ message: "INSUFFICIENT_STOCK" });
    // Two cart lines of the same item count together against its stock of 3.
    const twoLines = await ctx.api.post("/v1/trx", {
      ref_id: "split",
      carts: [
        { item_id: 2, quantity: 2 },
        { item_id: 2, quantity: 2 },
      ],
    });
    expect(twoLines.body).toEqual({ message: "INSUFFICIENT_STOCK" });
  });

  it("answers 400 BALANCE_IS_INSUFFICIENT and changes nothing at all", async () => {
    ctx.emulator.setBalance(ctx.emulator.demoApiKey, 100_000);
    const reply = await ctx.api.post("/v1/trx", {
      ref_id: "too-dear",
      carts: [
        { item_id: 1, quantity: 1 },
        { item_id: 2, quantity: 1 },
      ],
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: "BALANCE_IS_INSUFFICIENT" });
    expect(await ctx.api.balance()).toBe(100_000);
    expect((await ctx.api.get("/v1/item/1")).body.data.stock).toBe(12);
    // The refused ref_id was not recorded, so it can be used once the balance allows.
    expect((await ctx.api.buy("too-dear", 1, 1)).status).toBe(200);
  });

  it("never lets concurrent buys spend the same balance", async () => {
    ctx.emulator.setBalance(ctx.emulator.demoApiKey, 20 * 11_500);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => ctx.api.buy(`race-${i}`, 12, 1, "081234567890")),
    );
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(20);
    expect(replies.filter((reply) => reply.body.message === "BALANCE_IS_INSUFFICIENT")).toHaveLength(30);
    expect(await ctx.api.balance()).toBe(0);
    expect(ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.transactions).toHaveLength(20);
  });

  it("never sells the same auto stock twice under concurrency", async () => {
    const replies = await Promise.all(Array.from({ length: 10 }, (_, i) => ctx.api.buy(`stock-race-${i}`, 2, 1)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(3);
    expect((await ctx.api.get("/v1/item/2")).body.data.stock).toBe(0);
  });
});

describe("GET /v1/trx/{ref_id}", () => {
  it("finds a transaction by ref_id and by invoice, with the full envelope", async () => {
    const created = (await ctx.api.buy("detail-1", 12, 1, "081234567890")).body.data;
    const byRef = await ctx.api.get("/v1/trx/detail-1");
    expect(byRef.status).toBe(200);
    expect(Object.keys(byRef.body).sort()).toEqual(["data", "h2h_results", "message", "smm_results"]);
    expect(byRef.body.data).toMatchObject({
      id: expect.any(Number),
      ref_id: "detail-1",
      invoice: created.invoice,
      payment_method: "saldo",
      status: "paid",
      price: 11_500,
      fees: 0,
      amount: 11_500,
      note: null,
      payment_link: null,
      qr_link: null,
      expired_at: null,
      created_at: created.created_at,
    });
    expect(byRef.body.data.items).toEqual([
      {
        variant_id: 12,
        variant_name: "Pulsa Telkomsel 10.000",
        product_name: "Pulsa Telkomsel",
        product_license: null,
        seller_note: null,
        description: expect.any(String),
        price: 11_500,
        qty: 1,
        note: "081234567890",
        order_process: "h2h",
      },
    ]);
    const byInvoice = await ctx.api.get(`/v1/trx/${created.invoice}`);
    expect(byInvoice.body).toEqual(byRef.body);
  });

  it("decodes a ref_id with reserved characters", async () => {
    await ctx.api.buy("toko/2026 #1", 12, 1, "081234567890");
    expect((await ctx.api.get(`/v1/trx/${encodeURIComponent("toko/2026 #1")}`)).body.data.ref_id).toBe("toko/2026 #1");
  });

  it("answers 404 TRX_NOT_FOUND for unknown ones and for another account's", async () => {
    await ctx.api.as(ctx.emulator.accounts[1]!.apiKey).buy("theirs", 12, 1, "081234567890");
    for (const reference of ["nothing-here", "theirs"]) {
      const reply = await ctx.api.get(`/v1/trx/${reference}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "TRX_NOT_FOUND" });
    }
  });
});

describe("fulfilment on the emulator clock", () => {
  it("delivers auto licences after 2 s, one line per unit, and takes them from stock", async () => {
    await ctx.api.buy("netflix", 1, 2);
    expect((await ctx.api.get("/v1/item/1")).body.data.stock).toBe(10);
    const early = (await ctx.api.get("/v1/trx/netflix")).body.data;
    expect(early.items[0].product_license).toBeNull();
    expect(early.status).toBe("paid");
    advanceSeconds(ctx.emulator, 2);
    const done = (await ctx.api.get("/v1/trx/netflix")).body;
    expect(done.data.status).toBe("completed");
    const lines = done.data.items[0].product_license.split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Email: .+@akunpremium\.id \| Password: \S+/);
    expect(lines[0]).not.toBe(lines[1]);
    expect(done.h2h_results).toEqual([]);
    expect(done.smm_results).toEqual([]);
  });

  it("dispatches h2h after 5 s with a serial number", async () => {
    await ctx.api.buy("pulsa-ok", 12, 1, "0812-3456-7890");
    const before = await ctx.api.get("/v1/trx/pulsa-ok");
    expect(before.body.h2h_results).toEqual([]);
    advanceSeconds(ctx.emulator, 5);
    const after = (await ctx.api.get("/v1/trx/pulsa-ok")).body;
    expect(after.h2h_results).toEqual([
      {
        variant_id: 12,
        sn: expect.stringMatching(/^\d{20}$/),
        dispatch_status: "completed",
        log_message: expect.any(String),
      },
    ]);
    expect(after.data.status).toBe("completed");
    expect(await ctx.api.balance()).toBe(START_BALANCE - 11_500);
  });

  it("accepts 628 numbers and numeric game ids", async () => {
    await ctx.api.buy("wallet", 18, 1, "6281234567890");
    await ctx.api.buy("ml", 21, 1, "12345678(1234)");
    advanceSeconds(ctx.emulator, 5);
    expect((await ctx.api.get("/v1/trx/wallet")).body.h2h_results[0].dispatch_status).toBe("completed");
    expect((await ctx.api.get("/v1/trx/ml")).body.h2h_results[0].dispatch_status).toBe("completed");
  });

  it("fails h2h to an invalid number and refunds exactly once", async () => {
    await ctx.api.buy("pulsa-bad", 13, 2, "12345");
    expect(await ctx.api.balance()).toBe(START_BALANCE - 51_600);
    advanceSeconds(ctx.emulator, 5);
    const detail = (await ctx.api.get("/v1/trx/pulsa-bad")).body;
    expect(detail.h2h_results[0]).toMatchObject({
      variant_id: 13,
      dispatch_status: "failed",
      sn: expect.stringMatching(/^failed: invalid destination number/),
    });
    expect(detail.data.status).toBe("failed");
    expect(detail.data.note).toContain("Rp 51.600");
    expect(await ctx.api.balance()).toBe(START_BALANCE);
    advanceSeconds(ctx.emulator, 3600);
    await ctx.api.get("/v1/trx/pulsa-bad");
    expect(await ctx.api.balance()).toBe(START_BALANCE);
    expect(ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.transactions[0]).toMatchObject({
      refunded: 51_600,
      status: "failed",
    });
  });

  it("fails a game top-up to a non-numeric user id", async () => {
    await ctx.api.buy("ff-bad", 22, 1, "player_one");
    advanceSeconds(ctx.emulator, 5);
    expect((await ctx.api.get("/v1/trx/ff-bad")).body.h2h_results[0].sn).toMatch(/^failed: invalid user id/);
  });

  it("refunds only the failed line of a mixed transaction and completes it", async () => {
    await ctx.api.post("/v1/trx", {
      ref_id: "mixed",
      carts: [
        { item_id: 12, quantity: 1, note: "081234567890" },
        { item_id: 15, quantity: 1, note: "bukan nomor" },
      ],
    });
    advanceSeconds(ctx.emulator, 5);
    const detail = (await ctx.api.get("/v1/trx/mixed")).body;
    expect(detail.h2h_results.map((result: { dispatch_status: string }) => result.dispatch_status)).toEqual([
      "completed",
      "failed",
    ]);
    expect(detail.data.status).toBe("completed");
    expect(detail.data.note).toContain("Rp 11.200");
    expect(await ctx.api.balance()).toBe(START_BALANCE - 11_500);
  });

  it("moves smm Pending -> In progress -> Completed", async () => {
    await ctx.api.buy("followers", 23, 1000, smmNote("https://instagram.com/tokodemo"));
    const pending = (await ctx.api.get("/v1/trx/followers")).body.smm_results[0];
    expect(pending).toEqual({
      variant_id: 23,
      order_id: expect.stringMatching(/^\d+$/),
      status: "Pending",
      start_count: null,
      remains: null,
    });

    advanceSeconds(ctx.emulator, 10);
    const started = (await ctx.api.get("/v1/trx/followers")).body.smm_results[0];
    expect(started).toMatchObject({ status: "In progress", remains: 1000, order_id: pending.order_id });
    expect(started.start_count).toEqual(expect.any(Number));

    advanceSeconds(ctx.emulator, 25);
    const halfway = (await ctx.api.get("/v1/trx/followers")).body;
    expect(halfway.smm_results[0]).toMatchObject({
      status: "In progress",
      remains: 500,
      start_count: started.start_count,
    });
    expect(halfway.data.status).toBe("paid");

    advanceSeconds(ctx.emulator, 25);
    const done = (await ctx.api.get("/v1/trx/followers")).body;
    expect(done.smm_results[0]).toMatchObject({ status: "Completed", remains: 0 });
    expect(done.data.status).toBe("completed");
    expect(await ctx.api.balance()).toBe(START_BALANCE - 35_000);
  });

  it("ends a 'partial' smm target Partial and refunds the undelivered part once", async () => {
    await ctx.api.buy("likes", 24, 1000, smmNote("https://www.tiktok.com/@partial/video/1"));
    advanceSeconds(ctx.emulator, 60);
    const result = (await ctx.api.get("/v1/trx/likes")).body.smm_results[0];
    expect(result.status).toBe("Partial");
    expect(result.remains).toBeGreaterThan(0);
    expect(result.remains).toBeLessThan(1000);
    const expected = START_BALANCE - 12_000 + result.remains * 12;
    expect(await ctx.api.balance()).toBe(expected);
    advanceSeconds(ctx.emulator, 60);
    expect(await ctx.api.balance()).toBe(expected);
    expect((await ctx.api.get("/v1/trx/likes")).body.data.status).toBe("completed");
  });

  it("completes manual items after 5 minutes with a seller note", async () => {
    await ctx.api.buy("logo", 27, 1, "Toko Kue Bu Sri, warna hijau");
    advanceSeconds(ctx.emulator, 299);
    const waiting = (await ctx.api.get("/v1/trx/logo")).body.data;
    expect(waiting.status).toBe("paid");
    expect(waiting.items[0].seller_note).toBeNull();
    advanceSeconds(ctx.emulator, 1);
    const done = (await ctx.api.get("/v1/trx/logo")).body.data;
    expect(done.status).toBe("completed");
    expect(done.items[0].seller_note).toMatch(/Desain final/);
  });
});
