/**
 * `reseller webhook listen` under attack, through the built binary: each case reproduces what an
 * adversarial review did to the listener (forged events from one captured test signature, a real
 * signature replayed under another event name or with other items, a body too large to stop, many
 * slow connections) and checks that it now fails, while the service's real deliveries still get in.
 */
import { connect, type Socket } from "node:net";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { signBody } from "../../src/webhooks/signature.js";
import { useEmulator } from "../support/emulator.js";
import { postWebhook } from "../support/webhook-post.js";
import { resellerAs } from "./commands-harness.js";
import { buy, eventsOf, makeSecret, pointServiceAt, until, useListeners, type Received } from "./webhook-harness.js";
import { makeTempDir } from "../support/temp-dir.js";
import { deliveryRows } from "../support/records.js";

const harness = useEmulator();
const { listen, target } = useListeners();

/** An --exec command that keeps each event's stdin and environment in `dir`, one pair per event. */
function recorder(dir: string): string {
  // Written under a hidden name and renamed, so the test never reads an event half written.
  return `n=$(date +%s%N); printf '%s' "$RESELLER_DELIVERY_ID" > "${dir}/$RESELLER_EVENT-$n.id"; cat > "${dir}/.$n.part" && mv "${dir}/.$n.part" "${dir}/$RESELLER_EVENT-$n.json"`;
}
const recorded = (dir: string, event: string) =>
  readdirSync(dir)
    .filter((f) => f.startsWith(`${event}-`) && f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")));

/** What the service sends for a real event, caught at an address of ours before any listener sees it. */
async function capture(received: Received[], event: string, ref?: string): Promise<Received> {
  return until(
    `the service's ${event}`,
    () => received.find((r) => r.headers["x-event"] === event && (!ref || r.body.includes(`"${ref}"`))),
    20_000,
  );
}

describe("webhook listen against forged events", () => {
  it("refuses order events forged from a captured webhook.test signature (401), and hands the test on only as a test", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    await makeSecret(reseller);
    const spy = await target();
    await pointServiceAt(reseller, spy.url);
    expect((await reseller.run(["webhook", "test"])).exitCode).toBe(0);
    const test = await capture(spy.received, "webhook.test");
    const captured = String(test.headers["x-signature"]);

    const out = makeTempDir("reseller-forged-");
    const listener = await listen(reseller, ["--exec", recorder(out)]);
    const forgeries = [
      // The attack as found: an order event whose body says status "test" and names no order.
      {
        event: "order.completed",
        data: {
          ref_id: "",
          invoice: "",
          status: "test",
          items: [{ variant_id: 12, product_license: "stolen@example.com|pw", h2h_results: { sn: "CHOSEN-SN" } }],
        },
      },
      { event: "order.canceled", data: { ref_id: "", invoice: "", status: "test" } },
      { event: "order.paid", data: { status: "test" } },
    ];
    for (const body of forgeries) {
      const response = await postWebhook(listener.url, body, { "x-event": body.event, "x-signature": captured });
      expect(response.status, body.event).toBe(401);
    }
    // The test's own body under an order event's name in the header.
    expect(
      (await postWebhook(listener.url, test.body, { "x-event": "order.completed", "x-signature": captured })).status,
    ).toBe(401);
    // A test body dressed as an order is still only a test: nothing of the order is handed on.
    const dressed = {
      event: "webhook.test",
      timestamp: "2026-01-01T00:00:00+07:00",
      data: { status: "completed", items: [{ h2h_results: { sn: "CHOSEN-SN" } }], message: "hi" },
    };
    expect(
      (await postWebhook(listener.url, dressed, { "x-event": "webhook.test", "x-signature": captured })).status,
    ).toBe(200);
    await until("the test handed on", () => recorded(out, "webhook.test").length === 1);

    const { stdout, stderr } = await listener.stop();
    expect(stderr).toMatch(
      /Refused order.completed from 127.0.0.1: order.completed must be signed with status "completed" or "success", not "test"; answered 401\./,
    );
    expect(stderr).toMatch(
      /Refused order.paid from 127.0.0.1: order.paid must be signed with status "paid", not "test"/,
    );
    expect(stderr).toMatch(/its X-Event header says order.completed, its body webhook.test/);
    for (const event of ["order.completed", "order.canceled", "order.paid"]) expect(recorded(out, event)).toEqual([]);
    expect(recorded(out, "webhook.test")).toEqual([
      {
        event: "webhook.test",
        timestamp: "2026-01-01T00:00:00+07:00",
        data: { ref_id: "", invoice: "", message: "hi" },
      },
    ]);
    expect(stdout).not.toContain("CHOSEN-SN");
  });

  it("refuses a real order.completed signature replayed as order.canceled, and hands on the service's serial, not the body's", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const secret = await makeSecret(reseller);
    const spy = await target();
    await pointServiceAt(reseller, spy.url);
    await buy(reseller, ["--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "atk-h2h-1"]);
    harness.emulator.clock.advance(6_000);
    const real = await capture(spy.received, "order.completed", "atk-h2h-1");
    const signature = String(real.headers["x-signature"]);
    const body = JSON.parse(real.body);
    const trx = (await reseller.run(["trx", "show", "atk-h2h-1", "--json"])).json();
    const serviceSerial: string = trx.h2h_results[0].sn;
    expect(serviceSerial).toMatch(/^\d{20}$/);

    const out = makeTempDir("reseller-replay-");
    const listener = await listen(reseller, ["--exec", recorder(out)]);
    const canceled = { ...body, event: "order.canceled" };
    expect(
      (await postWebhook(listener.url, canceled, { "x-event": "order.canceled", "x-signature": signature })).status,
    ).toBe(401);
    // The same signature over other items: accepted (the items are not signed), but what goes on is the service's.
    const swapped = {
      ...body,
      data: {
        ...body.data,
        items: body.data.items.map((item: object) => ({
          ...item,
          h2h_results: { sn: "FORGED-SN", dispatch_status: "Success" },
          licenses: [{ product_license: "forged|pw" }],
        })),
      },
    };
    expect(signBody("order.completed", swapped, secret)).toBe(signature);
    expect(
      (await postWebhook(listener.url, swapped, { "x-event": "order.completed", "x-signature": signature })).status,
    ).toBe(200);
    const [handed] = await until(
      "the completed order handed on",
      () => recorded(out, "order.completed").length === 1 && recorded(out, "order.completed"),
    );

    const { stdout, stderr } = await listener.stop();
    expect(stderr).toMatch(/order.canceled must be signed with status "canceled" or "cancelled", not "completed"/);
    expect(recorded(out, "order.canceled")).toEqual([]);
    expect(handed).toMatchObject({
      event: "order.completed",
      data: { ref_id: "atk-h2h-1", status: "completed" },
      confirmed: { by: "GET /v1/trx", status: "completed" },
    });
    expect(handed.data.items[0].h2h_results.sn).toBe(serviceSerial);
    expect(handed.data.items[0].licenses).toEqual([]);
    expect(JSON.stringify(handed)).not.toMatch(/FORGED|forged/);
    expect(eventsOf(stdout, "atk-h2h-1")).toEqual(["order.completed"]);
    expect(stdout).toContain(serviceSerial);
    expect(stdout).not.toContain("FORGED-SN");
  });
});

describe("webhook listen against a replayed order.item.sent", () => {
  it("hands each sent line on once: the same signature naming another order_item_id is not handed on again", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    await makeSecret(reseller);
    const spy = await target();
    await pointServiceAt(reseller, spy.url);
    await buy(reseller, ["--item", "10", "--qty", "1", "--note", "akun: joki@contoh.id", "--ref-id", "atk-manual-1"]);
    harness.emulator.clock.advance(300_000);
    const real = await capture(spy.received, "order.item.sent", "atk-manual-1");
    const signature = String(real.headers["x-signature"]);
    const body = JSON.parse(real.body);

    const out = makeTempDir("reseller-item-sent-");
    const listener = await listen(reseller, ["--exec", recorder(out)]);
    expect(
      (await postWebhook(listener.url, body, { "x-event": "order.item.sent", "x-signature": signature })).status,
    ).toBe(200);
    await until("the item handed on", () => recorded(out, "order.item.sent").length === 1);
    const replay = {
      ...body,
      data: {
        ...body.data,
        item: { ...body.data.item, order_item_id: "forged-2", licenses: [{ product_license: "forged|pw" }] },
      },
    };
    expect(
      (await postWebhook(listener.url, replay, { "x-event": "order.item.sent", "x-signature": signature })).status,
    ).toBe(200);
    await until("the replay dropped", () =>
      /Not handed on: order.item.sent for atk-manual-1: not confirmed: item 10 of atk-manual-1 was handed on already\./.test(
        listener.stderr(),
      ),
    );
    await listener.stop();
    const handed = recorded(out, "order.item.sent");
    expect(handed).toHaveLength(1);
    expect(handed[0].data.item).toMatchObject({
      variant_id: 10,
      status: "sent",
      licenses: [
        { product_license: "Joki selesai, akun sudah Legend V. Silakan ganti password akun Anda.", note: null },
      ],
    });
  });
});

