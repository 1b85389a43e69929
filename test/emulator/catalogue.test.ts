/**
 * GET /v1/item on the emulator: each dialect's shape, paging (per_page up to 500, or all), the
 * filters, the delta after a price change, the catalogue grown to thousands of variants, and the
 * control that makes `per_page=all` refused or ignored.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { RunningEmulator } from "../../src/emulator/server.js";
import { advanceSeconds, useEmulator } from "./fixture.js";

/** The variants' ids in the order listed, whether flat or nested categories → products → variants. */
const ids = (body: any): number[] =>
  body.data.flatMap((entry: any) =>
    entry.products ? entry.products.flatMap((p: any) => p.variants.map((v: any) => v.id)) : [entry.id],
  );
/** How many items the emulator has on sale: the seeded catalogue grows as the service's features do. */
const onSale = (emulator: RunningEmulator) => emulator.inspect().items.filter((item) => item.active).length;
const variantsOf = (body: any): any[] =>
  body.data.flatMap((c: any) =>
    c.products.flatMap((p: any) => p.variants.map((v: any) => ({ ...v, category: c.name, product: p.name }))),
  );

describe("live, version A's flat variants (catalogue_shape flat), category a name", () => {
  const ctx = useEmulator({ dialect: "live" });
  beforeEach(() => void ctx.emulator.faults.configure({ catalogue_shape: "flat" }));

  it("lists every item on sale with server_time and meta, the default page of 100", async () => {
    const reply = await ctx.api.get("/v1/item");
    expect(reply.status).toBe(200);
    expect(reply.body.meta).toEqual({
      total_items: onSale(ctx.emulator),
      is_delta: false,
      current_page: 1,
      per_page: 100,
      last_page: 1,
    });
    expect(reply.body.data).toHaveLength(onSale(ctx.emulator));
    expect(reply.body.server_time).toBe("2026-11-21T21:30:00+07:00");
    expect(ids(reply.body)).not.toContain(9); // withdrawn by the seller
    const item = reply.body.data.find((i: any) => i.id === 12);
    expect(item).toMatchObject({
      id: 12,
      name: "Pulsa Telkomsel 10.000",
      sku: "TSEL10",
      category: "Pulsa",
      product_name: "Pulsa Telkomsel",
      price: 11_500,
      stock: null,
      order_process: "h2h",
      min_order: 1,
      status: "on",
    });
    expect(item.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(reply.body.data.find((i: any) => i.id === 28)).toMatchObject({ stock: 60, min_order: 5, category: "Akun" });
  });

  it("filters by category (name or slug) and by product name", async () => {
    const byName = await ctx.api.get("/v1/item?category=Top+Up+Game");
    expect(ids(byName.body)).toEqual([21, 22]);
    expect(ids((await ctx.api.get("/v1/item?category=top-up-game")).body)).toEqual([21, 22]);
    expect(ids((await ctx.api.get("/v1/item?search=telkomsel")).body)).toEqual([11, 12, 13, 14]);
    expect((await ctx.api.get("/v1/item?search=telkomsel")).body.meta.total_items).toBe(4);
  });

  it("after a price change, updated_since lists that item alone, as a delta", async () => {
    const first = await ctx.api.get("/v1/item?per_page=all");
    advanceSeconds(ctx.emulator, 5);
    const changed = await ctx.api.post("/__emulator/items/12", { price: 12_000 });
    expect(changed.body).toEqual({ message: "OK", data: { id: 12, price: 12_000 } });
    const delta = await ctx.api.get(
      `/v1/item?per_page=all&updated_since=${encodeURIComponent(first.body.server_time)}`,
    );
    expect(delta.body.meta).toEqual({ total_items: 1, is_delta: true });
    expect(delta.body.data).toEqual([expect.objectContaining({ id: 12, price: 12_000 })]);
    expect(delta.body.server_time).toBe("2026-11-21T21:30:05+07:00");
    // Nothing changed since the delta's own time.
    const none = await ctx.api.get(`/v1/item?updated_since=${encodeURIComponent(delta.body.server_time)}`);
    expect(none.body.data).toEqual([]);
    // The item page says the new price too.
    expect((await ctx.api.get("/v1/item/12")).body.data.price).toBe(12_000);
  });

  it("refuses parameters Laravel would refuse, with field errors", async () => {
    for (const [query, field, message] of [
      ["per_page=501", "per_page", "The per page field must not be greater than 500."],
      ["per_page=abc", "per_page", "The per page field must be an integer."],
      ["per_page=0", "per_page", "The per page field must be at least 1."],
      ["page=0", "page", "The page field must be at least 1."],
      ["updated_since=yesterday", "updated_since", "The updated since field must be a valid date."],
    ]) {
      const reply = await ctx.api.get(`/v1/item?${query}`);
      expect(reply.status, query).toBe(422);
      expect(reply.body).toEqual({ message: "VALIDATION_ERROR", errors: { [field!]: [message] } });
    }
  });

  it("a new price must be a positive whole number; a mark still must be true or false", async () => {
    expect((await ctx.api.post("/__emulator/items/12", { price: 0 })).status).toBe(422);
    expect((await ctx.api.post("/__emulator/items/12", { price: "12000" })).status).toBe(422);
    expect((await ctx.api.post("/__emulator/items/12", {})).body.errors).toEqual({
      unavailable: ["The unavailable field must be true or false."],
    });
    expect((await ctx.api.post("/__emulator/items/999", { price: 5_000 })).status).toBe(404);
    expect((await ctx.api.post("/__emulator/items/12", { price: 9_000, unavailable: true })).body.data).toEqual({
      id: 12,
      unavailable: true,
      price: 9_000,
    });
  });
});

describe("live-short: categories → products → variants", () => {
  const ctx = useEmulator({ dialect: "live-short" });

  it("nests each variant under its product and category, named within its product", async () => {
    const reply = await ctx.api.get("/v1/item?per_page=all");
    expect(reply.body.meta).toEqual({ total_items: onSale(ctx.emulator), is_delta: false });
    const pulsa = reply.body.data.find((c: any) => c.name === "Pulsa");
    expect(pulsa).toMatchObject({ id: expect.any(Number), icon: expect.any(String) });
    const telkomsel = pulsa.products.find((p: any) => p.name === "Pulsa Telkomsel");
    expect(telkomsel.variants.map((v: any) => [v.id, v.name, v.sku])).toEqual([
      [11, "5.000", "TSEL5"],
      [12, "10.000", "TSEL10"],
      [13, "25.000", "TSEL25"],
      [14, "50.000", "TSEL50"],
    ]);
    const ml = variantsOf(reply.body).find((v) => v.id === 21);
    expect(ml).toMatchObject({
      name: "86 Diamonds",
      product: "Mobile Legends",
      category: "Top Up Game",
      validation: { available: true, requires_zone_id: true },
    });
    expect(ml).not.toHaveProperty("description");
    expect(variantsOf(reply.body)).toHaveLength(onSale(ctx.emulator));
  });
});

describe("spec: the spec's item, flat, with its category", () => {
  const ctx = useEmulator({ dialect: "spec" });

  it("lists the spec's fields plus category, sku and updated_at", async () => {
    const reply = await ctx.api.get("/v1/item");
    const item = reply.body.data.find((i: any) => i.id === 12);
    expect(item).toMatchObject({
      id: 12,
      name: "Pulsa Telkomsel 10.000",
      price: 11_500,
      stock: -1,
      unlimited_stock: true,
      min_order: 1,
      order_process: "h2h",
      product_name: "Pulsa Telkomsel",
      category: "Pulsa",
      sku: "TSEL10",
    });
    expect(reply.body.meta.total_items).toBe(onSale(ctx.emulator));
  });
});

describe("a catalogue of 1,200 variants", () => {
  const ctx = useEmulator({ dialect: "live", catalogueSize: 1200 });

  it("pages by 500 at most, every variant once, and answers all of them to per_page=all", async () => {
    const pages = [];
    for (const page of [1, 2, 3, 4]) pages.push((await ctx.api.get(`/v1/item?per_page=500&page=${page}`)).body);
    expect(pages.map((p) => ids(p).length)).toEqual([500, 500, 200, 0]);
    expect(pages.every((p) => p.meta.total_items === 1200 && p.meta.last_page === 3)).toBe(true);
    expect(pages.map((p) => p.meta.current_page)).toEqual([1, 2, 3, 4]);
    const paged = pages.flatMap(ids);
    expect(new Set(paged).size).toBe(1200);
    expect(ids((await ctx.api.get("/v1/item?per_page=all")).body)).toEqual(paged);
    expect(ids((await ctx.api.get("/v1/item")).body)).toHaveLength(100);
  });

  it("generates the same variants whatever else is asked, with SKUs of their own", async () => {
    const all = variantsOf((await ctx.api.get("/v1/item?per_page=all")).body);
    const generated = all.find((i: any) => i.id === 1001);
    expect(generated).toMatchObject({
      name: "5 Diamonds",
      product: "Mobile Legends Indonesia",
      sku: "MLID5",
      category: "Top Up Game",
      order_process: "h2h",
      validation: { available: true, requires_zone_id: true },
    });
    expect(new Set(all.map((i: any) => i.sku)).size).toBe(1200);
  });

  it("per_page=all refused (422) or ignored (100 a page), as the control surface sets it", async () => {
    expect((await ctx.api.post("/__emulator/catalogue", { per_page_all: "refused" })).body.data).toEqual({
      per_page_all: "refused",
      items: 1200,
    });
    const refused = await ctx.api.get("/v1/item?per_page=all");
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: "VALIDATION_ERROR",
      errors: { per_page: ["The per page field must be an integer."] },
    });
    await ctx.api.post("/__emulator/catalogue", { per_page_all: "ignored" });
    const ignored = await ctx.api.get("/v1/item?per_page=all");
    expect(ids(ignored.body)).toHaveLength(100);
    expect(ignored.body.meta.total_items).toBe(1200);
    expect((await ctx.api.post("/__emulator/catalogue", { per_page_all: "sometimes" })).status).toBe(422);
  });
});
