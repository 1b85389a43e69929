/**
 * The emulator's account check, open-amount orders, required fields, transaction list and balance
 * history, over real HTTP: the rules a rehearsal relies on, in the dialect each test names.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "./fixture.js";

const openNote = (fields: Record<string, unknown>) => JSON.stringify(fields);

describe("POST /v1/item/validate", () => {
  const ctx = useEmulator({ dialect: "live" });

  it("names the account behind an id, the same name every time, cached the second time", async () => {
    const first = await ctx.api.post("/v1/item/validate", { item_id: 21, customer_id: "12345678", zone_id: "1234" });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      message: "OK",
      data: {
        display_name: "SultanMabar (Indonesia)",
        account_name: "SultanMabar",
        region: "Indonesia",
        cached: false,
      },
    });
    const again = await ctx.api.post("/v1/item/validate", { item_id: 21, customer_id: 12345678, zone_id: 1234 });
    expect(again.body.data).toMatchObject({ account_name: "SultanMabar", cached: true });
  });

  it("refuses what it cannot check: no such account, no zone, an item without a check, an unknown item", async () => {
    expect((await ctx.api.post("/v1/item/validate", { item_id: 22, customer_id: "99990000" })).body).toEqual({
      message: "ACCOUNT_NOT_FOUND",
    });
    const noZone = await ctx.api.post("/v1/item/validate", { item_id: 21, customer_id: "12345678" });
    expect([noZone.status, noZone.body]).toEqual([
      422,
      { message: "VALIDATION_ERROR", errors: { zone_id: ["The zone id field is required."] } },
    ]);
    const notGame = await ctx.api.post("/v1/item/validate", { item_id: 12, customer_id: "081234567890" });
    expect([notGame.status, notGame.body.message]).toEqual([422, "VALIDATION_NOT_AVAILABLE"]);
    expect((await ctx.api.post("/v1/item/validate", { item_id: 9, customer_id: "12345" })).status).toBe(404);
    const empty = await ctx.api.post("/v1/item/validate", {});
    expect(Object.keys(empty.body.errors)).toEqual(["item_id", "customer_id"]);
  });

  it("live-short says USER_NOT_FOUND and adds details", async () => {
    ctx.emulator.setDialect("live-short");
    expect((await ctx.api.post("/v1/item/validate", { item_id: 22, customer_id: "99990000" })).body).toEqual({
      message: "USER_NOT_FOUND",
    });
    const found = await ctx.api.post("/v1/item/validate", { item_id: 22, customer_id: "123456789" });
    expect(found.body.data).toMatchObject({
      account_name: "RajaBooyah",
      details: { item_id: 22, customer_id: "123456789" },
    });
  });
});

describe("open amounts and required fields in POST /v1/trx", () => {
  const ctx = useEmulator({ dialect: "live" });

  it("item 29 declares its range and fields", async () => {
    const item = (await ctx.api.get("/v1/item/29")).body.data;
    expect(item.provider_meta).toEqual({
      open_denom: true,
      min_qty: 10_000,
      max_qty: 2_000_000,
      step_qty: 1_000,
      qty_label: "Nominal",
    });
    expect(item.required_fields).toEqual([
      { key: "note", label: "Nomor HP", required: true },
      { key: "provider_qty", label: "Nominal", required: true, min: 10_000, max: 2_000_000 },
    ]);
  });

  it("charges the amount asked plus the price, and delivers to the note's target", async () => {
    const before = await ctx.api.balance();
    const reply = await ctx.api.buy("open-1", 29, 1, openNote({ target: "081234567890", provider_qty: 50_000 }));
    expect(reply.status).toBe(200);
    expect(reply.body.data.amount).toBe(51_000);
    expect(await ctx.api.balance()).toBe(before - 51_000);
    ctx.emulator.clock.advance(10_000);
    const detail = (await ctx.api.get("/v1/trx/open-1")).body;
    expect(detail.data.status).toBe("completed");
    expect(ctx.emulator.requestBodies("/v1/trx").at(-1)!.body).toMatchObject({
      carts: [{ note: openNote({ target: "081234567890", provider_qty: 50_000 }) }],
    });
  });

  it("refuses a missing field with REQUIRED_FIELD_MISSING and an amount off the range or step with VALIDATION_ERROR, charging nothing", async () => {
    const before = await ctx.api.balance();
    const plain = await ctx.api.buy("open-2", 29, 1, "081234567890");
    expect([plain.status, plain.body]).toEqual([
      422,
      {
        message: "REQUIRED_FIELD_MISSING",
        errors: {
          "carts.0.note": ["The target field is required."],
          "carts.0.provider_qty": ["The Nominal field is required."],
        },
      },
    ]);
    const low = await ctx.api.buy("open-3", 29, 1, openNote({ target: "081234567890", provider_qty: 5_000 }));
    expect(low.body.errors).toEqual({
      "carts.0.provider_qty": ["The provider qty field must be between 10000 and 2000000."],
    });
    const step = await ctx.api.buy("open-4", 29, 1, openNote({ target: "081234567890", provider_qty: 10_500 }));
    expect(step.body.errors).toEqual({
      "carts.0.provider_qty": ["The provider qty field must be a multiple of 1000."],
    });
    const noNote = await ctx.api.buy("h2h-1", 12, 1);
    expect([noNote.status, noNote.body]).toEqual([
      422,
      { message: "REQUIRED_FIELD_MISSING", errors: { "carts.0.note": ["The Nomor HP field is required."] } },
    ]);
    expect(await ctx.api.balance()).toBe(before);
  });

  it("a game id nobody has fails at dispatch with USER_NOT_FOUND and is refunded", async () => {
    const before = await ctx.api.balance();
    await ctx.api.buy("ff-nobody", 22, 1, "99990001");
    ctx.emulator.clock.advance(10_000);
    const detail = (await ctx.api.get("/v1/trx/ff-nobody")).body;
    expect(detail.h2h_results[0].sn).toBe("failed: USER_NOT_FOUND");
    expect(await ctx.api.balance()).toBe(before);
  });
});

describe("GET /v1/trx and GET /v1/balance/mutations", () => {
  const ctx = useEmulator({ dialect: "live" });

  it("lists transactions newest first, a page at a time, one status at a time", async () => {
    for (const ref of ["a", "b", "c"]) {
      await ctx.api.buy(ref, 12, 1, "081234567890");
      ctx.emulator.clock.advance(1_000);
    }
    const page = (await ctx.api.get("/v1/trx?per_page=2")).body;
    expect(page.data.transactions.map((t: any) => t.ref_id)).toEqual(["c", "b"]);
    expect(page.data.pagination).toEqual({ current_page: 1, per_page: 2, total: 3, last_page: 2 });
    expect((await ctx.api.get("/v1/trx?page=2&per_page=2")).body.data.transactions.map((t: any) => t.ref_id)).toEqual([
      "a",
    ]);
    expect((await ctx.api.get("/v1/trx?status=completed")).body.data.transactions).toEqual([]);
    expect((await ctx.api.get("/v1/trx?status=paid")).body.data.transactions).toHaveLength(3);
    expect((await ctx.api.get("/v1/trx?status=lost")).status).toBe(422);
    expect((await ctx.api.get("/v1/trx?per_page=0")).status).toBe(422);
    ctx.emulator.setDialect("live-short");
    expect((await ctx.api.get("/v1/trx")).body.data.map((t: any) => Object.keys(t))[0]).toEqual([
      "id",
      "invoice",
      "ref_id",
      "amount",
      "status",
      "created_at",
    ]);
  });

  it("writes down every change of the balance: purchase, refund, paid top-up, adjustment, each with the balance either side", async () => {
    const start = await ctx.api.balance();
    await ctx.api.buy("bad-number", 12, 1, "0000");
    ctx.emulator.clock.advance(10_000);
    await ctx.api.balance(); // the refund is credited as the service is next asked
    const link = (await ctx.api.post("/v1/balance", { amount: 50_000, channel: "QRIS" })).body.data
      .payment_url as string;
    await fetch(link, { method: "POST" });
    ctx.emulator.setBalance(ctx.emulator.demoApiKey, 1_000_000);
    const rows = (await ctx.api.get("/v1/balance/mutations")).body.data;
    expect(start + 50_000).toBeGreaterThan(1_000_000);
    expect(rows.map((m: any) => [m.type, m.direction, m.amount])).toEqual([
      ["adjustment", "debit", start + 50_000 - 1_000_000],
      ["topup", "credit", 50_000],
      ["refund", "credit", 11_500],
      ["purchase", "debit", 11_500],
    ]);
    expect(rows.at(-1)).toMatchObject({
      balance_before: start,
      balance_after: start - 11_500,
      invoice: expect.stringMatching(/^INV-/),
    });
    expect(rows[0].balance_after).toBe(1_000_000);
  });
});
