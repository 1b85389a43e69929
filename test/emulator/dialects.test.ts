/**
 * Each dialect's answers, whole: the live reference (A, "live"), its short guide (B, "live-short")
 * and the abstract spec. Bodies are compared with toEqual so that a field too many or too few fails.
 */
import { describe, expect, it } from "vitest";
import { manualClock, startEmulator, type Dialect } from "../../src/emulator/server.js";
import { advanceSeconds, runEmulatorCommand, ServiceCaller, smmNote, useEmulator } from "./fixture.js";

const START_BALANCE = 2_500_000;
const CREATED_AT = "2026-11-21T21:30:00+07:00";
const FIRST_INVOICE = "INV-20261121-000001";
const BAD_NUMBER_SN = 'failed: invalid destination number "12345": expected 08xxxxxxxxxx or 628xxxxxxxxxx';
const PHONE = "081234567890";
const FOLLOWERS = smmNote("https://instagram.com/tokodemo");
const SERIAL = expect.stringMatching(/^\d{20}$/);
const ORDER_ID = expect.stringMatching(/^\d{7}$/);

/** The flat item both live versions answer on GET /v1/item/{id}. */
const liveItems = {
  1: {
    id: 1,
    name: "Netflix Premium 1 Bulan (Sharing)",
    price: 35_000,
    stock: 12,
    category: "Aplikasi Premium",
    order_process: "auto",
    provider_meta: null,
    required_fields: [],
    validation: { available: false },
    description: expect.any(String),
    min_order: 1,
    status: "on",
  },
  12: {
    id: 12,
    name: "Pulsa Telkomsel 10.000",
    price: 11_500,
    stock: null,
    category: "Pulsa",
    order_process: "h2h",
    h2h_provider: "h2h",
    provider_meta: { open_denom: false },
    required_fields: [{ key: "note", label: "Nomor HP", required: true }],
    validation: { available: false },
    description: expect.any(String),
    min_order: 1,
    status: "on",
  },
  21: {
    id: 21,
    name: "Mobile Legends 86 Diamonds",
    price: 21_500,
    stock: null,
    category: "Top Up Game",
    order_process: "h2h",
    h2h_provider: "h2h",
    provider_meta: { open_denom: false },
    required_fields: [{ key: "note", label: "User ID", required: true }],
    validation: { available: true, endpoint: "/api/v1/item/validate", requires_zone_id: true },
    description: expect.any(String),
    min_order: 1,
    status: "on",
  },
  22: expect.objectContaining({
    id: 22,
    validation: { available: true, endpoint: "/api/v1/item/validate", requires_zone_id: false },
  }),
  23: {
    id: 23,
    name: "Instagram Followers Indonesia",
    price: 35,
    stock: null,
    category: "Sosial Media",
    order_process: "smm",
    h2h_provider: "smm",
    provider_meta: { open_denom: false },
    required_fields: [{ key: "note", label: "Link / Username", required: true }],
    validation: { available: false },
    description: expect.any(String),
    min_order: 100,
    status: "on",
  },
  28: expect.objectContaining({ id: 28, stock: 60, min_order: 5, category: "Akun", order_process: "auto" }),
};

/** Version A's and the spec's transaction, apart from its status, note and items. */
function besideData(refId: string, amount: number, status: string, items: unknown[], note: string | null = null) {
  return {
    id: expect.any(Number),
    ref_id: refId,
    invoice: FIRST_INVOICE,
    payment_method: "saldo",
    status,
    price: amount,
    fees: 0,
    amount,
    note,
    payment_link: null,
    qr_link: null,
    expired_at: null,
    created_at: CREATED_AT,
    items,
  };
}

const pulsaLine = (variantId: number, name: string, price: number, note: string, process = "h2h") => ({
  variant_id: variantId,
  variant_name: name,
  product_name: "Pulsa Telkomsel",
  product_license: null,
  seller_note: null,
  description: expect.any(String),
  price,
  qty: 1,
  note,
  order_process: process,
});