describe("webhook listen against requests meant to stop it", () => {
  it("answers a chunked 1.1 MB unsigned body 413 and goes on serving", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    const secret = await makeSecret(reseller);
    const listener = await listen(reseller);
    const { port } = new URL(listener.url);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), "127.0.0.1");
      let text = "";
      socket.setEncoding("utf8").on("data", (d: string) => (text += d));
      socket.on("close", () => resolve(text));
      socket.on("error", () => undefined);
      socket.write(
        "POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
      );
      const chunk = "x".repeat(64 * 1024);
      for (let sent = 0; sent < 1.1 * 1024 * 1024; sent += chunk.length)
        socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      socket.end("0\r\n\r\n");
    });
    expect(answer).toMatch(/^HTTP\/1.1 413/);
    const test = { event: "webhook.test", data: {} };
    for (let i = 0; i < 3; i++) {
      const response = await postWebhook(listener.url, test, {
        "x-event": "webhook.test",
        "x-signature": signBody("webhook.test", test, secret),
      });
      expect(response.status).toBe(200);
    }
    expect(listener.running.child.exitCode).toBeNull();
    const { exitCode, stderr } = await listener.stop();
    expect(exitCode).toBe(0);
    expect(stderr).toMatch(/Refused POST \/webhook from 127.0.0.1: the body is larger than 1024 KB; answered 413\./);
  });

  it("answers a signed delivery while 100 slow connections hold their requests open", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const secret = await makeSecret(reseller);
    const listener = await listen(reseller);
    const { port } = new URL(listener.url);
    const slow: Socket[] = [];
    const drip = setInterval(() => {
      for (const socket of slow) if (socket.writable) socket.write("X-Slow: a\r\n");
    }, 1_000);
    try {
      await Promise.all(
        Array.from(
          { length: 100 },
          (_, i) =>
            new Promise<void>((resolve) => {
              const socket = connect(Number(port), "127.0.0.1", () => {
                // Half of them never finish their headers, half never finish their body.
                socket.write(
                  i % 2
                    ? "POST /webhook HTTP/1.1\r\nHost: x\r\n"
                    : "POST /webhook HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{",
                );
                resolve();
              });
              socket.on("error", () => undefined);
              slow.push(socket);
            }),
        ),
      );
      const test = { event: "webhook.test", data: {} };
      const response = await postWebhook(listener.url, test, {
        "x-event": "webhook.test",
        "x-signature": signBody("webhook.test", test, secret),
      });
      expect(response.status).toBe(200);
      // Answered while they still hold on, not once the listener's timeouts have cut them all off.
      expect(slow.filter((socket) => !socket.destroyed).length).toBeGreaterThan(0);
    } finally {
      clearInterval(drip);
      for (const socket of slow) socket.destroy();
    }
    expect(listener.running.child.exitCode).toBeNull();
    expect(deliveryRows(reseller.configDir).map((row) => row.event)).toContain("webhook.test");
  }, 60_000);
});

