import { describe, expect, it } from "vitest";
import { until } from "../support/until.js";
import { advanceSeconds, useEmulator } from "./fixture.js";

const ctx = useEmulator();

const transactions = () => ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.transactions;
const control = (method: string, path: string, body?: unknown) => ctx.api.request(method, `/__emulator${path}`, body);

describe("fault injection", () => {
  it("is off by default", async () => {
    const status = ctx.emulator.faults.status();
    expect(status).toMatchObject({ latency_ms: 0, error_next: 0, down: false, random: null, match: null });
    expect(Object.values(status.injected).every((count) => count === 0)).toBe(true);
  });

  it("latency_ms delays each matching request", async () => {
    ctx.emulator.faults.configure({ latency_ms: 150 });
    const started = performance.now();
    expect((await ctx.api.get("/v1/balance")).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(ctx.emulator.faults.status().injected.latency).toBe(1);
  });

  it("answerHeld lets a request held in the latency go on at once, and it is answered as usual", async () => {
    // Longer than a test may take: the answer can only come from answerHeld.
    ctx.emulator.faults.configure({ latency_ms: 120_000 });
    const held = ctx.api.buy("held-1", 12, 1, "081234567890");
    await until("the request held in the latency", () => ctx.emulator.faults.status().injected.latency > 0);
    expect(transactions()).toHaveLength(0);
    ctx.emulator.answerHeld();
    expect((await held).status).toBe(200);
    expect(transactions().map((t) => t.ref_id)).toEqual(["held-1"]);
  });

  it("error_next answers 5xx without processing, then recovers", async () => {
    ctx.emulator.faults.configure({ error_next: 2 });
    for (let i = 0; i < 2; i++) {
      const reply = await ctx.api.buy(`err-${i}`, 12, 1, "081234567890");
      expect(reply.status).toBe(503);
      expect(reply.body).toEqual({ message: "SERVICE_UNAVAILABLE" });
      expect(reply.headers.get("content-type")).toBe("application/json; charset=utf-8");
    }
    expect(transactions()).toHaveLength(0);
    expect((await ctx.api.buy("err-0", 12, 1, "081234567890")).status).toBe(200);
    expect(ctx.emulator.faults.status().injected.error).toBe(2);
  });

  it("error_status picks the 5xx", async () => {
    ctx.emulator.faults.configure({ error_next: 1, error_status: 500 });
    const reply = await ctx.api.get("/v1/balance");
    expect(reply.status).toBe(500);
    expect(reply.body).toEqual({ message: "SERVER_ERROR" });
  });

  it("drop_after_commit commits the transaction, then drops the connection", async () => {
    ctx.emulator.faults.configure({ drop_after_commit_next: 1 });
    await expect(ctx.api.buy("dropped-after", 12, 1, "081234567890")).rejects.toThrow();
    expect(transactions()).toEqual([
      expect.objectContaining({ ref_id: "dropped-after", amount: 11_500, status: "paid" }),
    ]);
    expect(await ctx.api.balance()).toBe(2_500_000 - 11_500);
    // A retry with the same ref_id learns that the first attempt went through.
    expect((await ctx.api.buy("dropped-after", 12, 1, "081234567890")).body).toEqual({
      message: "REF_ID_ALREADY_EXIST",
    });
    expect(ctx.emulator.faults.status().injected.drop_after_commit).toBe(1);
  });

  it("drop_before_commit drops the connection and changes nothing", async () => {
    ctx.emulator.faults.configure({ drop_before_commit_next: 1 });
    await expect(ctx.api.buy("dropped-before", 12, 1, "081234567890")).rejects.toThrow();
    expect(transactions()).toEqual([]);
    expect((await ctx.api.buy("dropped-before", 12, 1, "081234567890")).status).toBe(200);
  });

  it("html_next answers an nginx 502 page, unprocessed", async () => {
    ctx.emulator.faults.configure({ html_next: 1 });
    const reply = await ctx.api.buy("html", 12, 1, "081234567890");
    expect(reply.status).toBe(502);
    expect(reply.headers.get("content-type")).toMatch(/^text\/html/);
    expect(reply.text).toContain("<center>nginx");
    expect(reply.body).toBeUndefined();
    expect(transactions()).toEqual([]);
  });

  it("rate_limit_next answers 429 with Retry-After, unprocessed", async () => {
    ctx.emulator.faults.configure({ rate_limit_next: 1, retry_after: 7 });
    const reply = await ctx.api.buy("limited", 12, 1, "081234567890");
    expect(reply.status).toBe(429);
    expect(reply.headers.get("retry-after")).toBe("7");
    expect(reply.body).toEqual({ message: "TOO_MANY_REQUESTS" });
    expect(transactions()).toEqual([]);
  });

  it("down drops every /v1 request until turned off, whatever the match", async () => {
    ctx.emulator.faults.configure({ down: true, match: { method: "POST" } });
    await expect(ctx.api.get("/v1/balance")).rejects.toThrow();
    await expect(ctx.api.buy("down", 12, 1, "081234567890")).rejects.toThrow();
    // The control surface stays up.
    expect((await control("GET", "/faults")).body.injected.down).toBe(2);
    ctx.emulator.faults.configure({ down: false });
    expect((await ctx.api.get("/v1/balance")).status).toBe(200);
    expect(transactions()).toEqual([]);
  });

  it("match limits faults to one method and path", async () => {
    ctx.emulator.faults.configure({ error_next: 1, match: { method: "POST", path: "/v1/trx" } });
    expect((await ctx.api.get("/v1/balance")).status).toBe(200);
    expect((await ctx.api.get("/v1/trx/none")).status).toBe(404);
    expect((await ctx.api.buy("matched", 12, 1, "081234567890")).status).toBe(503);
    expect((await ctx.api.buy("matched", 12, 1, "081234567890")).status).toBe(200);
  });

  it("random faults follow their rate, modes and seed", async () => {
    ctx.emulator.faults.configure({ random: { rate: 1, modes: ["error"] } });
    for (let i = 0; i < 3; i++) expect((await ctx.api.get("/v1/balance")).status).toBe(503);
    expect(ctx.emulator.faults.status().injected.error).toBe(3);

    const run = async () => {
      ctx.emulator.faults.reset();
      ctx.emulator.faults.configure({ random: { rate: 0.5, modes: ["error", "html"], seed: 7 } });
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) statuses.push((await ctx.api.get("/v1/balance/channels")).status);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(3);
    expect(first.filter((status) => status === 200).length).toBeLessThan(17);
    expect(new Set(first)).toEqual(new Set([200, 503, 502]));
  });

  it("random drop_after_commit still commits", async () => {
    ctx.emulator.faults.configure({ random: { rate: 1, modes: ["drop_after_commit"] } });
    await expect(ctx.api.buy("random-drop", 12, 1, "081234567890")).rejects.toThrow();
    expect(transactions().map((transaction) => transaction.ref_id)).toEqual(["random-drop"]);
  });

  it("reset turns everything off", async () => {
    ctx.emulator.faults.configure({ error_next: 5, down: true });
    ctx.emulator.faults.reset();
    expect((await ctx.api.get("/v1/balance")).status).toBe(200);
  });
});

describe("the /__emulator control surface", () => {
  it("sets, shows and clears faults over HTTP", async () => {
    const set = await control("POST", "/faults", { error_next: 1, match: { method: "post", path: "/v1/trx" } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ error_next: 1, match: { method: "POST", path: "/v1/trx" } });
    expect((await ctx.api.buy("via-http", 12, 1, "081234567890")).status).toBe(503);
    expect((await control("GET", "/faults")).body.injected.error).toBe(1);
    const cleared = await control("DELETE", "/faults");
    expect(cleared.body).toMatchObject({ error_next: 0, match: null, injected: { error: 0 } });
  });

  it("refuses unknown or malformed fault settings with 422", async () => {
    const reply = await control("POST", "/faults", {
      eror_next: 1,
      latency_ms: -5,
      random: { rate: 2, modes: ["explode"] },
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors).sort()).toEqual(["eror_next", "latency_ms", "random.modes", "random.rate"]);
    expect(() => ctx.emulator.faults.configure({ error_next: -1 })).toThrow("VALIDATION_ERROR");
  });

  it("advances the clock", async () => {
    const reply = await control("POST", "/clock", { advance_seconds: 90 });
    expect(reply.body).toEqual({ now: "2026-11-21T14:31:30Z" });
    expect((await control("GET", "/clock")).body).toEqual({ now: "2026-11-21T14:31:30Z" });
    expect((await control("POST", "/clock", { advance_seconds: -1 })).status).toBe(422);
  });

  it("shows the state snapshot, for one account or all", async () => {
    await ctx.api.buy("seen", 12, 1, "081234567890");
    await ctx.api.post("/v1/item/lock", { item_id: 3, quantity: 1 });
    const one = await control("GET", `/state?api_key=${ctx.emulator.demoApiKey}`);
    expect(one.body.accounts).toHaveLength(1);
    expect(one.body.accounts[0]).toMatchObject({
      balance: 2_488_500,
      transactions: [{ ref_id: "seen", amount: 11_500, status: "paid", invoice: expect.stringMatching(/^INV-/) }],
      locks: [{ item_id: 3, quantity: 1, status: "active" }],
    });
    expect(one.body.items.find((item: { id: number }) => item.id === 3)).toMatchObject({ stock: 15, available: 14 });
    expect((await control("GET", "/state")).body.accounts.length).toBe(ctx.emulator.accounts.length);
  });

  it("sets a balance and resets to the seeded state", async () => {
    expect((await control("POST", "/balance", { api_key: ctx.emulator.demoApiKey, balance: 10_000 })).status).toBe(200);
    expect(await ctx.api.balance()).toBe(10_000);
    expect((await ctx.api.buy("before-reset", 11, 1, "081234567890")).status).toBe(200);
    expect(await ctx.api.balance()).toBe(3_500);
    expect((await control("POST", "/reset", {})).status).toBe(200);
    expect(await ctx.api.balance()).toBe(2_500_000);
    expect(transactions()).toEqual([]);
  });

  it("lets the clock endpoint drive progress like the in-process clock", async () => {
    await ctx.api.buy("clocked", 12, 1, "0");
    await control("POST", "/clock", { advance_seconds: 5 });
    expect((await ctx.api.get("/v1/trx/clocked")).body.data.status).toBe("failed");
    advanceSeconds(ctx.emulator, 1);
    expect(await ctx.api.balance()).toBe(2_500_000);
  });
});