describe("live (version A, the default)", () => {
  const ctx = useEmulator({ dialect: "live" });

  it("POST /v1/trx: paid, with price, fees, amount, contact and created_at", async () => {
    const reply = await ctx.api.buy("c-1", 12, 2, PHONE);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: "OK",
      data: {
        invoice: FIRST_INVOICE,
        ref_id: "c-1",
        status: "paid",
        price: 23_000,
        fees: 0,
        amount: 23_000,
        contact: "demo@tokodemo.id",
        created_at: CREATED_AT,
      },
    });
  });

  it("GET /v1/trx: an h2h serial beside data, with the live success log", async () => {
    await ctx.api.buy("h2h-ok", 12, 1, PHONE);
    const paid = (await ctx.api.get("/v1/trx/h2h-ok")).body;
    expect(paid).toEqual({
      message: "OK",
      data: besideData("h2h-ok", 11_500, "paid", [pulsaLine(12, "Pulsa Telkomsel 10.000", 11_500, PHONE)]),
      h2h_results: [],
      smm_results: [],
    });
    advanceSeconds(ctx.emulator, 5);
    const reply = await ctx.api.get(`/v1/trx/${FIRST_INVOICE}`);
    expect(reply.body).toEqual({
      message: "OK",
      data: besideData("h2h-ok", 11_500, "completed", [pulsaLine(12, "Pulsa Telkomsel 10.000", 11_500, PHONE)]),
      h2h_results: [{ variant_id: 12, sn: SERIAL, dispatch_status: "completed", log_message: "Transaksi Sukses" }],
      smm_results: [],
    });
  });

  it("GET /v1/trx: a failed h2h is dispatch_status failed with the reason in sn and no log_message", async () => {
    await ctx.api.buy("h2h-bad", 13, 1, "12345");
    advanceSeconds(ctx.emulator, 5);
    const reply = await ctx.api.get("/v1/trx/h2h-bad");
    expect(reply.body).toEqual({
      message: "OK",
      data: besideData(
        "h2h-bad",
        25_800,
        "failed",
        [pulsaLine(13, "Pulsa Telkomsel 25.000", 25_800, "12345")],
        "All items failed; Rp 25.800 was refunded to the balance.",
      ),
      h2h_results: [{ variant_id: 13, sn: BAD_NUMBER_SN, dispatch_status: "failed" }],
      smm_results: [],
    });
    expect(await ctx.api.balance()).toBe(START_BALANCE);
  });

  it("GET /v1/trx: an auto item's licences in product_license and, one per unit, in licenses[]", async () => {
    await ctx.api.buy("auto", 1, 2);
    advanceSeconds(ctx.emulator, 2);
    const reply = await ctx.api.get("/v1/trx/auto");
    const licence = { product_license: expect.stringMatching(/^Email: [^\n]+$/), note: null };
    expect(reply.body).toEqual({
      message: "OK",
      data: besideData("auto", 70_000, "completed", [
        {
          variant_id: 1,
          variant_name: "Netflix Premium 1 Bulan (Sharing)",
          product_name: "Netflix",
          product_license: expect.stringMatching(/^Email: .+\nEmail: .+$/),
          licenses: [licence, licence],
          seller_note: null,
          description: expect.any(String),
          price: 35_000,
          qty: 2,
          note: null,
          order_process: "auto",
        },
      ]),
      h2h_results: [],
      smm_results: [],
    });
  });

  it("GET /v1/trx: an SMM line is an h2h item flagged is_smm, its results in lower case with counts and refunds", async () => {
    await ctx.api.buy("smm", 23, 1000, FOLLOWERS);
    const smmItem = (status: string, providerStatus: string) => ({
      variant_id: 23,
      variant_name: "Instagram Followers Indonesia",
      product_name: "Instagram",
      product_license: null,
      seller_note: null,
      description: expect.any(String),
      price: 35,
      qty: 1000,
      note: FOLLOWERS,
      order_process: "h2h",
      is_smm: true,
      status,
      provider_status: providerStatus,
    });

    const pending = (await ctx.api.get("/v1/trx/smm")).body;
    expect(pending).toEqual({
      message: "OK",
      data: besideData("smm", 35_000, "paid", [smmItem("processing", "pending")]),
      h2h_results: [],
      smm_results: [
        {
          variant_id: 23,
          order_id: ORDER_ID,
          status: "pending",
          start_count: null,
          remains: null,
          delivered_count: 0,
          refund_amount: 0,
          provider_status: "pending",
          partial_refund_pending_manual: false,
        },
      ],
    });
    const orderId = pending.smm_results[0].order_id;

    advanceSeconds(ctx.emulator, 35);
    const halfway = (await ctx.api.get("/v1/trx/smm")).body;
    expect(halfway.data.items).toEqual([smmItem("processing", "processing")]);
    expect(halfway.smm_results).toEqual([
      {
        variant_id: 23,
        order_id: orderId,
        status: "processing",
        start_count: expect.any(Number),
        remains: 500,
        delivered_count: 500,
        refund_amount: 0,
        provider_status: "processing",
        partial_refund_pending_manual: false,
      },
    ]);

    advanceSeconds(ctx.emulator, 25);
    const done = (await ctx.api.get("/v1/trx/smm")).body;
    expect(done.data.status).toBe("completed");
    expect(done.data.items).toEqual([smmItem("completed", "completed")]);
    expect(done.smm_results[0]).toMatchObject({
      status: "completed",
      remains: 0,
      delivered_count: 1000,
      refund_amount: 0,
      provider_status: "completed",
    });
  });

  it("GET /v1/trx: a Partial SMM order shows what was delivered and what was refunded", async () => {
    await ctx.api.buy("likes", 24, 1000, smmNote("https://www.tiktok.com/@partial/video/1"));
    advanceSeconds(ctx.emulator, 60);
    const detail = (await ctx.api.get("/v1/trx/likes")).body;
    const result = detail.smm_results[0];
    expect(result.status).toBe("partial");
    expect(result.remains).toBeGreaterThan(0);
    expect(result.delivered_count).toBe(1000 - result.remains);
    expect(result.refund_amount).toBe(result.remains * 12);
    expect(result.partial_refund_pending_manual).toBe(false);
    expect(detail.data.items[0]).toMatchObject({ is_smm: true, status: "partial", provider_status: "partial" });
    expect(await ctx.api.balance()).toBe(START_BALANCE - 12_000 + result.refund_amount);
  });

  it("GET /v1/trx: 404 TRX_NOT_FOUND", async () => {
    const reply = await ctx.api.get("/v1/trx/nothing-here");
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: "TRX_NOT_FOUND" });
  });

  it("GET /v1/leaderboard: ranking, name and total_trx", async () => {
    const reply = await ctx.api.get("/v1/leaderboard");
    expect(reply.body.message).toBe("OK");
    expect(reply.body.data).toHaveLength(10);
    expect(reply.body.data[0]).toEqual({ ranking: 1, name: "To** Ma**** Ja**", total_trx: 1240 });
    for (const [index, entry] of reply.body.data.entries()) {
      expect(Object.keys(entry).sort()).toEqual(["name", "ranking", "total_trx"]);
      expect(entry.ranking).toBe(index + 1);
    }
  });

  it("GET /v1/leaderboard/profile: the caller's ranking, masked name and total_trx, no points", async () => {
    await ctx.api.buy("lb-1", 12, 1, PHONE);
    const reply = await ctx.api.get("/v1/leaderboard/profile");
    expect(reply.body).toEqual({ message: "OK", data: { ranking: 13, name: "To** De** Re******", total_trx: 1 } });
  });

  it("POST /v1/order/sandbox: id, ref_id and status sandbox", async () => {
    const reply = await ctx.api.post("/v1/order/sandbox", { ref_id: "sb-1", item_id: 12, quantity: 1 });
    expect(reply.body).toEqual({ message: "OK", data: { id: 1, ref_id: "sb-1", status: "sandbox" } });
  });

  it("GET /v1/item/{id}: the flat item, unlimited stock without a count", async () => {
    for (const [id, expected] of Object.entries(liveItems)) {
      const reply = await ctx.api.get(`/v1/item/${id}`);
      expect(reply.body, `item ${id}`).toEqual({ message: "OK", data: expected });
    }
  });

  it("is what startEmulator speaks when no dialect is given", async () => {
    const emulator = await startEmulator({ clock: manualClock() });
    try {
      expect(emulator.dialect).toBe("live");
      const api = new ServiceCaller(emulator);
      expect((await api.get("/v1/leaderboard/profile")).body.data).toEqual({
        ranking: 13,
        name: "To** De** Re******",
        total_trx: 0,
      });
    } finally {
      await emulator.close();
    }
  });
});

