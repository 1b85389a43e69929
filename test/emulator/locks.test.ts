import { describe, expect, it } from "vitest";
import { startEmulator, manualClock } from "../../src/emulator/server.js";
import { advanceSeconds, ServiceCaller, useEmulator } from "./fixture.js";

const ctx = useEmulator();

const lock = (itemId: number, quantity: number, lockDuration?: number) =>
  ctx.api.post("/v1/item/lock", { item_id: itemId, quantity, lock_duration: lockDuration });
const stockOf = async (itemId: number) => (await ctx.api.get(`/v1/item/${itemId}`)).body.data.stock as number;
const rivalKey = () => ctx.emulator.accounts[1]!.apiKey;

describe("POST /v1/item/lock", () => {
  it("reserves stock and answers the lock envelope", async () => {
    const reply = await lock(3, 4, 120);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      success: true,
      data: {
        lock_token: expect.stringMatching(/^LCK-[A-Z0-9]{16}$/),
        item_id: 3,
        quantity: 4,
        locked_at: "2026-11-21T14:30:00Z",
        expires_at: "2026-11-21T14:32:00Z",
      },
    });
    expect(await stockOf(3)).toBe(11);
  });

  it("defaults to 600 seconds", async () => {
    const reply = await lock(3, 1);
    expect(reply.body.data.expires_at).toBe("2026-11-21T14:40:00Z");
  });

  it("validates lock_duration between 60 and 600 and the required fields", async () => {
    for (const duration of [59, 601]) {
      const reply = await lock(3, 1, duration);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        message: "VALIDATION_ERROR",
        errors: { lock_duration: ["The lock duration field must be between 60 and 600."] },
      });
    }
    const missing = await ctx.api.post("/v1/item/lock", {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(["item_id", "quantity"]);
  });

  it("answers 404 ITEM_NOT_FOUND for missing and inactive items", async () => {
    for (const id of [999, 9]) {
      const reply = await lock(id, 1);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "ITEM_NOT_FOUND" });
    }
  });

  it("answers 422 LOCK_NOT_REQUIRED for unlimited items", async () => {
    for (const id of [12, 23, 10]) {
      const reply = await lock(id, 100);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ message: "LOCK_NOT_REQUIRED" });
    }
  });

  it("answers 422 MINIMUM_ORDER_NOT_MET under min_order", async () => {
    const reply = await lock(28, 4);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ message: "MINIMUM_ORDER_NOT_MET" });
    expect((await lock(28, 5)).status).toBe(200);
  });

  it("answers 422 INSUFFICIENT_STOCK, counting other resellers' locks", async () => {
    expect((await lock(2, 4)).body).toEqual({ message: "INSUFFICIENT_STOCK" });
    expect((await ctx.api.as(rivalKey()).post("/v1/item/lock", { item_id: 2, quantity: 2 })).status).toBe(200);
    const reply = await lock(2, 2);
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({ message: "INSUFFICIENT_STOCK" });
    // Nor can the stock be bought around the lock.
    expect((await ctx.api.buy("around", 2, 2)).body).toEqual({ message: "INSUFFICIENT_STOCK" });
    expect((await ctx.api.buy("beside", 2, 1)).status).toBe(200);
  });

  it("answers 429 MAX_ACTIVE_LOCKS_REACHED at 10 active locks; expired ones free a place", async () => {
    for (let i = 0; i < 10; i++) expect((await lock(4, 1, 60 + i * 60)).status).toBe(200);
    const refused = await lock(4, 1);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: "MAX_ACTIVE_LOCKS_REACHED" });
    // Another account has its own cap.
    expect((await ctx.api.as(rivalKey()).post("/v1/item/lock", { item_id: 4, quantity: 1 })).status).toBe(200);
    advanceSeconds(ctx.emulator, 60);
    expect((await lock(4, 1)).status).toBe(200);
  });

  it("takes the cap from the options", async () => {
    const emulator = await startEmulator({ clock: manualClock(), maxActiveLocks: 2 });
    try {
      const api = new ServiceCaller(emulator);
      expect((await api.post("/v1/item/lock", { item_id: 3, quantity: 1 })).status).toBe(200);
      expect((await api.post("/v1/item/lock", { item_id: 3, quantity: 1 })).status).toBe(200);
      expect((await api.post("/v1/item/lock", { item_id: 3, quantity: 1 })).status).toBe(429);
    } finally {
      await emulator.close();
    }
  });
});

describe("GET /v1/item/lock", () => {
  it("lists only the caller's active locks with remaining_seconds", async () => {
    const first = (await lock(3, 1, 300)).body.data;
    const released = (await lock(3, 1)).body.data;
    await ctx.api.delete(`/v1/item/lock/${released.lock_token}`);
    await ctx.api.as(rivalKey()).post("/v1/item/lock", { item_id: 3, quantity: 1 });
    advanceSeconds(ctx.emulator, 100.5);
    const reply = await ctx.api.get("/v1/item/lock");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, data: [{ ...first, remaining_seconds: 200 }] });
  });
});

