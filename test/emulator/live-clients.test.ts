/**
 * The emulator as other people's live clients meet the service (real-service-notes §12): the nested
 * catalogue by default, the `/api/v1` base, the account-check services list, category by id, empty lock
 * lists as 404, game notes `id|zone`, and the switches for the shapes only some clients meet.
 */
import { describe, expect, it } from "vitest";
import { startEmulator } from "../../src/emulator/server.js";
import { advanceSeconds, useEmulator } from "./fixture.js";

const variantIds = (body: any): number[] =>
  body.data.flatMap((c: any) => c.products.flatMap((p: any) => p.variants.map((v: any) => v.id)));

describe("startEmulator with no options", () => {
  it("serves the catalogue nested, with meta and server_time, and answers under /api/v1 as at the root", async () => {
    const emulator = await startEmulator({ port: 0 });
    try {
      const get = (path: string) =>
        fetch(emulator.baseUrl + path, {
          headers: { "X-APIKEY": emulator.demoApiKey, Accept: "application/json" },
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
      const root = await get("/v1/item?per_page=all");
      expect(root.status).toBe(200);
      expect(root.body.data[0]).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        products: expect.arrayContaining([expect.objectContaining({ variants: expect.any(Array) })]),
      });
      expect(root.body.meta).toEqual({ total_items: variantIds(root.body).length, is_delta: false });
      expect(root.body.server_time).toEqual(expect.any(String));
      const underApi = await get("/api/v1/item?per_page=all");
      expect(underApi.body.data).toEqual(root.body.data);
      expect((await get("/api/v1/balance")).body.data.balance).toBe(2_500_000);
      expect((await get("/api/v2/balance")).status).toBe(404);
    } finally {
      await emulator.close();
    }
  });
});

