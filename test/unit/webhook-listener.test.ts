/**
 * The webhook receiver on its own, over real HTTP: what it accepts, what it refuses and with which
 * status, that a delivery is handed on once however often it comes, and that no bad request (too big,
 * too slow, not JSON, unsigned) stops it from serving the next.
 */
import { en } from "../../src/messages/en.js";
import { connect } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startWebhookListener, type Delivery, type Limits, type RunningListener } from "../../src/webhooks/listener.js";
import { signBody } from "../../src/webhooks/signature.js";
import { until } from "../support/until.js";
import { postWebhook } from "../support/webhook-post.js";

const secret = "whsec-test-0123456789";

const completed = {
  event: "order.completed",
  timestamp: "2024-01-15T10:30:00+07:00",
  data: {
    invoice: "INV-20240115-XXXXX",
    ref_id: "your-ref-123",
    status: "completed",
    price: 50000,
    fees: 1000,
    amount: 51000,
    payment_code: "saldo",
    items: [
      {
        variant_id: 123,
        variant_name: "Diamond 100",
        product_id: 45,
        product_name: "Mobile Legends",
        order_process: "h2h",
        quantity: 1,
        price: 50000,
        subtotal: 50000,
        note: "123456789|1234",
        h2h_results: {
          sn: "SN123456789",
          dispatch_status: "Success",
          dispatch_message: "Transaksi sukses",
          ref_id: "TRX123456789",
        },
        target: "123456789|1234",
        status: "completed",
      },
    ],
  },
};

interface Harness {
  listener: RunningListener;
  handled: Delivery[];
  said: string[];
  remembered: Set<string>;
  /** How many deliveries have been taken in (and held, with `held`). */
  held(): number;
}

let running: RunningListener | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

/** A listener whose `accept` keeps deliveries in memory, named by their signed fields, as the store does. */
async function listen(
  options: {
    /** Each delivery is held here, once taken in, until this settles. */
    held?: Promise<void>;
    failing?: number;
    limits?: Partial<Limits>;
    maxAgeMs?: number;
    now?: () => number;
  } = {},
): Promise<Harness> {
  const handled: Delivery[] = [];
  const said: string[] = [];
  const remembered = new Set<string>();
  let failing = options.failing ?? 0;
  let heldDeliveries = 0;
  const listener = await startWebhookListener({
    host: "127.0.0.1",
    port: 0,
    secret,
    now: options.now ?? Date.now,
    ...(options.maxAgeMs !== undefined ? { maxAgeMs: options.maxAgeMs } : {}),
    accept: async (delivery) => {
      const key = `${delivery.event.event}|${delivery.signed.refId}|${delivery.signed.invoice}|${delivery.signed.status}`;
      heldDeliveries++;
      await options.held;
      if (failing-- > 0) throw Object.assign(new Error("disk full"), { code: "ENOSPC" });
      if (remembered.has(key)) return "duplicate";
      remembered.add(key);
      handled.push(delivery);
      return "new";
    },
    tell: (line) => said.push(line),
    say: en,
    limits: options.limits,
  });
  running = listener;
  return { listener, handled, said, remembered, held: () => heldDeliveries };
}

const signed = (body: { event: string }, key = secret) => ({
  "x-event": body.event,
  "x-signature": signBody(body.event, body, key),
});

