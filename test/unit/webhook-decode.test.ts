/**
 * Reading webhook events (in every shape live clients meet them) and the undocumented configuration answers.
 */
import { describe, expect, it } from "vitest";
import { decodeWebhookEvent, decodeWebhookSecret, decodeWebhookSettings } from "../../src/api/decode.js";

describe("decodeWebhookEvent", () => {
  it("reads serials from a list inside data or beside it, each joining its item, and a refund", () => {
    const inside = decodeWebhookEvent({
      event: "order.completed",
      data: {
        ref_id: "R1",
        invoice: "INV-1",
        status: "completed",
        items: [
          { variant_id: 5, quantity: 1 },
          { variant_id: 6, quantity: 1 },
        ],
        h2h_results: [
          { variant_id: 6, sn: "SN-SIX" },
          { item_id: 5, sn: "SN-FIVE" },
          { variant_id: 6, sn: "failed: NOMOR_SALAH" },
        ],
      },
    });
    expect(inside.items.map((i) => [i.itemId, i.serials, i.failures])).toEqual([
      [5, ["SN-FIVE"], []],
      [6, ["SN-SIX"], ["NOMOR_SALAH"]],
    ]);
    // One live client reads data.h2h_results[0].sn with no items at all.
    const bare = decodeWebhookEvent({
      event: "order.completed",
      data: { ref_id: "R2", invoice: "I2", status: "completed", h2h_results: [{ sn: "SN-ONLY" }] },
    });
    expect(bare.items.map((i) => i.serials)).toEqual([["SN-ONLY"]]);
    const beside = decodeWebhookEvent({
      event: "order.completed",
      data: { ref_id: "R3", invoice: "I3", status: "completed", items: [{ variant_id: 9 }] },
      h2h_results: [{ variant_id: 9, sn: "SN-BESIDE" }],
    });
    expect(beside.items[0]!.serials).toEqual(["SN-BESIDE"]);
    const refunded = decodeWebhookEvent({
      event: "order.refunded",
      data: { ref_id: "R4", invoice: "I4", status: "refunded", refund_amount: "12500" },
    });
    expect(refunded).toMatchObject({
      event: "order.refunded",
      status: { text: "refunded", kind: "refunded" },
      refundAmount: 12_500,
    });
  });

  it("reads serials from h2h_results as one object or a list, and keeps failures apart", () => {
    const event = decodeWebhookEvent({
      event: "order.completed",
      data: {
        ref_id: "R1",
        invoice: "INV-1",
        status: "completed",
        items: [
          { variant_id: 1, order_process: "h2h", h2h_results: { sn: "SN1", dispatch_status: "Success" } },
          {
            variant_id: 2,
            order_process: "h2h",
            h2h_results: [{ sn: "failed: invalid number", dispatch_status: "Failed" }],
          },
          {
            variant_id: 3,
            order_process: "auto",
            licenses: [{ product_license: "KEY-1" }, "KEY-2"],
            product_license: "KEY-1\nKEY-3",
          },
        ],
      },
    });
    expect(event.items.map((i) => [i.serials, i.failures, i.licences])).toEqual([
      [["SN1"], [], []],
      [[], ["invalid number"], []],
      [[], [], ["KEY-1", "KEY-2", "KEY-3"]],
    ]);
    expect(event.status).toEqual({ text: "completed", kind: "completed" });
  });

  it("takes the event name from X-Event when the body has none, and reads anything without failing", () => {
    expect(decodeWebhookEvent({ data: {} }, "webhook.test").event).toBe("webhook.test");
    for (const body of [null, [], "text", 42, { data: "x" }, { data: { items: "no", item: [1] } }]) {
      expect(decodeWebhookEvent(body)).toMatchObject({ event: "unknown", refId: null, items: [] });
    }
  });
});

describe("the webhook configuration answers", () => {
  it("reads the PUT names first and shows every other field", () => {
    const settings = decodeWebhookSettings({
      message: "OK",
      data: { callback_url: "https://a.example/h", webhook_enabled: 1, has_secret: true, retries: 5 },
    });
    expect(settings).toMatchObject({ url: "https://a.example/h", enabled: true, message: "OK" });
    expect(settings.fields).toEqual([
      { name: "has_secret", value: "true" },
      { name: "retries", value: "5" },
    ]);
  });

  it("shows an unknown shape field by field instead of refusing it", () => {
    expect(
      decodeWebhookSettings({ status: true, endpoint: { url: "https://b.example" }, active: "yes" }),
    ).toMatchObject({
      url: null,
      enabled: true,
      fields: [{ name: "endpoint", value: '{"url":"https://b.example"}' }],
    });
    expect(decodeWebhookSettings({ data: null })).toMatchObject({ url: null, enabled: null, fields: [] });
    expect(decodeWebhookSettings({ data: { callback_url: null, webhook_enabled: null } })).toMatchObject({
      url: null,
      enabled: null,
      fields: [],
    });
  });

  it("finds the secret under data.webhook_secret, data.secret, or as data itself", () => {
    expect(
      decodeWebhookSecret({ status: true, message: "Webhook secret generated...", data: { webhook_secret: "abc123" } }),
    ).toEqual({
      secret: "abc123",
      message: "Webhook secret generated...",
      fields: [],
    });
    expect(decodeWebhookSecret({ data: { secret: " s2 ", expires: null } }).secret).toBe("s2");
    expect(decodeWebhookSecret({ data: "s3" }).secret).toBe("s3");
    expect(decodeWebhookSecret({ data: { token: "s4" } })).toMatchObject({
      secret: null,
      fields: [{ name: "token", value: "s4" }],
    });
  });
});
