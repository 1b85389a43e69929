import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../src/emulator/payment-page.js";
import { advanceSeconds, useEmulator } from "./fixture.js";

const ctx = useEmulator();

async function requestTopUp(amount: number, channel = "BCAVA") {
  const reply = await ctx.api.post("/v1/balance", { amount, channel });
  expect(reply.status).toBe(200);
  return reply.body.data as {
    payment_url: string;
    amount: number;
    fee: number;
    total: number;
    channel: string;
    expires_at: string;
  };
}

async function openPage(url: string, method = "GET") {
  const response = await fetch(url, { method });
  return { status: response.status, html: await response.text(), type: response.headers.get("content-type") };
}

describe("GET /v1/balance/channels", () => {
  it("lists channels with integer fees and the amounts each accepts", async () => {
    const reply = await ctx.api.get("/v1/balance/channels");
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe("OK");
    const codes = reply.body.data.map((channel: { code: string }) => channel.code);
    expect(codes).toEqual(expect.arrayContaining(["QRIS", "BCAVA", "BRIVA", "MANDIRIVA", "DANA", "OVO"]));
    for (const channel of reply.body.data) {
      expect(Object.keys(channel).sort()).toEqual(["code", "fee", "max_amount", "min_amount", "name"]);
      expect(Number.isInteger(channel.fee)).toBe(true);
      expect(channel.min_amount).toBe(10_000);
      expect(channel.max_amount).toBeGreaterThan(channel.min_amount);
    }
    expect(reply.body.data[0]).toEqual({
      code: "QRIS",
      name: expect.any(String),
      fee: 750,
      min_amount: 10_000,
      max_amount: 5_000_000,
    });
  });
});

describe("POST /v1/balance", () => {
  it("returns a payment link on the emulator, expiring an hour later", async () => {
    const data = await requestTopUp(100_000);
    expect(data).toEqual({
      payment_url: expect.stringMatching(new RegExp(`^${ctx.emulator.baseUrl}/pay/[a-z0-9]{24}$`)),
      amount: 100_000,
      fee: 4000,
      total: 104_000,
      channel: "BCAVA",
      expires_at: "2026-11-21T15:30:00Z",
    });
    // Requesting a link credits nothing.
    expect(await ctx.api.balance()).toBe(2_500_000);
  });

  it("refuses amounts under 10000, non-integers and unknown channels with 422", async () => {
    const tooSmall = await ctx.api.post("/v1/balance", { amount: 9_999, channel: "QRIS" });
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body).toEqual({
      message: "VALIDATION_ERROR",
      errors: { amount: ["The amount field must be at least 10000."] },
    });
    const fractional = await ctx.api.post("/v1/balance", { amount: 10_000.5, channel: "QRIS" });
    expect(fractional.body.errors.amount).toEqual(["The amount field must be an integer."]);
    const unknown = await ctx.api.post("/v1/balance", { amount: 10_000, channel: "BITCOIN" });
    expect(unknown.body).toEqual({
      message: "VALIDATION_ERROR",
      errors: { channel: ["The selected channel is invalid."] },
    });
    const missing = await ctx.api.post("/v1/balance", {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(["amount", "channel"]);
  });

  it("refuses an amount above the channel's max_amount with 422 and records no link", async () => {
    const tooMuch = await ctx.api.post("/v1/balance", { amount: 5_000_001, channel: "QRIS" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toEqual({
      message: "VALIDATION_ERROR",
      errors: { amount: ["The amount field must not be greater than 5000000."] },
    });
    expect((await ctx.api.post("/v1/balance", { amount: 5_000_001, channel: "BCAVA" })).status).toBe(200);
    expect(ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.top_ups.map((topUp) => topUp.channel)).toEqual([
      "BCAVA",
    ]);
  });
});

describe("the payment page", () => {
  it("shows the bill and a Pay now form, needing no API key", async () => {
    const { payment_url } = await requestTopUp(250_000, "QRIS");
    const page = await openPage(payment_url);
    expect(page.status).toBe(200);
    expect(page.type).toBe("text/html; charset=utf-8");
    expect(page.html).toContain("Rp 250.000");
    expect(page.html).toContain("Rp 750");
    expect(page.html).toContain("Rp 250.750");
    expect(page.html).toContain("QRIS");
    expect(page.html).toContain("2026-11-21T15:30:00Z");
    expect(page.html).toMatch(/<form method="post" action="\/pay\/[a-z0-9]+">/);
    expect(page.html).toContain("Pay now");
  });

  it("credits the amount once when the form is posted", async () => {
    const { payment_url } = await requestTopUp(100_000);
    const form = (await openPage(payment_url)).html.match(/action="([^"]+)"/)![1]!;
    const paid = await openPage(new URL(form, payment_url).toString(), "POST");
    expect(paid.status).toBe(200);
    expect(paid.html).toContain("Payment received");
    expect(await ctx.api.balance()).toBe(2_600_000);

    const again = await openPage(payment_url, "POST");
    expect(again.html).toContain("Already paid");
    expect(await ctx.api.balance()).toBe(2_600_000);
    expect((await openPage(payment_url)).html).not.toContain("Pay now");
    expect(ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.top_ups[0]!.status).toBe("paid");

    // A paid link stays paid once its hour is up; it does not turn into an expired one.
    advanceSeconds(ctx.emulator, 3600);
    const later = await openPage(payment_url);
    expect(later.status).toBe(200);
    expect(later.html).toContain("Already paid");
    expect(ctx.emulator.inspect(ctx.emulator.demoApiKey).accounts[0]!.top_ups[0]!.status).toBe("paid");
  });

  it("refuses an expired link with 410 and credits nothing", async () => {
    const { payment_url } = await requestTopUp(100_000);
    advanceSeconds(ctx.emulator, 3600);
    const page = await openPage(payment_url);
    expect(page.status).toBe(410);
    expect(page.html).not.toContain("Pay now");
    const posted = await openPage(payment_url, "POST");
    expect(posted.status).toBe(410);
    expect(await ctx.api.balance()).toBe(2_500_000);
  });

  it("answers 404 for an unknown link", async () => {
    expect((await openPage(`${ctx.emulator.baseUrl}/pay/unknown`)).status).toBe(404);
    expect((await openPage(`${ctx.emulator.baseUrl}/pay/unknown`, "POST")).status).toBe(404);
  });

  it("escapes HTML", () => {
    expect(escapeHtml(`<script>alert("x" & 'y')</script>`)).toBe(
      "&#60;script&#62;alert(&#34;x&#34; &#38; &#39;y&#39;)&#60;/script&#62;",
    );
  });
});
