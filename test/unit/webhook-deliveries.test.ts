/**
 * The listener's deliveries file: what names a delivery (only what its signature covers), that a
 * delivery is written down before it counts as received, that what was received and not settled is
 * handed on again after a restart, and that a damaged file is said, never taken for an empty one.
 */
import { appendFileSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  DeliveryStore,
  deliveryIdOf,
  deliveryKey,
  rememberedDeliveries,
  type ReceivedDelivery,
} from "../../src/webhooks/deliveries.js";
import { makeTempDir } from "../support/temp-dir.js";

const fields = (status: string, refId = "R1", invoice = "INV-1") => ({ refId, invoice, status });

function delivery(key: string, event = "order.paid"): ReceivedDelivery {
  return {
    id: deliveryIdOf(key),
    key,
    profile: "default",
    event,
    ref_id: "R1",
    invoice: "INV-1",
    signed_status: "paid",
    received_at: new Date().toISOString(),
    body: `{"event":"${event}"}`,
    headers: { "x-event": event },
  };
}

describe("deliveryKey", () => {
  it("is made of the checked event and the signed fields only, so unsigned changes make no new delivery", () => {
    expect(deliveryKey("default", "order.paid", fields("paid"))).toBe(
      deliveryKey("default", "order.paid", fields("PAID")),
    );
    const keys = [
      deliveryKey("default", "order.paid", fields("paid")),
      deliveryKey("shop2", "order.paid", fields("paid")),
      deliveryKey("default", "order.completed", fields("completed")),
      deliveryKey("default", "order.completed", fields("completed", "R2")),
      deliveryKey("default", "order.completed", fields("completed", "R1", "INV-2")),
      deliveryKey("default", "order.item.sent", fields("item.sent"), { itemHint: "a" }),
      deliveryKey("default", "order.item.sent", fields("item.sent"), { itemHint: "b" }),
      deliveryKey("default", "webhook.test", fields("test", "", ""), { minute: 1 }),
      deliveryKey("default", "webhook.test", fields("test", "", ""), { minute: 2 }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    expect(deliveryIdOf(keys[0]!)).toMatch(/^whd_[0-9a-f]{32}$/);
  });
});

describe("DeliveryStore", () => {
  it("writes a delivery down once (0600), answers repeats as duplicates, also two arriving together", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const store = new DeliveryStore(dir);
    expect(await Promise.all([store.receive(delivery("k1")), store.receive(delivery("k1"))])).toEqual([
      "new",
      "duplicate",
    ]);
    expect(await store.receive(delivery("k1"))).toBe("duplicate");
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(readFileSync(store.path, "utf8").trim().split("\n")).toHaveLength(1);
    await store.close();
  });

  it("hands on again after a restart what was received and not settled, in the order it came", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const first = new DeliveryStore(dir);
    for (const key of ["a", "b", "c"]) await first.receive(delivery(key));
    await first.settle(delivery("b"), "handed", new Date().toISOString());
    await first.close();
    const second = new DeliveryStore(dir);
    expect(second.unsettled().map((d) => d.key)).toEqual(["a", "c"]);
    expect(second.unsettled()[0]).toMatchObject({
      id: deliveryIdOf("a"),
      body: '{"event":"order.paid"}',
      headers: { "x-event": "order.paid" },
    });
    // Settled or not, each is still known: a retry is a duplicate.
    expect(await second.receive(delivery("b"))).toBe("duplicate");
    expect(await second.receive(delivery("a"))).toBe("duplicate");
    expect(second.problems).toEqual([]);
    await second.close();
  });

  it("reads the one-line-per-delivery file of earlier releases, and forgets only the oldest settled names", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const path = join(dir, "webhook-deliveries.jsonl");
    const lines = Array.from({ length: rememberedDeliveries * 2 + 10 }, (_, i) =>
      JSON.stringify({ key: `old-${i}`, profile: "default", event: "order.paid", ref_id: null, at: "t" }),
    );
    writeFileSync(
      path,
      `${lines.join("\n")}\n${JSON.stringify({ v: 2, ...delivery("pending-one"), type: "received" })}\n`,
      { mode: 0o600 },
    );
    const store = new DeliveryStore(dir);
    expect(await store.receive(delivery("old-0"))).toBe("new");
    expect(await store.receive(delivery(`old-${rememberedDeliveries * 2 + 9}`))).toBe("duplicate");
    expect(store.unsettled().map((d) => d.key)).toEqual(["pending-one", "old-0"]);
    await store.close();
    expect(readFileSync(path, "utf8").trim().split("\n").length).toBeLessThanOrEqual(rememberedDeliveries + 3);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("says what is damaged: a torn last line and damaged lines are named; a file of nothing readable is refused", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const path = join(dir, "webhook-deliveries.jsonl");
    writeFileSync(path, `${JSON.stringify({ key: "k1" })}\nnot json\n${JSON.stringify({ key: "k2" })}\n{"key":"to`, {
      mode: 0o600,
    });
    const store = new DeliveryStore(dir);
    expect(store.problems.join("\n")).toMatch(/last line was cut short/);
    expect(store.problems.join("\n")).toMatch(/1 of its lines are damaged/);
    expect(await store.receive(delivery("k2"))).toBe("duplicate");
    await store.close();

    writeFileSync(path, "\u0000\u0001garbage\nmore garbage\n", { mode: 0o600 });
    expect(() => new DeliveryStore(dir)).toThrow(/cannot be read: none of its 2 lines is a delivery record/);
  });

  it("reads back a delivery written after a partial line (a write cut short), and hands it on", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    try {
      const path = join(dir, "webhook-deliveries.jsonl");
      const whole = JSON.stringify({ v: 2, type: "received", ...delivery("glued") });
      // What a full disk left: the first part of one attempt's record, then the next attempt's, whole.
      writeFileSync(path, `${whole.slice(0, 40)}${whole}\n`, { mode: 0o600 });
      const store = new DeliveryStore(dir);
      expect(store.unsettled().map((d) => d.key)).toEqual(["glued"]);
      expect(store.problems).toEqual([]);
      expect(await store.receive(delivery("glued"))).toBe("duplicate");
      await store.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("starts the next record on a line of its own after a torn last line, so both restarts read it", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    try {
      const path = join(dir, "webhook-deliveries.jsonl");
      const first = new DeliveryStore(dir);
      await first.receive(delivery("before"));
      await first.close();
      // A crash while the next record was being written.
      appendFileSync(path, JSON.stringify({ v: 2, type: "received", ...delivery("torn") }).slice(0, 50));
      const second = new DeliveryStore(dir);
      expect(second.problems.join("\n")).toMatch(/last line was cut short/);
      await second.receive(delivery("after"));
      await second.close();
      const third = new DeliveryStore(dir);
      expect(third.unsettled().map((d) => d.key)).toEqual(["before", "after"]);
      await third.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("two listeners of two profiles sharing the config dir: a compaction by one keeps every record of the other, also those written since it started", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const of = (profile: string, key: string): ReceivedDelivery => ({
      ...delivery(key),
      id: deliveryIdOf(key),
      profile,
    });
    const shopA = new DeliveryStore(dir, { profile: "shop-a", remember: 3 });
    const shopB = new DeliveryStore(dir, { profile: "shop-b", remember: 3 });
    const at = new Date().toISOString();
    let written = 0;
    for (let i = 0; i < 20; i++) {
      // Both at once, as two processes would.
      await Promise.all([
        shopA.receive(of("shop-a", `a${i}`)).then(() => shopA.settle(of("shop-a", `a${i}`), "handed", at)),
        shopB
          .receive(of("shop-b", `b${i}`))
          .then(() => (i % 2 === 0 ? shopB.settle(of("shop-b", `b${i}`), "handed", at) : undefined)),
      ]);
      written += i % 2 === 0 ? 4 : 3;
    }
    await Promise.all([shopA.close(), shopB.close()]);
    const lines = readFileSync(join(dir, "webhook-deliveries.jsonl"), "utf8").trim().split("\n");
    // Compacted: fewer lines than were written.
    expect(lines.length).toBeLessThan(written);
    const after = new DeliveryStore(dir);
    // Every delivery of shop-b not settled is still there to hand on, none of shop-a's.
    expect(after.unsettled().map((d) => d.key)).toEqual(Array.from({ length: 10 }, (_, i) => `b${i * 2 + 1}`));
    // The newest settled names of each are still known: the service's retry is a duplicate.
    for (const key of ["a19", "a17", "b18", "b16"])
      expect(await after.receive(of(key.startsWith("a") ? "shop-a" : "shop-b", key)), key).toBe("duplicate");
    expect(after.problems).toEqual([]);
    await after.close();
  });
});
