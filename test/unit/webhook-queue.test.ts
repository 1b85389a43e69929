/**
 * The hand-off queue on its own, with a real records database and a clock that does not wait: one at a
 * time in arrival order, each step tried again after a failure until its tries run out, a delivery the
 * service does not confirm dropped, and what a stop leaves behind handed on at the next start.
 */
import { en } from "../../src/messages/en.js";
import { describe, expect, it } from "vitest";
import { decodeWebhookEvent } from "../../src/api/decode.js";
import { DeliveryStore, deliveryIdOf, type ReceivedDelivery } from "../../src/webhooks/deliveries.js";
import type { HandOff, HandOffResult } from "../../src/webhooks/hand-off.js";
import { HandOffQueue, type Prepared, type QueueSteps } from "../../src/webhooks/queue.js";
import { deliveryRows } from "../support/records.js";
import { makeTempDir } from "../support/temp-dir.js";
import { until } from "../support/until.js";

function delivery(ref: string): ReceivedDelivery {
  const body = JSON.stringify({ event: "order.paid", data: { ref_id: ref, invoice: `INV-${ref}`, status: "paid" } });
  return {
    id: deliveryIdOf(`key-${ref}`),
    key: `key-${ref}`,
    profile: "default",
    event: "order.paid",
    ref_id: ref,
    invoice: `INV-${ref}`,
    signed_status: "paid",
    received_at: "t",
    body,
    headers: {},
  };
}

function harness(
  options: {
    handOff?: (parcel: { deliveryId: string; body: Buffer }) => HandOffResult | Promise<HandOffResult>;
    prepare?: (d: ReceivedDelivery) => Prepared | Promise<Prepared>;
    sleep?: (ms: number) => Promise<void>;
  } = {},
) {
  const store = new DeliveryStore(makeTempDir("reseller-queue-"));
  const log: string[] = [];
  const waits: number[] = [];
  const handOff: HandOff | undefined = options.handOff
    ? { describe: "test", stopWithinMs: 4_000, deliver: async (parcel) => options.handOff!(parcel) }
    : undefined;
  const steps: QueueSteps = {
    prepare: async (d) =>
      options.prepare
        ? options.prepare(d)
        : { ok: true, payload: Buffer.from(d.body), event: decodeWebhookEvent(JSON.parse(d.body)), headers: d.headers },
    note: (event) => log.push(`note ${event.refId}`),
    print: (event) => log.push(`print ${event.refId}`),
    handOff,
    env: () => ({}),
    warn: (line) => log.push(`warn ${line}`),
    say: en,
    now: () => 0,
    sleep: async (ms) => {
      waits.push(ms);
      await options.sleep?.(ms);
    },
    retryDelaysMs: [10, 20, 40],
  };
  return { store, log, waits, queue: new HandOffQueue(store, steps) };
}