describe("live", () => {
  const ctx = useEmulator({ dialect: "live" });

  it("filters the catalogue by category name, slug or numeric id alike", async () => {
    const byName = variantIds((await ctx.api.get("/v1/item?category=Top+Up+Game")).body);
    expect(byName).toEqual([21, 22]);
    const categories = (await ctx.api.get("/v1/item?per_page=all")).body.data;
    const id = categories.find((c: any) => c.name === "Top Up Game").id;
    expect(variantIds((await ctx.api.get(`/v1/item?category=${id}`)).body)).toEqual(byName);
    expect(variantIds((await ctx.api.get("/v1/item?category=top-up-game")).body)).toEqual(byName);
  });

  it("GET /v1/validation/services lists the products with an account check, searched by name", async () => {
    const all = await ctx.api.get("/v1/validation/services");
    expect(all.status).toBe(200);
    expect(all.body.data.map((p: any) => p.product_name)).toEqual(["Mobile Legends", "Free Fire"]);
    expect(all.body.meta).toEqual({ total_products: 2, total_items: 2 });
    const ml = await ctx.api.get("/v1/validation/services?search=legends");
    expect(ml.body.data).toEqual([
      {
        product_id: expect.any(Number),
        product_name: "Mobile Legends",
        validation: { available: true, endpoint: "/api/v1/item/validate", requires_zone_id: true },
        variants: [
          { item_id: 21, name: "Mobile Legends 86 Diamonds", sku: expect.any(String), price: 21_500, status: "on" },
        ],
      },
    ]);
    expect((await ctx.api.get("/v1/validation/services?search=netflix")).body).toEqual({
      message: "OK",
      data: [],
      meta: { total_products: 0, total_items: 0 },
    });
  });

  it("answers an empty lock list with 404 ITEM_NOT_FOUND, and a list once a lock is held", async () => {
    const empty = await ctx.api.get("/v1/item/lock");
    expect(empty.status).toBe(404);
    expect(empty.body).toEqual({ message: "ITEM_NOT_FOUND" });
    const lock = await ctx.api.post("/v1/item/lock", { item_id: 3, quantity: 1 });
    const held = await ctx.api.get("/v1/item/lock");
    expect(held.body.data.map((l: any) => l.lock_token)).toEqual([lock.body.data.lock_token]);
  });

  it("delivers a game note written id|zone, as the documentation's sample, like id(zone)", async () => {
    await ctx.api.buy("pipe", 21, 1, "12345678|1234");
    await ctx.api.buy("paren", 21, 1, "12345678(1234)");
    advanceSeconds(ctx.emulator, 5);
    for (const ref of ["pipe", "paren"]) {
      const detail = (await ctx.api.get(`/v1/trx/${ref}`)).body;
      expect(detail.data.status, ref).toBe("completed");
      expect(detail.h2h_results[0]).toMatchObject({ dispatch_status: "completed", sn: expect.stringMatching(/^\d+$/) });
    }
  });

  it("licence_field list: licences only in licenses[], product_license null", async () => {
    ctx.emulator.faults.configure({ licence_field: "list" });
    await ctx.api.buy("two", 3, 2);
    advanceSeconds(ctx.emulator, 2);
    const item = (await ctx.api.get("/v1/trx/two")).body.data.items[0];
    expect(item.product_license).toBeNull();
    expect(item.licenses).toEqual([
      { product_license: expect.stringMatching(/^Email: spt\./), note: null },
      { product_license: expect.stringMatching(/^Email: spt\./), note: null },
    ]);
    expect(item.licenses[0].product_license).not.toBe(item.licenses[1].product_license);
  });

  it("channel_keys service: service/type/minimum/maximum/fee_flat/fee_percentage/status, a percent fee charged, an off channel refused", async () => {
    const documented = (await ctx.api.get("/v1/balance/channels")).body.data;
    expect(documented[0]).toEqual({
      code: "QRIS",
      name: expect.any(String),
      fee: 750,
      min_amount: 10_000,
      max_amount: 5_000_000,
    });
    expect(documented.map((c: any) => c.code)).not.toContain("GOPAY");
    ctx.emulator.faults.configure({ channel_keys: "service" });
    const other = (await ctx.api.get("/v1/balance/channels")).body.data;
    expect(other.find((c: any) => c.service === "GOPAY")).toEqual({
      service: "GOPAY",
      name: "GoPay",
      type: "ewallet",
      minimum: 10_000,
      maximum: 2_000_000,
      fee_flat: 500,
      fee_percentage: 1.5,
      status: "on",
    });
    expect(other.find((c: any) => c.service === "LINKAJA")).toMatchObject({ status: "off" });
    const topUp = await ctx.api.post("/v1/balance", { amount: 100_001, channel: "GOPAY" });
    // 500 + 1.5 % of 100.001 (1.500,015) rounded up.
    expect(topUp.body.data).toMatchObject({ amount: 100_001, fee: 2_001, total: 102_002 });
    const off = await ctx.api.post("/v1/balance", { amount: 50_000, channel: "LINKAJA" });
    expect(off.status).toBe(422);
    expect(off.body.errors.channel).toEqual(["The selected channel is not active."]);
  });

  it("top_up_link qr_link: a QR link and an invoice, no payment page; both: the two", async () => {
    ctx.emulator.faults.configure({ top_up_link: "qr_link" });
    const qr = (await ctx.api.post("/v1/balance", { amount: 50_000, channel: "QRIS" })).body.data;
    expect(qr).not.toHaveProperty("payment_url");
    expect(qr).toMatchObject({
      qr_link: expect.stringContaining("/pay/"),
      invoice: expect.stringMatching(/^DEP[A-Z0-9]{12}$/),
      amount: 50_000,
      fee: 750,
      total: 50_750,
    });
    const page = await fetch(qr.qr_link);
    expect(page.status).toBe(200);
    ctx.emulator.faults.configure({ top_up_link: "both" });
    const both = (await ctx.api.post("/v1/balance", { amount: 50_000, channel: "QRIS" })).body.data;
    expect(both).toMatchObject({
      payment_url: expect.stringContaining("/pay/"),
      qr_link: expect.stringContaining("/pay/"),
      invoice: expect.any(String),
    });
  });

  it("per_page_all_latency_ms: only per_page=all is slow; a client with a deadline gets pages but not the whole", async () => {
    ctx.emulator.faults.configure({ per_page_all_latency_ms: 5_000 });
    const withDeadline = (path: string) =>
      fetch(ctx.emulator.baseUrl + path, {
        headers: { "X-APIKEY": ctx.emulator.demoApiKey, Accept: "application/json" },
        signal: AbortSignal.timeout(1_500),
      }).then((r) => r.status);
    expect(await withDeadline("/v1/item?per_page=500")).toBe(200);
    expect(await withDeadline("/v1/item?per_page=500&updated_since=2020-01-01")).toBe(200);
    await expect(withDeadline("/v1/item?per_page=all")).rejects.toThrow();
  });

  it("refuses a shape switch it does not know, naming the field", async () => {
    const reply = await ctx.api.post("/__emulator/faults", {
      channel_keys: "keys",
      top_up_link: 1,
      catalogue_shape: "round",
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors).sort()).toEqual(["catalogue_shape", "channel_keys", "top_up_link"]);
  });
});

describe("live-short", () => {
  const ctx = useEmulator({ dialect: "live-short" });

  it("releases a lock with {success:true, message:LOCK_RELEASED} and no data; an empty list is 404", async () => {
    const lock = (await ctx.api.post("/v1/item/lock", { item_id: 3, quantity: 1 })).body.data;
    const released = await ctx.api.delete(`/v1/item/lock/${lock.lock_token}`);
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ success: true, message: "LOCK_RELEASED" });
    expect((await ctx.api.get("/v1/item/lock")).status).toBe(404);
  });
});

describe("spec", () => {
  const ctx = useEmulator({ dialect: "spec" });

  it("keeps the flat catalogue and an empty lock list as an empty list", async () => {
    const catalogue = (await ctx.api.get("/v1/item?per_page=all")).body.data;
    expect(catalogue.find((i: any) => i.id === 12)).toMatchObject({ id: 12, category: "Pulsa" });
    expect(await ctx.api.get("/v1/item/lock")).toMatchObject({ status: 200, body: { success: true, data: [] } });
  });
});
