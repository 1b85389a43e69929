import { describe, expect, it } from "vitest";
import { maskName } from "../../src/emulator/leaderboard.js";
import { advanceSeconds, useEmulator } from "./fixture.js";

const ctx = useEmulator();

describe("authentication and routing", () => {
  it("refuses a missing or unknown API key with 401 INVALID_API_KEY", async () => {
    for (const key of [null, "rk_demo_wrong_key_000000000"]) {
      const reply = await ctx.api.as(key).get("/v1/balance");
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ message: "INVALID_API_KEY" });
    }
  });

  it("answers JSON with the utf-8 content type", async () => {
    const reply = await ctx.api.get("/v1/balance");
    expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });

  it("requires Accept: application/json on GET /v1/balance only", async () => {
    const reply = await ctx.api.get("/v1/balance", { Accept: "*/*" });
    expect(reply.status).toBe(406);
    expect(reply.body).toEqual({ message: "ACCEPT_HEADER_REQUIRED" });
    expect((await ctx.api.get("/v1/balance/channels", { Accept: "*/*" })).status).toBe(200);
  });

  it("answers unknown routes with 404 ROUTE_NOT_FOUND and a wrong method with 405", async () => {
    expect((await ctx.api.get("/v1/nope")).body).toEqual({ message: "ROUTE_NOT_FOUND" });
    expect((await ctx.api.get("/v1/nope")).status).toBe(404);
    expect((await ctx.api.get("/elsewhere")).status).toBe(404);
    const wrongMethod = await ctx.api.delete("/v1/balance");
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, POST");
  });

  it("refuses a malformed JSON body with 400 INVALID_JSON", async () => {
    const reply = await ctx.api.post("/v1/trx", "{not json");
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ message: "INVALID_JSON" });
    expect((await ctx.api.post("/v1/trx", "[1,2]")).body).toEqual({ message: "INVALID_JSON" });
  });
});

describe("GET /v1/balance", () => {
  it("reads the demo balance", async () => {
    const reply = await ctx.api.get("/v1/balance");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: "OK", data: { balance: 2_500_000 } });
  });

  it("has a deterministic demo key and several rival accounts", () => {
    expect(ctx.emulator.demoApiKey).toMatch(/^rk_demo_.{16,}$/);
    expect(ctx.emulator.accounts.length).toBeGreaterThanOrEqual(12);
    expect(new Set(ctx.emulator.accounts.map((account) => account.apiKey)).size).toBe(ctx.emulator.accounts.length);
  });
});

