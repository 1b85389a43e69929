/**
 * Reading webhook events and the undocumented configuration answers, and naming deliveries so that
 * the service's retries are recognised (across restarts) while distinct events are not confused.
 */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { decodeWebhookEvent, decodeWebhookSecret, decodeWebhookSettings } from "../../src/api/decode.js";
import { deliveryKey, HandledDeliveries, rememberedDeliveries } from "../../src/webhooks/deliveries.js";

describe("decodeWebhookEvent", () => {
  it("reads serials from h2h_results as one object or a list, and keeps failures apart", () => {
    const event = decodeWebhookEvent({
      event: "order.completed",
      data: {
        ref_id: "R1",
        invoice: "INV-1",
        status: "completed",
        items: [
          { variant_id: 1, order_process: "h2h", h2h_results: { sn: "SN1", dispatch_status: "Success" } },
          { variant_id: 2, order_process: "h2h", h2h_results: [{ sn: "failed: invalid number", dispatch_status: "Failed" }] },
          { variant_id: 3, order_process: "auto", licenses: [{ product_license: "KEY-1" }, "KEY-2"], product_license: "KEY-1\nKEY-3" },
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
    const settings = decodeWebhookSettings({ message: "OK", data: { callback_url: "https://a.example/h", webhook_enabled: 1, has_secret: true, retries: 5 } });
    expect(settings).toMatchObject({ url: "https://a.example/h", enabled: true, message: "OK" });
    expect(settings.fields).toEqual([
      { name: "has_secret", value: "true" },
      { name: "retries", value: "5" },
    ]);
  });

  it("shows an unknown shape field by field instead of refusing it", () => {
    expect(decodeWebhookSettings({ status: true, endpoint: { url: "https://b.example" }, active: "yes" })).toMatchObject({
      url: null,
      enabled: true,
      fields: [{ name: "endpoint", value: '{"url":"https://b.example"}' }],
    });
    expect(decodeWebhookSettings({ data: null })).toMatchObject({ url: null, enabled: null, fields: [] });
    expect(decodeWebhookSettings({ data: { callback_url: null, webhook_enabled: null } })).toMatchObject({ url: null, enabled: null, fields: [] });
  });

  it("finds the secret under data.webhook_secret, data.secret, or as data itself", () => {
    expect(decodeWebhookSecret({ status: true, message: "Webhook secret generated...", data: { webhook_secret: "abc123" } })).toEqual({
      secret: "abc123",
      message: "Webhook secret generated...",
      fields: [],
    });
    expect(decodeWebhookSecret({ data: { secret: " s2 ", expires: null } }).secret).toBe("s2");
    expect(decodeWebhookSecret({ data: "s3" }).secret).toBe("s3");
    expect(decodeWebhookSecret({ data: { token: "s4" } })).toMatchObject({ secret: null, fields: [{ name: "token", value: "s4" }] });
  });
});

describe("deliveries", () => {
  const event = (body: unknown) => decodeWebhookEvent(body);
  const paid = (timestamp: string) => event({ event: "order.paid", timestamp, data: { ref_id: "R1", invoice: "INV-1", status: "paid" } });
  const sent = (id: string) => event({ event: "order.item.sent", data: { ref_id: "R1", invoice: "INV-1", item: { order_item_id: id } } });
  const test = (timestamp: string) => event({ event: "webhook.test", timestamp, data: {} });

  it("names each attempt at one order event alike, whatever its timestamp", () => {
    expect(deliveryKey("default", paid("2024-01-15T10:30:00+07:00"), "paid")).toBe(deliveryKey("default", paid("2024-01-15T10:30:09+07:00"), "paid"));
  });

  it("tells apart events, items, test events, statuses and profiles", () => {
    const keys = [
      deliveryKey("default", paid("t"), "paid"),
      deliveryKey("shop2", paid("t"), "paid"),
      deliveryKey("default", paid("t"), "completed"),
      deliveryKey("default", sent("a"), "item.sent"),
      deliveryKey("default", sent("b"), "item.sent"),
      deliveryKey("default", test("2024-01-15T10:30:00+07:00"), "test"),
      deliveryKey("default", test("2024-01-15T10:31:00+07:00"), "test"),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("remembers across restarts in a file of the owner's alone, and forgets only the oldest", () => {
    const dir = mkdtempSync(join(tmpdir(), "reseller-deliveries-"));
    const first = new HandledDeliveries(dir);
    first.remember("k1", "default", paid("t"), Date.now());
    first.remember("k1", "default", paid("t"), Date.now());
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.path, "utf8").trim().split("\n")).toHaveLength(1);
    expect(new HandledDeliveries(dir).has("k1")).toBe(true);

    const lines = Array.from({ length: rememberedDeliveries + 10 }, (_, i) => JSON.stringify({ key: `old-${i}` }));
    writeFileSync(first.path, `${lines.join("\n")}\n{"key":"torn`, { mode: 0o600 });
    const reopened = new HandledDeliveries(dir);
    expect(reopened.has("old-0")).toBe(false);
    expect(reopened.has(`old-${rememberedDeliveries + 9}`)).toBe(true);
    expect(readFileSync(first.path, "utf8").trim().split("\n").length).toBeLessThanOrEqual(rememberedDeliveries);
    expect(statSync(first.path).mode & 0o777).toBe(0o600);
  });
});