describe("live-short (version B)", () => {
  const ctx = useEmulator({ dialect: "live-short" });

  it("POST /v1/trx: pending, with total_amount only", async () => {
    const reply = await ctx.api.buy("c-1", 12, 2, PHONE);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      message: "OK",
      data: { invoice: FIRST_INVOICE, ref_id: "c-1", total_amount: 23_000, status: "pending" },
    });
    expect(await ctx.api.balance()).toBe(START_BALANCE - 23_000);
  });

  it("GET /v1/trx: results inside data, keyed item_id; an h2h serial without dispatch status", async () => {
    await ctx.api.buy("h2h-ok", 12, 1, PHONE);
    const item = { item_id: 12, name: "Pulsa Telkomsel 10.000", price: 11_500, quantity: 1, note: PHONE };
    const paid = await ctx.api.get("/v1/trx/h2h-ok");
    expect(paid.body).toEqual({
      message: "OK",
      data: {
        invoice: FIRST_INVOICE,
        ref_id: "h2h-ok",
        status: "paid",
        amount: 11_500,
        created_at: CREATED_AT,
        items: [item],
        h2h_results: [],
        smm_results: [],
      },
    });
    advanceSeconds(ctx.emulator, 5);
    const reply = await ctx.api.get(`/v1/trx/${FIRST_INVOICE}`);
    expect(reply.body).toEqual({
      message: "OK",
      data: {
        invoice: FIRST_INVOICE,
        ref_id: "h2h-ok",
        status: "completed",
        amount: 11_500,
        created_at: CREATED_AT,
        items: [item],
        h2h_results: [{ item_id: 12, sn: SERIAL }],
        smm_results: [],
      },
    });
  });

  it("GET /v1/trx: a failed h2h says so only in sn, and a transaction whose items all failed is canceled", async () => {
    await ctx.api.buy("h2h-bad", 13, 1, "12345");
    advanceSeconds(ctx.emulator, 5);
    const reply = await ctx.api.get("/v1/trx/h2h-bad");
    expect(reply.body).toEqual({
      message: "OK",
      data: {
        invoice: FIRST_INVOICE,
        ref_id: "h2h-bad",
        status: "canceled",
        amount: 25_800,
        created_at: CREATED_AT,
        items: [{ item_id: 13, name: "Pulsa Telkomsel 25.000", price: 25_800, quantity: 1, note: "12345" }],
        h2h_results: [{ item_id: 13, sn: BAD_NUMBER_SN }],
        smm_results: [],
      },
    });
    expect(await ctx.api.balance()).toBe(START_BALANCE);
  });

  it("GET /v1/trx: product_license appears on an auto item once delivered", async () => {
    await ctx.api.buy("auto", 1, 1);
    const item = { item_id: 1, name: "Netflix Premium 1 Bulan (Sharing)", price: 35_000, quantity: 1, note: null };
    expect((await ctx.api.get("/v1/trx/auto")).body.data.items).toEqual([item]);
    advanceSeconds(ctx.emulator, 2);
    const done = (await ctx.api.get("/v1/trx/auto")).body.data;
    expect(done.status).toBe("completed");
    const licence = expect.stringMatching(/^Email: .+@akunpremium\.id \| Password: /);
    expect(done.items).toEqual([
      { ...item, product_license: licence, licenses: [{ product_license: licence, note: null }] },
    ]);
  });

  it("GET /v1/trx: seller_note appears on a manual item once done", async () => {
    await ctx.api.buy("logo", 27, 1, "Toko Kue Bu Sri");
    advanceSeconds(ctx.emulator, 300);
    expect((await ctx.api.get("/v1/trx/logo")).body.data.items).toEqual([
      {
        item_id: 27,
        name: "Desain Logo Custom",
        price: 75_000,
        quantity: 1,
        note: "Toko Kue Bu Sri",
        seller_note: expect.stringMatching(/^Desain final/),
      },
    ]);
  });

  it("GET /v1/trx: SMM progress in the panel's words, Pending to In progress to Completed", async () => {
    await ctx.api.buy("smm", 23, 1000, FOLLOWERS);
    const smmOf = async () => (await ctx.api.get("/v1/trx/smm")).body.data;
    const pending = await smmOf();
    expect(pending.items).toEqual([
      { item_id: 23, name: "Instagram Followers Indonesia", price: 35, quantity: 1000, note: FOLLOWERS },
    ]);
    expect(pending.smm_results).toEqual([{ item_id: 23, status: "Pending", start_count: null, remains: null }]);
    advanceSeconds(ctx.emulator, 35);
    expect((await smmOf()).smm_results).toEqual([
      { item_id: 23, status: "In progress", start_count: expect.any(Number), remains: 500 },
    ]);
    advanceSeconds(ctx.emulator, 25);
    const done = await smmOf();
    expect(done.status).toBe("completed");
    expect(done.smm_results).toEqual([
      { item_id: 23, status: "Completed", start_count: expect.any(Number), remains: 0 },
    ]);
  });

  it("GET /v1/trx: 404 TRANSACTION_NOT_FOUND, as its error table says", async () => {
    const reply = await ctx.api.get("/v1/trx/nothing-here");
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ message: "TRANSACTION_NOT_FOUND" });
  });

  it("GET /v1/leaderboard and /profile: as in version A", async () => {
    expect((await ctx.api.get("/v1/leaderboard")).body.data[1]).toEqual({
      ranking: 2,
      name: "Be**** Pu*** Ce**",
      total_trx: 985,
    });
    expect((await ctx.api.get("/v1/leaderboard/profile")).body).toEqual({
      message: "OK",
      data: { ranking: 13, name: "To** De** Re******", total_trx: 0 },
    });
  });

  it("POST /v1/order/sandbox: an invoice SAND-<n> only", async () => {
    const first = await ctx.api.post("/v1/order/sandbox", { ref_id: "sb-1", item_id: 12, quantity: 1 });
    expect(first.body).toEqual({ message: "OK", data: { invoice: "SAND-1" } });
    expect((await ctx.api.post("/v1/order/sandbox", { ref_id: "sb-2", item_id: 1, quantity: 1 })).body.data).toEqual({
      invoice: "SAND-2",
    });
    expect(await ctx.api.balance()).toBe(START_BALANCE);
  });

  it("GET /v1/item/{id}: the same flat item as version A", async () => {
    for (const [id, expected] of Object.entries(liveItems)) {
      expect((await ctx.api.get(`/v1/item/${id}`)).body, `item ${id}`).toEqual({ message: "OK", data: expected });
    }
  });
});