describe("webhook listen and the emulator, beyond the listener's own requests", () => {
  it("--json on a terminal shows C1 controls, direction overrides and zero-width marks as escapes, still JSON", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const secret = await makeSecret(reseller);
    const listener = await listen(reseller, [], { mode: "json", env: { RESELLER_FORCE_TTY: "1" } });
    const hostile = "ok\u009b31m\u202egnp.exe\u200b\u2066!";
    const test = { event: "webhook.test", timestamp: "2026-01-01T00:00:00+07:00", data: { message: hostile } };
    expect(
      (
        await postWebhook(listener.url, test, {
          "x-event": "webhook.test",
          "x-signature": signBody("webhook.test", test, secret),
        })
      ).status,
    ).toBe(200);
    const line = await until("the event line", () =>
      listener
        .stdout()
        .split("\n")
        .find((l) => l.includes("webhook.test")),
    );
    expect(line).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u200b\u2066]/);
    expect(line).toContain("\\u009b31m\\u202egnp.exe\\u200b\\u2066!");
    expect(JSON.parse(line).data.message).toBe(hostile);
  });

  it("warns when it listens on every address (--host 0.0.0.0)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const listener = await listen(reseller, ["--host", "0.0.0.0"], {
      env: { RESELLER_WEBHOOK_SECRET: "a-secret-for-this-test" },
    });
    await until("the warning", () =>
      /Listening on 0\.0\.0\.0: every machine that can reach this one can send it requests/.test(listener.stderr()),
    );
    const quiet = await listen(reseller, [], { env: { RESELLER_WEBHOOK_SECRET: "a-secret-for-this-test" } });
    await until("the start-up lines", () => /Press Ctrl-C/.test(quiet.stderr()));
    expect(quiet.stderr()).not.toMatch(/every machine that can reach this one/);
  });

  it("the emulator posts webhooks to this machine only: a callback elsewhere is not sent, and said", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Warung Premium ID"));
    await makeSecret(reseller);
    // https, so the service (and the emulator) accept the setting; TEST-NET, so nothing could answer anyway.
    await pointServiceAt(reseller, "https://192.0.2.10/webhook");
    expect((await reseller.run(["webhook", "test"])).exitCode).toBe(0);
    const line = await until("the emulator's log line", () =>
      harness.requests.find((l) => l.startsWith("webhook webhook.test -> https://192.0.2.10/webhook")),
    );
    expect(line).toBe(
      "webhook webhook.test -> https://192.0.2.10/webhook not sent: it is not on this machine (start the emulator with --allow-remote-webhooks to send there)",
    );
  });
});