describe("lock expiry", () => {
  it("returns the stock when the lock expires on the clock", async () => {
    const token = (await lock(6, 5, 60)).body.data.lock_token;
    expect(await stockOf(6)).toBe(0);
    expect((await ctx.api.buy("blocked", 6, 1)).body).toEqual({ message: "INSUFFICIENT_STOCK" });
    advanceSeconds(ctx.emulator, 59);
    expect(await stockOf(6)).toBe(0);
    advanceSeconds(ctx.emulator, 1);
    expect(await stockOf(6)).toBe(5);
    expect((await ctx.api.get("/v1/item/lock")).body.data).toEqual([]);
    expect(ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.locks[0]).toMatchObject({
      lock_token: token,
      status: "expired",
    });
  });
});

describe("DELETE /v1/item/lock/{token}", () => {
  it("releases the lock and its stock at once", async () => {
    const data = (await lock(5, 3)).body.data;
    expect(await stockOf(5)).toBe(7);
    const reply = await ctx.api.delete(`/v1/item/lock/${data.lock_token}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: "LOCK_RELEASED_OK", data: { ...data, status: "released" } });
    expect(await stockOf(5)).toBe(10);
  });

  it("answers 404 LOCK_NOT_FOUND for unknown tokens and other accounts' locks", async () => {
    const theirs = (await ctx.api.as(rivalKey()).post("/v1/item/lock", { item_id: 5, quantity: 1 })).body.data
      .lock_token;
    for (const token of ["LCK-NOPE", theirs]) {
      const reply = await ctx.api.delete(`/v1/item/lock/${token}`);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "LOCK_NOT_FOUND" });
    }
  });

  it("answers 422 LOCK_RELEASED, LOCK_EXPIRED and LOCK_ALREADY_USED for locks no longer active", async () => {
    const released = (await lock(5, 1)).body.data.lock_token;
    await ctx.api.delete(`/v1/item/lock/${released}`);
    const expired = (await lock(5, 1, 60)).body.data.lock_token;
    const used = (await lock(5, 1)).body.data.lock_token;
    await ctx.api.buy("uses-lock", 5, 1, undefined, used);
    advanceSeconds(ctx.emulator, 60);
    const expectations: [string, string][] = [
      [released, "LOCK_RELEASED"],
      [expired, "LOCK_EXPIRED"],
      [used, "LOCK_ALREADY_USED"],
    ];
    for (const [token, code] of expectations) {
      const reply = await ctx.api.delete(`/v1/item/lock/${token}`);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ message: code });
    }
  });
});

describe("POST /v1/trx with lock_token", () => {
  it("consumes the reserved stock and uses the lock up", async () => {
    const token = (await lock(2, 3)).body.data.lock_token;
    // Another reseller cannot take the reserved units meanwhile.
    expect((await ctx.api.as(rivalKey()).buy("rival-try", 2, 1)).body).toEqual({ message: "INSUFFICIENT_STOCK" });
    const reply = await ctx.api.buy("with-lock", 2, 3, undefined, token);
    expect(reply.status).toBe(200);
    expect(await stockOf(2)).toBe(0);
    expect((await ctx.api.get("/v1/item/lock")).body.data).toEqual([]);
    advanceSeconds(ctx.emulator, 2);
    expect((await ctx.api.get("/v1/trx/with-lock")).body.data.items[0].product_license.split("\n")).toHaveLength(3);
    // The lock's expiry later gives nothing back: the units were sold.
    advanceSeconds(ctx.emulator, 600);
    expect(await stockOf(2)).toBe(0);
  });

  it("answers 404 LOCK_NOT_FOUND for unknown tokens and other accounts' locks", async () => {
    const theirs = (await ctx.api.as(rivalKey()).post("/v1/item/lock", { item_id: 3, quantity: 1 })).body.data
      .lock_token;
    for (const [index, token] of ["LCK-UNKNOWN", theirs].entries()) {
      const reply = await ctx.api.buy(`lock-404-${index}`, 3, 1, undefined, token);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: "LOCK_NOT_FOUND" });
    }
    expect(await ctx.api.balance()).toBe(2_500_000);
  });

  it("answers 422 LOCK_EXPIRED for an expired or released lock", async () => {
    const expired = (await lock(3, 1, 60)).body.data.lock_token;
    const released = (await lock(3, 1)).body.data.lock_token;
    await ctx.api.delete(`/v1/item/lock/${released}`);
    advanceSeconds(ctx.emulator, 60);
    for (const [index, token] of [expired, released].entries()) {
      const reply = await ctx.api.buy(`lock-gone-${index}`, 3, 1, undefined, token);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ message: "LOCK_EXPIRED" });
    }
  });

  it("answers 422 LOCK_ALREADY_USED when the lock bought before", async () => {
    const token = (await lock(3, 1)).body.data.lock_token;
    expect((await ctx.api.buy("first-use", 3, 1, undefined, token)).status).toBe(200);
    const again = await ctx.api.buy("second-use", 3, 1, undefined, token);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: "LOCK_ALREADY_USED" });
  });

  it("answers 422 LOCK_MISMATCH when the carts do not buy exactly the locked item and quantity", async () => {
    const token = (await lock(3, 2)).body.data.lock_token;
    for (const [index, [itemId, quantity]] of [
      [3, 1],
      [4, 2],
    ].entries()) {
      const reply = await ctx.api.buy(`mismatch-${index}`, itemId!, quantity!, undefined, token);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ message: "LOCK_MISMATCH" });
    }
    // The lock is still good for the right cart.
    expect((await ctx.api.buy("match", 3, 2, undefined, token)).status).toBe(200);
  });
});
