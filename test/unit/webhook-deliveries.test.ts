/**
 * The listener's deliveries in the records database: what names a delivery (only what its signature
 * covers), that a delivery is committed before it counts as received, that what was received and not
 * settled is handed on again after a restart, and that only old settled deliveries are forgotten.
 */
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closeRecordsDatabases, openRecordsDatabase } from "../../src/records/database.js";
import { DeliveryStore, deliveryIdOf, deliveryKey, type ReceivedDelivery } from "../../src/webhooks/deliveries.js";
import { deliveryRows } from "../support/records.js";
import { makeTempDir } from "../support/temp-dir.js";

afterEach(() => closeRecordsDatabases());

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
    expect(statSync(join(dir, "records.db")).mode & 0o777).toBe(0o600);
    expect(deliveryRows(dir).map((row) => row.key)).toEqual(["k1"]);
    await store.close();
  });

  it("many arriving together are each committed before they resolve, each once", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const store = new DeliveryStore(dir);
    const keys = Array.from({ length: 50 }, (_, i) => `burst-${i}`);
    const outcomes = await Promise.all([...keys, ...keys].map((key) => store.receive(delivery(key))));
    expect(outcomes.filter((o) => o === "new")).toHaveLength(50);
    // Read by another connection: committed, not only in this one's view.
    expect(deliveryRows(dir).map((row) => row.key)).toEqual(keys);
    await store.close();
  });

  it("hands on again after a restart what was received and not settled, in the order it came", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const first = new DeliveryStore(dir);
    for (const key of ["a", "b", "c"]) await first.receive(delivery(key));
    await first.settle(delivery("b"), "handed", new Date().toISOString());
    await first.close();
    closeRecordsDatabases();
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

  it("a settled delivery keeps its name and how it was settled, not its body; an order line handed on is known", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const store = new DeliveryStore(dir);
    await store.receive(delivery("sent"));
    await store.receive(delivery("gone"));
    store.triedAgainLater(delivery("sent"), 2, "2026-11-28T10:00:00.000Z");
    expect(store.lineHandedOn("R1#0")).toBe(false);
    await store.settle(delivery("sent"), "handed", new Date().toISOString(), undefined, "R1#0");
    await store.settle(delivery("gone"), "dropped", new Date().toISOString(), "not confirmed");
    expect(store.lineHandedOn("R1#0")).toBe(true);
    expect(deliveryRows(dir)).toMatchObject([
      { key: "sent", settled_as: "handed", line: "R1#0", attempts: 2, next_try_at: null, body: null },
      { key: "gone", settled_as: "dropped", reason: "not confirmed", body: null },
    ]);
    await store.close();
  });

  it("a database that is not one is refused before listening (WEBHOOK_DELIVERIES_UNREADABLE)", () => {
    const dir = makeTempDir("reseller-deliveries-");
    writeFileSync(
      join(dir, "records.db"),
      "not a database, but long enough to be read as a header by SQLite.".repeat(4),
      {
        mode: 0o600,
      },
    );
    expect(() => new DeliveryStore(dir)).toThrow(expect.objectContaining({ code: "WEBHOOK_DELIVERIES_UNREADABLE" }));
  });

  it("two listeners of two profiles sharing the config dir: each forgets only its own oldest settled deliveries", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const of = (profile: string, key: string): ReceivedDelivery => ({
      ...delivery(key),
      id: deliveryIdOf(key),
      profile,
    });
    const shopA = new DeliveryStore(dir, { profile: "shop-a", remember: 3 });
    const shopB = new DeliveryStore(dir, { profile: "shop-b", remember: 3 });
    const at = new Date().toISOString();
    for (let i = 0; i < 20; i++) {
      await Promise.all([
        shopA.receive(of("shop-a", `a${i}`)).then(() => shopA.settle(of("shop-a", `a${i}`), "handed", at)),
        shopB
          .receive(of("shop-b", `b${i}`))
          .then(() => (i % 2 === 0 ? shopB.settle(of("shop-b", `b${i}`), "handed", at) : undefined)),
      ]);
    }
    await Promise.all([shopA.close(), shopB.close()]);
    // Forgotten: fewer rows than deliveries.
    expect(deliveryRows(dir).length).toBeLessThan(40);
    closeRecordsDatabases();
    const after = new DeliveryStore(dir);
    // Every delivery of shop-b not settled is still there to hand on, none of shop-a's.
    expect(after.unsettled().map((d) => d.key)).toEqual(Array.from({ length: 10 }, (_, i) => `b${i * 2 + 1}`));
    // The newest settled names of each are still known: the service's retry is a duplicate.
    for (const key of ["a19", "a17", "b18", "b16"])
      expect(await after.receive(of(key.startsWith("a") ? "shop-a" : "shop-b", key)), key).toBe("duplicate");
    // The oldest are forgotten.
    expect(await after.receive(of("shop-a", "a0"))).toBe("new");
    await after.close();
  });

  it("a delivery that cannot be written whole (a full disk) is refused; the next attempt is taken and read back after a restart", async () => {
    const dir = makeTempDir("reseller-deliveries-");
    const big = (key: string) => ({ ...delivery(key), body: JSON.stringify({ licence: "x".repeat(64_000) }) });
    const first = new DeliveryStore(dir);
    await first.receive(delivery("earlier"));
    await first.settle(delivery("earlier"), "handed", new Date().toISOString());
    // No page more than it has: the next write needs room the disk does not have.
    const db = openRecordsDatabase(dir);
    const pages = db.pragma("page_count", { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    await expect(first.receive(big("big"))).rejects.toMatchObject({ code: "SQLITE_FULL" });
    expect(deliveryRows(dir).map((row) => row.key)).toEqual(["earlier"]);

    db.pragma(`max_page_count = ${pages * 1000}`);
    expect(await first.receive(big("big"))).toBe("new");
    await first.close();
    closeRecordsDatabases();
    const second = new DeliveryStore(dir);
    expect(second.unsettled().map((d) => d.key)).toEqual(["big"]);
    expect(second.unsettled()[0]!.body).toHaveLength(big("big").body.length);
    await second.close();
  });
});
