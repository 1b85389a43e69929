/**
 * The emulator's controls (/__emulator/*) move its clock, inject faults and set balances: a web page
 * the person happens to visit must not be able to. Each needs one of the emulator's API keys, and a
 * POST needs a JSON body: a cross-site form (text/plain, no custom header) is refused and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { useEmulator } from "./fixture.js";

const ctx = useEmulator();

const raw = (method: string, path: string, init: { headers?: Record<string, string>; body?: string } = {}) =>
  fetch(`${ctx.emulator.baseUrl}/__emulator${path}`, { method, headers: init.headers, body: init.body });

describe("the emulator's controls", () => {
  it("refuse a request without a key, and change nothing", async () => {
    const before = ctx.emulator.clock.now();
    expect(
      (
        await raw("POST", "/clock", {
          headers: { "content-type": "application/json" },
          body: '{"advance_seconds":3600}',
        })
      ).status,
    ).toBe(401);
    expect(
      (await raw("POST", "/faults", { headers: { "content-type": "application/json" }, body: '{"down":true}' })).status,
    ).toBe(401);
    expect((await raw("GET", "/state")).status).toBe(401);
    expect((await raw("DELETE", "/faults")).status).toBe(401);
    expect(ctx.emulator.clock.now()).toBe(before);
    expect(ctx.emulator.faults.status().down).toBe(false);
  });

  it("refuse a key that is not the emulator's", async () => {
    const r = await raw("POST", "/balance", {
      headers: { "x-apikey": "rk_live_guess", "content-type": "application/json" },
      body: JSON.stringify({ api_key: ctx.emulator.demoApiKey, balance: 1 }),
    });
    expect(r.status).toBe(401);
    expect(ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.balance).not.toBe(1);
  });

  it("refuse a form's text/plain body (cross-site request forgery), even with a key", async () => {
    const key = ctx.emulator.demoApiKey;
    const form = await raw("POST", "/faults", {
      headers: { "x-apikey": key, "content-type": "text/plain" },
      body: '{"down":true}',
    });
    expect(form.status).toBe(415);
    const none = await raw("POST", "/clock", { headers: { "x-apikey": key }, body: '{"advance_seconds":60}' });
    expect(none.status).toBe(415);
    expect(ctx.emulator.faults.status().down).toBe(false);
  });

  it("work with the emulator's key and JSON", async () => {
    const before = ctx.emulator.clock.now();
    expect((await ctx.api.post("/__emulator/clock", { advance_seconds: 60 })).status).toBe(200);
    expect(ctx.emulator.clock.now()).toBe(before + 60_000);
    expect((await ctx.api.get("/__emulator/state")).status).toBe(200);
    const other = ctx.emulator.accounts[1]!.apiKey;
    expect((await ctx.api.as(other).post("/__emulator/faults", { latency_ms: 5 })).body).toMatchObject({
      latency_ms: 5,
    });
  });
});