describe("the hand-off queue", () => {
  it("hands deliveries on one at a time, in the order they came, each with its delivery id, and settles them", async () => {
    const handed: string[] = [];
    const h = harness({ handOff: ({ deliveryId }) => (handed.push(deliveryId), { ok: true }) });
    for (const ref of ["a", "b", "c"]) {
      await h.store.receive(delivery(ref));
      h.queue.push(delivery(ref));
    }
    await h.queue.idle();
    expect(handed).toEqual(["a", "b", "c"].map((ref) => deliveryIdOf(`key-${ref}`)));
    expect(h.log).toEqual(["note a", "print a", "note b", "print b", "note c", "print c"]);
    expect(h.store.unsettled()).toEqual([]);
  });

  it("a failing hand-off steps aside: the deliveries behind it go first, and it is tried again, waiting longer each time, until it is handed on", async () => {
    const handed: string[] = [];
    let failures = 0;
    const h = harness({
      handOff: ({ deliveryId }) => {
        if (deliveryId === deliveryIdOf("key-a") && failures < 5)
          return (failures++, { ok: false, reason: "target down" });
        handed.push(deliveryId);
        return { ok: true };
      },
    });
    for (const ref of ["a", "b", "c"]) await h.store.receive(delivery(ref));
    for (const ref of ["a", "b", "c"]) h.queue.push(delivery(ref));
    await h.queue.idle();
    expect(handed).toEqual(["b", "c", "a"].map((ref) => deliveryIdOf(`key-${ref}`)));
    // The last wait repeats for as long as it fails; it never gives up.
    expect(h.waits).toEqual([10, 20, 40, 40, 40]);
    expect(h.log.filter((l) => l.startsWith("warn"))[0]).toBe(
      "warn Order.paid for a not handed on yet: target down; trying again in 0.01 s.",
    );
    // Printed once, though handed on at the sixth try.
    expect(h.log.filter((l) => l === "print a")).toHaveLength(1);
    expect(h.store.unsettled()).toEqual([]);
    await h.store.close();
    // Handed on at last, after five failed tries, each noted beside it.
    expect(deliveryRows(h.store.dir).find((row) => row.key === "key-a")).toMatchObject({
      settled_as: "handed",
      attempts: 5,
    });
  });

  it("an order's events keep their order: one behind a failing delivery of the same order waits for it", async () => {
    const handed: string[] = [];
    let failures = 0;
    const h = harness({
      handOff: ({ deliveryId }) => {
        if (deliveryId === deliveryIdOf("key-a") && failures < 2)
          return (failures++, { ok: false, reason: "target down" });
        handed.push(deliveryId);
        return { ok: true };
      },
    });
    const completed = { ...delivery("a"), id: deliveryIdOf("key-a2"), key: "key-a2", event: "order.completed" };
    for (const d of [delivery("a"), completed, delivery("b")]) await h.store.receive(d);
    for (const d of [delivery("a"), completed, delivery("b")]) h.queue.push(d);
    await h.queue.idle();
    expect(handed).toEqual([deliveryIdOf("key-b"), deliveryIdOf("key-a"), deliveryIdOf("key-a2")]);
  });

  it("a delivery that failed is not settled: a store opened after a stop hands it on again", async () => {
    const h = harness({
      handOff: () => ({ ok: false, reason: "target down" }),
      sleep: () => new Promise(() => undefined),
    });
    await h.store.receive(delivery("a"));
    h.queue.push(delivery("a"));
    await until("a failed try", () => h.log.some((l) => l.includes("trying again")));
    await h.queue.stop(1_000);
    await h.store.close();
    expect(new DeliveryStore(h.store.dir).unsettled().map((d) => d.ref_id)).toEqual(["a"]);
  });

  it("drops a delivery the service does not confirm, and tries again one it could not ask about", async () => {
    let asked = 0;
    const h = harness({
      prepare: (d) => {
        asked++;
        if (d.ref_id === "gone") return { ok: false, reason: "not confirmed: the service knows no order gone" };
        if (asked === 2) throw new Error("no answer");
        return { ok: true, payload: Buffer.from(d.body), event: decodeWebhookEvent(JSON.parse(d.body)), headers: {} };
      },
    });
    for (const ref of ["gone", "later"]) {
      await h.store.receive(delivery(ref));
      h.queue.push(delivery(ref));
    }
    await h.queue.idle();
    expect(h.log).toEqual([
      "warn Not handed on: order.paid for gone: not confirmed: the service knows no order gone.",
      "warn Order.paid for later could not be confirmed: no answer; trying again in 0.01 s.",
      "note later",
      "print later",
    ]);
  });

  it("on stop, leaves what it did not hand on in the records database for the next start", async () => {
    let release: (r: HandOffResult) => void = () => undefined;
    let handingOff: () => void = () => undefined;
    const firstHandOff = new Promise<void>((done) => (handingOff = done));
    const h = harness({
      handOff: () =>
        new Promise<HandOffResult>((r) => {
          release = r;
          handingOff();
        }),
    });
    for (const ref of ["a", "b"]) {
      await h.store.receive(delivery(ref));
      h.queue.push(delivery(ref));
    }
    // Stopped while "a" is being handed on.
    await firstHandOff;
    const stopped = h.queue.stop(5_000);
    release({ ok: true });
    await stopped;
    await h.store.close();
    expect(new DeliveryStore(h.store.dir).unsettled().map((d) => d.ref_id)).toEqual(["b"]);
  });
});