describe("spec", () => {
  const ctx = useEmulator({ dialect: "spec" });

  it("POST /v1/trx: paid, with price, fees, amount, contact and created_at", async () => {
    expect((await ctx.api.buy("c-1", 12, 1, PHONE)).body).toEqual({
      message: "OK",
      data: {
        invoice: FIRST_INVOICE,
        ref_id: "c-1",
        status: "paid",
        price: 11_500,
        fees: 0,
        amount: 11_500,
        contact: "demo@tokodemo.id",
        created_at: CREATED_AT,
      },
    });
  });

  it("GET /v1/trx: results beside data, h2h ones with dispatch_status and the provider's log, also when failed", async () => {
    await ctx.api.post("/v1/trx", {
      ref_id: "mixed",
      carts: [
        { item_id: 12, quantity: 1, note: PHONE },
        { item_id: 13, quantity: 1, note: "12345" },
      ],
    });
    advanceSeconds(ctx.emulator, 5);
    expect((await ctx.api.get("/v1/trx/mixed")).body).toEqual({
      message: "OK",
      data: besideData(
        "mixed",
        37_300,
        "completed",
        [
          pulsaLine(12, "Pulsa Telkomsel 10.000", 11_500, PHONE),
          pulsaLine(13, "Pulsa Telkomsel 25.000", 25_800, "12345"),
        ],
        "Rp 25.800 was refunded to the balance for items that could not be delivered.",
      ),
      h2h_results: [
        {
          variant_id: 12,
          sn: SERIAL,
          dispatch_status: "completed",
          log_message: expect.stringMatching(/^Success: Pulsa Telkomsel 10.000 x1 to 081234567890/),
        },
        {
          variant_id: 13,
          sn: BAD_NUMBER_SN,
          dispatch_status: "failed",
          log_message: expect.stringMatching(/^Provider rejected Pulsa Telkomsel 25.000/),
        },
      ],
      smm_results: [],
    });
  });

  it("GET /v1/trx: SMM results in the panel's words, items as the spec shows them", async () => {
    await ctx.api.buy("smm", 23, 1000, FOLLOWERS);
    const body = (await ctx.api.get("/v1/trx/smm")).body;
    expect(body.data.items[0]).toEqual({
      variant_id: 23,
      variant_name: "Instagram Followers Indonesia",
      product_name: "Instagram",
      product_license: null,
      seller_note: null,
      description: expect.any(String),
      price: 35,
      qty: 1000,
      note: FOLLOWERS,
      order_process: "smm",
    });
    expect(body.smm_results).toEqual([
      { variant_id: 23, order_id: ORDER_ID, status: "Pending", start_count: null, remains: null },
    ]);
  });

  it("GET /v1/trx: 404 TRX_NOT_FOUND", async () => {
    expect((await ctx.api.get("/v1/trx/nothing-here")).body).toEqual({ message: "TRX_NOT_FOUND" });
  });

  it("leaderboard, profile and sandbox in the spec's words", async () => {
    expect((await ctx.api.get("/v1/leaderboard")).body.data[0]).toEqual({
      rank: 1,
      name: "To** Ma**** Ja**",
      total_transactions: 1240,
    });
    expect((await ctx.api.get("/v1/leaderboard/profile")).body.data).toEqual({
      rank: 13,
      total_transactions: 0,
      points: 0,
    });
    expect((await ctx.api.post("/v1/order/sandbox", { ref_id: "sb-1", item_id: 12, quantity: 1 })).body.data).toEqual({
      id: 1,
      ref_id: "sb-1",
      status: "sandbox",
    });
  });

  it("GET /v1/item/{id}: stock -1 and unlimited_stock for unlimited items", async () => {
    expect((await ctx.api.get("/v1/item/12")).body).toEqual({
      message: "OK",
      data: {
        id: 12,
        name: "Pulsa Telkomsel 10.000",
        price: 11_500,
        stock: -1,
        unlimited_stock: true,
        description: expect.any(String),
        min_order: 1,
        order_process: "h2h",
        product_name: "Pulsa Telkomsel",
      },
    });
  });
});