describe("GET /v1/item/{id}", () => {
  it("shows an auto item with its finite stock and min_order", async () => {
    const reply = await ctx.api.get("/v1/item/1");
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe("OK");
    expect(reply.body.data).toMatchObject({
      id: 1,
      stock: 12,
      unlimited_stock: false,
      min_order: 1,
      order_process: "auto",
      product_name: "Netflix",
    });
    expect(typeof reply.body.data.name).toBe("string");
    expect(typeof reply.body.data.price).toBe("number");
    expect(typeof reply.body.data.description).toBe("string");
  });

  it("shows item 12 as unlimited h2h pulsa", async () => {
    const reply = await ctx.api.get("/v1/item/12");
    expect(reply.body.data).toMatchObject({
      id: 12,
      stock: -1,
      unlimited_stock: true,
      order_process: "h2h",
      name: "Pulsa Telkomsel 10.000",
    });
  });

  it("shows smm items with their min_order", async () => {
    expect((await ctx.api.get("/v1/item/23")).body.data).toMatchObject({ order_process: "smm", min_order: 100 });
  });

  it("answers 404 ITEM_NOT_FOUND for unknown and inactive items", async () => {
    for (const id of [999, 9]) {
      const reply = await ctx.api.get(`/v1/item/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "ITEM_NOT_FOUND" });
    }
  });

  it("answers 422 VALIDATION_ERROR for a non-integer id", async () => {
    const reply = await ctx.api.get("/v1/item/abc");
    expect(reply.status).toBe(422);
    expect(reply.body.message).toBe("VALIDATION_ERROR");
    expect(reply.body.errors.id).toHaveLength(1);
  });
});

describe("leaderboard", () => {
  it("lists the top 10 with masked names", async () => {
    const reply = await ctx.api.get("/v1/leaderboard");
    expect(reply.status).toBe(200);
    const entries = reply.body.data as { rank: number; name: string; total_transactions: number }[];
    expect(entries.map((entry) => entry.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(entries[0]).toEqual({ rank: 1, name: "To** Ma**** Ja**", total_transactions: 1240 });
    const totals = entries.map((entry) => entry.total_transactions);
    expect([...totals].sort((a, b) => b - a)).toEqual(totals);
    for (const entry of entries) expect(entry.name).toContain("*");
  });

  it("masks each word down to its first letters", () => {
    expect(maskName("Toko Maju")).toBe("To** Ma**");
    expect(maskName("Kios 24 Jam")).toBe("Ki** 2* Ja*");
  });

  it("counts the caller's own transactions this month in the ranking and points", async () => {
    const before = (await ctx.api.get("/v1/leaderboard/profile")).body.data;
    expect(before).toEqual({ rank: 13, total_transactions: 0, points: 0 });
    expect((await ctx.api.buy("lb-1", 14, 1, "081234567890")).status).toBe(200); // Rp 50.500
    expect((await ctx.api.buy("lb-2", 12, 1, "081234567890")).status).toBe(200); // Rp 11.500
    const after = (await ctx.api.get("/v1/leaderboard/profile")).body;
    expect(after).toEqual({ message: "OK", data: { rank: 13, total_transactions: 2, points: 62 } });
  });

  it("drops failed transactions from the count and refunds from the points", async () => {
    await ctx.api.buy("lb-fail", 12, 1, "not-a-number");
    advanceSeconds(ctx.emulator, 6);
    expect((await ctx.api.get("/v1/leaderboard/profile")).body.data).toMatchObject({
      total_transactions: 0,
      points: 0,
    });
  });

  it("ranks the demo account above the rival it passes", async () => {
    // The last rival has 41 sales this month; 42 purchases put the demo account just above it.
    const replies = await Promise.all(
      Array.from({ length: 42 }, (_, i) => ctx.api.buy(`rank-${i}`, 11, 1, "081234567890")),
    );
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    expect((await ctx.api.get("/v1/leaderboard/profile")).body.data).toMatchObject({
      rank: 12,
      total_transactions: 42,
    });
    const rival = ctx.emulator.accounts.find((account) => account.name === "Nusantara Akun Store")!;
    expect((await ctx.api.as(rival.apiKey).get("/v1/leaderboard/profile")).body.data).toMatchObject({
      rank: 13,
      total_transactions: 41,
    });
  });
});

describe("POST /v1/order/sandbox", () => {
  it("records a sandbox order without touching balance or stock", async () => {
    const reply = await ctx.api.post("/v1/order/sandbox", { ref_id: "sb-1", item_id: 1, quantity: 2 });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: "OK", data: { id: 1, ref_id: "sb-1", status: "sandbox" } });
    expect(await ctx.api.balance()).toBe(2_500_000);
    expect((await ctx.api.get("/v1/item/1")).body.data.stock).toBe(12);
    expect(ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.sandbox_orders).toHaveLength(1);
  });

  it("refuses a reused sandbox ref_id with 422 REF_ID_ALREADY_EXIST", async () => {
    await ctx.api.post("/v1/order/sandbox", { ref_id: "sb-dup", item_id: 12, quantity: 1 });
    const reply = await ctx.api.post("/v1/order/sandbox", { ref_id: "sb-dup", item_id: 12, quantity: 1 });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ message: "REF_ID_ALREADY_EXIST" });
  });

  it("validates its fields and its item", async () => {
    const invalid = await ctx.api.post("/v1/order/sandbox", { item_id: "x" });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(["item_id", "quantity", "ref_id"]);
    const missing = await ctx.api.post("/v1/order/sandbox", { ref_id: "sb-2", item_id: 9, quantity: 1 });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: "ITEM_NOT_FOUND" });
  });
});