describe("webhook listen's receiver", () => {
  it("hands a signed documented event on, decoded, and answers 200 {status: ok}", async () => {
    const h = await listen();
    const response = await postWebhook(h.listener.url, completed, signed(completed));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(h.handled).toHaveLength(1);
    expect(h.handled[0]!.event).toMatchObject({
      event: "order.completed",
      refId: "your-ref-123",
      invoice: "INV-20240115-XXXXX",
      amount: 51000,
    });
    expect(h.handled[0]!.event.items[0]!.serials).toEqual(["SN123456789"]);
    expect(h.handled[0]!.body.toString()).toBe(JSON.stringify(completed));
  });

  it("answers a delivery already received with 200 {duplicate: true}, whatever its unsigned fields say", async () => {
    const h = await listen();
    expect((await postWebhook(h.listener.url, completed, signed(completed))).status).toBe(200);
    // Another timestamp, other items: the same signed fields, so the same delivery.
    const variant = { ...completed, timestamp: "2024-01-15T10:30:08+07:00", data: { ...completed.data, items: [] } };
    const again = await postWebhook(h.listener.url, variant, signed(completed));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: "ok", duplicate: true });
    expect(h.handled).toHaveLength(1);
    expect(h.said.join("\n")).toMatch(/Already received order.completed for your-ref-123/);
  });

  it("answers 500 when the delivery could not be written down, so the service tries again, and takes the next attempt", async () => {
    const h = await listen({ failing: 1 });
    const first = await postWebhook(h.listener.url, completed, signed(completed));
    expect(first.status).toBe(500);
    expect(h.said.join("\n")).toMatch(/Could not take a delivery from 127.0.0.1: ENOSPC; answered 500/);
    expect((await postWebhook(h.listener.url, completed, signed(completed))).status).toBe(200);
    expect(h.handled).toHaveLength(1);
  });

  it("refuses with 401 an event whose name does not agree with its signed status, or an order event naming no order", async () => {
    const h = await listen();
    // The test signature is the same for every test event: sha256("::test:" + secret).
    const test = { event: "webhook.test", timestamp: "2024-01-15T10:30:00+07:00", data: {} };
    const captured = signBody("webhook.test", test, secret);
    const forged = {
      event: "order.completed",
      data: { ref_id: "", invoice: "", status: "test", items: [{ variant_id: 1, h2h_results: { sn: "CHOSEN" } }] },
    };
    expect(signBody("order.completed", forged, secret)).toBe(captured);
    const replayed = { ...completed, event: "order.canceled", data: { ...completed.data, status: "completed" } };
    const undocumented = { event: "order.shipped", data: { ...completed.data } };
    const noInvoice = { event: "order.paid", data: { ref_id: "r-1", invoice: "", status: "paid" } };
    const cases: [unknown, Record<string, string>, RegExp][] = [
      [
        forged,
        { "x-event": "order.completed", "x-signature": captured },
        /order.completed must be signed with status "completed" or "success", not "test"/,
      ],
      [
        { ...test, event: "webhook.test" },
        { "x-event": "order.completed", "x-signature": captured },
        /its X-Event header says order.completed, its body webhook.test/,
      ],
      [
        replayed,
        { "x-event": "order.canceled", "x-signature": signBody("order.completed", completed, secret) },
        /order.canceled must be signed with status "canceled" or "cancelled", not "completed"/,
      ],
      [
        undocumented,
        { "x-event": "order.shipped", "x-signature": signBody("order.completed", completed, secret) },
        /cannot carry the status "completed"/,
      ],
      [
        noInvoice,
        { "x-event": "order.paid", "x-signature": signBody("order.paid", noInvoice, secret) },
        /order.paid names no order: its signed invoice is empty/,
      ],
    ];
    for (const [body, headers, why] of cases) {
      const response = await postWebhook(h.listener.url, body, headers);
      expect(response.status).toBe(401);
      expect(h.said.pop()).toMatch(why);
    }
    expect(h.handled).toHaveLength(0);
    // The test event itself passes, as a test.
    expect(
      (await postWebhook(h.listener.url, test, { "x-event": "webhook.test", "x-signature": captured })).status,
    ).toBe(200);
    expect(h.handled.map((d) => d.event.event)).toEqual(["webhook.test"]);
  });

  it("--max-age: refuses a delivery stamped too long ago or without a stamp, takes a fresh one", async () => {
    const now = Date.parse("2024-01-15T10:30:30+07:00");
    const h = await listen({ maxAgeMs: 60_000, now: () => now });
    const stale = await postWebhook(h.listener.url, completed, {
      ...signed(completed),
      "x-timestamp": "2024-01-15T10:20:00+07:00",
    });
    expect(stale.status).toBe(401);
    expect(h.said.pop()).toMatch(/more than --max-age 60 s from now/);
    const { timestamp: _t, ...unstamped } = completed;
    expect((await postWebhook(h.listener.url, unstamped, signed(completed))).status).toBe(401);
    expect(h.said.pop()).toMatch(/no X-Timestamp/);
    expect(
      (
        await postWebhook(h.listener.url, completed, {
          ...signed(completed),
          "x-timestamp": "2024-01-15T10:30:00+07:00",
        })
      ).status,
    ).toBe(200);
  });

  it("refuses with 401 a missing signature, another secret's, and a body whose signed fields were changed", async () => {
    const h = await listen();
    const tampered = { ...completed, data: { ...completed.data, ref_id: "someone-elses-ref" } };
    const cases: [unknown, Record<string, string>][] = [
      [completed, { "x-event": "order.completed" }],
      [completed, signed(completed, "another-secret")],
      [tampered, signed(completed)],
      [{ ...completed, data: { ...completed.data, status: "canceled" } }, signed(completed)],
    ];
    for (const [body, headers] of cases) {
      const response = await postWebhook(h.listener.url, body, headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ status: "error", message: "invalid signature" });
    }
    expect(h.handled).toHaveLength(0);
    expect(h.said).toHaveLength(4);
    expect(h.said[0]).toMatch(
      /^Refused order.completed for your-ref-123 from 127.0.0.1: no X-Signature header; answered 401\.$/,
    );
    expect(h.said[1]).toMatch(/the signature does not match/);
    // And it still serves.
    expect((await postWebhook(h.listener.url, completed, signed(completed))).status).toBe(200);
  });

  it("takes only POST, only on /webhook, only JSON, only up to the size limit, and goes on serving", async () => {
    const h = await listen({ limits: { maxBodyBytes: 2048 } });
    const base = h.listener.url.replace(/\/webhook$/, "");
    const get = await fetch(h.listener.url);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await postWebhook(`${base}/`, completed, signed(completed))).status).toBe(404);
    expect((await postWebhook(`${base}/webhook/extra`, completed, signed(completed))).status).toBe(404);
    expect((await postWebhook(h.listener.url, "{not json", signed(completed))).status).toBe(400);
    const big = { ...completed, padding: "x".repeat(4096) };
    expect((await postWebhook(h.listener.url, big, signed(big as typeof completed))).status).toBe(413);
    expect((await postWebhook(h.listener.url, completed, signed(completed))).status).toBe(200);
    expect(h.handled).toHaveLength(1);
  });

  it("cuts off a sender whose headers or body drip in too slowly, and goes on serving", async () => {
    const h = await listen({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
    const { port } = new URL(h.listener.url);
    const slow = (lines: string[]) =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(port), "127.0.0.1");
        let answer = "";
        socket.setEncoding("utf8").on("data", (d: string) => (answer += d));
        socket.on("close", () => resolve(answer));
        socket.on("error", () => undefined);
        socket.write(lines.join("\r\n"));
        // Never finishes: one more byte now and then, to keep idle timers from firing.
        const drip = setInterval(() => socket.writable && socket.write("a"), 100);
        socket.on("close", () => clearInterval(drip));
      });
    // The drip never ends: only the listener's timeouts end these (or the test's own timeout, failing it).
    const [headersAnswer, bodyAnswer] = await Promise.all([
      slow(["POST /webhook HTTP/1.1", "Host: x", "X-Slow: a"]),
      slow(["POST /webhook HTTP/1.1", "Host: x", "Content-Type: application/json", "Content-Length: 100000", "", "{"]),
    ]);
    expect(headersAnswer).toMatch(/^HTTP\/1.1 408/);
    expect(bodyAnswer).toMatch(/^HTTP\/1.1 408/);
    expect((await postWebhook(h.listener.url, completed, signed(completed))).status).toBe(200);
  });

  it("over its cap for one peer, closes that peer's oldest stalled connection to take a new one", async () => {
    const h = await listen({ limits: { maxConnectionsPerPeer: 5, stalledAfterMs: 200 } });
    const { port } = new URL(h.listener.url);
    const closed: boolean[] = [];
    let written = 0;
    const sockets = Array.from({ length: 5 }, (_, i) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("POST /webhook HTTP/1.1\r\nHost: x\r\n", () => written++),
      );
      socket.on("error", () => undefined);
      socket.on("close", () => (closed[i] = true));
      return socket;
    });
    await until("the five connections to send their first lines", () => written === 5);
    // Not a wait for an event: stalled is a time without a whole request, 200 ms here.
    await new Promise((r) => setTimeout(r, 200 + 50));
    // The sixth connection is over the cap: the oldest stalled one makes room, and it is answered.
    expect((await postWebhook(h.listener.url, completed, signed(completed))).status).toBe(200);
    await until("the oldest connection closed", () => closed[0]);
    expect(closed.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    expect(closed[0]).toBe(true);
    for (const socket of sockets) socket.destroy();
  });

  it("reads order.item.sent's licences and signs it with the literal item.sent", async () => {
    const h = await listen();
    const sent = {
      event: "order.item.sent",
      timestamp: "2026-02-12T00:24:15+07:00",
      data: {
        invoice: "SPY1770830637OC8V",
        ref_id: "INV-20260212-NQGYFI",
        transaction_status: "paid",
        item: {
          order_item_id: "01kh6vpatp6yhphh181zz3a8qv",
          variant_id: 9,
          variant_name: "Ios 1 Bulan",
          product_name: "Apple Music",
          order_process: "manual",
          quantity: 1,
          price: 3325,
          status: "sent",
          note: "<link>",
          licenses: [{ product_license: "user@email.com|password123", note: null }],
          sent_at: "2026-02-12T00:24:15+07:00",
        },
      },
    };
    const response = await postWebhook(h.listener.url, sent, {
      "x-event": "order.item.sent",
      "x-signature": "23338efc0ddb1750d80407c5308c34ca112068b70164fb80de489f25e58eeea6",
    });
    // That signature is for the secret "abc123" (see the signature test); this listener's secret is another.
    expect(response.status).toBe(401);
    expect((await postWebhook(h.listener.url, sent, signed(sent))).status).toBe(200);
    expect(h.handled[0]!.signed.status).toBe("item.sent");
    expect(h.handled[0]!.event).toMatchObject({ event: "order.item.sent", status: { text: "paid", kind: "paid" } });
    expect(h.handled[0]!.event.items).toEqual([
      expect.objectContaining({ orderItemId: "01kh6vpatp6yhphh181zz3a8qv", licences: ["user@email.com|password123"] }),
    ]);
  });

  it("finishes an answer under way before close() returns", async () => {
    let release = () => {};
    const h = await listen({ held: new Promise<void>((resolve) => (release = resolve)) });
    const answer = postWebhook(h.listener.url, completed, signed(completed));
    await until("the delivery taken in", () => h.held() === 1);
    const closing = h.listener.close();
    running = undefined;
    let closed = false;
    void closing.then(() => (closed = true));
    // Still answering: close() waits for it.
    await new Promise((r) => setImmediate(r));
    expect(closed).toBe(false);
    release();
    await closing;
    expect((await answer).status).toBe(200);
  });
});