describe.each<Dialect>(["live", "live-short", "spec"])("every dialect: %s", (dialect) => {
  const ctx = useEmulator({ dialect });

  it("answers 503 PRODUCT_TEMPORARILY_UNAVAILABLE for an item marked so, and charges nothing", async () => {
    ctx.emulator.setItemAvailable(12, false);
    const refused = await ctx.api.post("/v1/trx", {
      ref_id: "later",
      carts: [
        { item_id: 1, quantity: 1 },
        { item_id: 12, quantity: 1, note: PHONE },
      ],
    });
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: "PRODUCT_TEMPORARILY_UNAVAILABLE" });
    expect(await ctx.api.balance()).toBe(START_BALANCE);
    const account = ctx.emulator.inspect(ctx.emulator.demoApiKey);
    expect(account.accounts[0]!.transactions).toEqual([]);
    expect(account.items.find((item) => item.id === 12)).toMatchObject({ temporarily_unavailable: true });
    expect(account.items.find((item) => item.id === 1)).toMatchObject({
      temporarily_unavailable: false,
      available: 12,
    });

    // Nothing was recorded, so the same order goes through once the item is back.
    ctx.emulator.setItemAvailable(12, true);
    expect((await ctx.api.buy("later", 12, 1, PHONE)).status).toBe(200);
  });

  it("lists the same channels with their limits", async () => {
    const reply = await ctx.api.get("/v1/balance/channels");
    expect(reply.body.data[0]).toEqual({
      code: "QRIS",
      name: expect.any(String),
      fee: 750,
      min_amount: 10_000,
      max_amount: 5_000_000,
    });
  });

  it("keeps balance, top-up and lock answers as they are", async () => {
    expect((await ctx.api.get("/v1/balance")).body).toEqual({ message: "OK", data: { balance: START_BALANCE } });
    expect(
      Object.keys((await ctx.api.post("/v1/balance", { amount: 50_000, channel: "QRIS" })).body.data).sort(),
    ).toEqual(["amount", "channel", "expires_at", "fee", "payment_url", "total"]);
    const lock = await ctx.api.post("/v1/item/lock", { item_id: 3, quantity: 1 });
    expect(lock.body).toEqual({
      success: true,
      data: {
        lock_token: expect.stringMatching(/^LCK-/),
        item_id: 3,
        quantity: 1,
        locked_at: "2026-11-21T14:30:00Z",
        expires_at: "2026-11-21T14:40:00Z",
      },
    });
    expect((await ctx.api.get("/v1/item/999")).body).toEqual({ message: "ITEM_NOT_FOUND" });
  });
});

describe("the control surface", () => {
  const ctx = useEmulator({ dialect: "live" });

  it("GET|POST /__emulator/dialect shows and switches the dialect from the next request on", async () => {
    expect((await ctx.api.get("/__emulator/dialect")).body).toEqual({
      dialect: "live",
      dialects: ["live", "live-short", "spec"],
    });
    await ctx.api.buy("switch", 12, 1, PHONE);
    expect((await ctx.api.get("/v1/trx/switch")).body.h2h_results).toEqual([]);

    const switched = await ctx.api.post("/__emulator/dialect", { dialect: "live-short" });
    expect(switched.status).toBe(200);
    expect(switched.body).toEqual({ dialect: "live-short", dialects: ["live", "live-short", "spec"] });
    expect(ctx.emulator.dialect).toBe("live-short");
    const detail = (await ctx.api.get("/v1/trx/switch")).body;
    expect(Object.keys(detail).sort()).toEqual(["data", "message"]);
    expect(detail.data.items[0].item_id).toBe(12);

    ctx.emulator.setDialect("spec");
    expect((await ctx.api.get("/__emulator/dialect")).body.dialect).toBe("spec");
    expect((await ctx.api.get("/v1/leaderboard/profile")).body.data).toEqual({
      rank: 13,
      total_transactions: 1,
      points: 11,
    });
  });

  it("refuses an unknown dialect with 422 and keeps speaking the current one", async () => {
    for (const body of [{ dialect: "klingon" }, {}, { dialect: 1 }]) {
      const reply = await ctx.api.post("/__emulator/dialect", body);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        message: "VALIDATION_ERROR",
        errors: { dialect: ["The selected dialect is invalid."] },
      });
    }
    expect(ctx.emulator.dialect).toBe("live");
    expect(() => ctx.emulator.setDialect("klingon" as Dialect)).toThrow(/live, live-short, spec/);
    await expect(startEmulator({ clock: manualClock(), dialect: "klingon" as Dialect })).rejects.toThrow(
      /not "klingon"/,
    );
  });

  it("POST /__emulator/items/{id} marks an item unavailable and available again", async () => {
    const marked = await ctx.api.post("/__emulator/items/21", { unavailable: true });
    expect(marked.body).toEqual({ message: "OK", data: { id: 21, unavailable: true } });
    const refused = await ctx.api.buy("ml", 21, 1, "12345678(1234)");
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: "PRODUCT_TEMPORARILY_UNAVAILABLE" });
    expect(await ctx.api.balance()).toBe(START_BALANCE);

    expect((await ctx.api.post("/__emulator/items/21", { unavailable: false })).body.data).toEqual({
      id: 21,
      unavailable: false,
    });
    expect((await ctx.api.buy("ml", 21, 1, "12345678(1234)")).status).toBe(200);
  });

  it("refuses a mark that is not true or false, and an item that does not exist", async () => {
    const invalid = await ctx.api.post("/__emulator/items/12", { unavailable: "yes" });
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      message: "VALIDATION_ERROR",
      errors: { unavailable: ["The unavailable field must be true or false."] },
    });
    const missing = await ctx.api.post("/__emulator/items/999", { unavailable: true });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "ITEM_NOT_FOUND" });
  });
});

describe("reseller emulator --dialect", () => {
  it("answers in the dialect asked for and says which on stderr", async () => {
    const emulator = await runEmulatorCommand({ port: 0, dialect: "live-short" });
    const out = emulator.out();
    expect(emulator.err()).toContain("Answering in the live-short dialect");
    const baseUrl = /^export RESELLER_BASE_URL=(\S+)$/m.exec(out)![1]!;
    const apiKey = /^export RESELLER_API_KEY=(\S+)$/m.exec(out)![1]!;
    expect(
      await (await fetch(`${baseUrl}/__emulator/dialect`, { headers: { "X-APIKEY": apiKey } })).json(),
    ).toMatchObject({ dialect: "live-short" });
    await emulator.stop();
  });
});
