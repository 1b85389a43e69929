/**
 * `reseller webhook listen` through the built binary, fed by the emulator's own signed webhooks: each
 * account makes a secret (`webhook secret --save`), starts a listener, points the service at it
 * (`webhook set --url`), then buys. What the listener prints, refuses, hands on and settles is checked
 * against what the emulator sent and what it logged about each attempt.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { signBody } from "../../src/webhooks/signature.js";
import { useEmulator } from "../support/emulator.js";
import { journalRecords, resellerAs } from "./commands-harness.js";
import {
  buy,
  eventsOf,
  makeSecret,
  manualOrder,
  pointServiceAt,
  rows,
  until,
  useListeners,
} from "./webhook-harness.js";
import { makeTempDir } from "../support/temp-dir.js";
import { deliveryRows } from "../support/records.js";

const harness = useEmulator();
const { listen, target, servers } = useListeners();

/** What the emulator logged about its webhook attempts. */
const attempts = (event: string) => harness.requests.filter((line) => line.startsWith(`webhook ${event} `));

describe("webhook listen, fed by the emulator", () => {
  it("prints order.paid, order.completed with the serial, and order.item.sent with the licence, one row each", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Toko Makmur Jaya"));
    await makeSecret(reseller);
    const listener = await listen(reseller);
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, ["--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "wh-h2h-1"]);
    await buy(reseller, ["--item", "10", "--qty", "1", "--note", "akun: joki@contoh.id", "--ref-id", "wh-manual-1"]);
    await until(
      "both order.paid",
      () =>
        eventsOf(listener.stdout(), "wh-h2h-1").length === 1 && eventsOf(listener.stdout(), "wh-manual-1").length === 1,
    );

    harness.emulator.clock.advance(6_000);
    await until("the h2h order.completed", () => eventsOf(listener.stdout(), "wh-h2h-1").includes("order.completed"));
    harness.emulator.clock.advance(300_000);
    await until("the manual item's events", () =>
      eventsOf(listener.stdout(), "wh-manual-1").includes("order.completed"),
    );

    const { exitCode, stdout, stderr } = await listener.stop();
    expect(exitCode, stderr).toBe(0);
    expect(stderr).toMatch(/Stopping/);
    const h2h = rows(stdout).filter((row) => row[2] === "wh-h2h-1");
    expect(h2h.map((row) => row.slice(1, 5))).toEqual([
      ["order.paid", "wh-h2h-1", expect.stringMatching(/^INV-/), "paid"],
      ["order.completed", "wh-h2h-1", expect.stringMatching(/^INV-/), "completed"],
    ]);
    // The serial number, as GET /v1/trx shows it too.
    const trx = await reseller.run(["trx", "show", "wh-h2h-1", "--json"]);
    expect(h2h[1]![5]).toMatch(/^\d{20}$/);
    expect(trx.json().h2h_results[0].sn).toBe(h2h[1]![5]);
    // Piped times are UTC, as in every other command, whatever offset the event was stamped with.
    expect(h2h[0]![0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);

    const manual = rows(stdout).filter((row) => row[2] === "wh-manual-1");
    expect(manual.map((row) => row[1])).toEqual(["order.paid", "order.item.sent", "order.completed"]);
    // Confirmed with the service as it is handed on: the order's status then, and the licence the service holds.
    expect(manual[1]!.slice(4)).toEqual([
      "completed",
      "Joki selesai, akun sudah Legend V. Silakan ganti password akun Anda.",
    ]);
    // Every event was answered 2xx at the first attempt.
    const mine = attempts("order.paid").filter((line) => line.includes(listener.url));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((line) => / 200 \(attempt 1\)$/.test(line))).toBe(true);
  });

  it("--json: one object per line, each the event as confirmed with the service", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    const secret = await makeSecret(reseller);
    const listener = await listen(reseller, [], { mode: "json" });
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, ["--item", "3", "--qty", "1", "--ref-id", "wh-json-1"]);
    harness.emulator.clock.advance(3_000);
    await until("order.completed", () => listener.stdout().includes('"order.completed"'));
    const lines = listener.stdout().trim().split("\n");
    const events = lines.map((line) => JSON.parse(line) as { event: string; timestamp: string; data: any });
    expect(events.map((e) => e.event)).toEqual(["order.paid", "order.completed"]);
    for (const e of events)
      expect(e.data).toMatchObject({ ref_id: "wh-json-1", invoice: expect.stringMatching(/^INV-/) });
    expect(events.map((e) => e.data.status)).toEqual(["paid", "completed"]);
    expect(events[1]).toMatchObject({ confirmed: { by: "GET /v1/trx", status: "completed" } });
    const trx = (await reseller.run(["trx", "show", "wh-json-1", "--json"])).json();
    expect(events[1]!.data.items[0].licenses).toEqual([
      { product_license: trx.data.items[0].product_license, note: null },
    ]);
    expect(trx.data.items[0].product_license).toMatch(/^Email: spt\..*@premiumku\.id \| Password: /);
    await until("the service's log of its one attempt", () =>
      attempts("order.completed").some((line) => line === `webhook order.completed -> ${listener.url} 200 (attempt 1)`),
    );
    const { stdout, stderr } = await listener.stop();
    expect(stdout).not.toContain(secret);
    expect(stderr).not.toContain(secret);
  });

  it("ends once the reader of its output has gone (`| head -1`): the next event it prints ends it, exit 0", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Berkah Pulsa Cell"));
    await makeSecret(reseller);
    const listener = await listen(reseller, [], { mode: "json" });
    await pointServiceAt(reseller, listener.url);
    const child = listener.running.child;
    // As `| head -1` does: the reader leaves once it has the first line.
    child.stdout!.once("data", () => child.stdout!.destroy());
    await buy(reseller, ["--item", "3", "--qty", "1", "--ref-id", "wh-head-1"]);
    await until("order.paid", () => listener.stdout().includes('"order.paid"'));
    harness.emulator.clock.advance(3_000);
    // A follower keeps nothing only in memory: it ends, rather than following until Ctrl-C with nobody reading.
    const ended = await listener.running.done;
    expect(ended.exitCode, ended.stderr).toBe(0);
  });

  it("refuses with 401 and a line on stderr: the service's events under another secret, and a body changed on the way", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Sinar Digital Store"));
    await makeSecret(reseller);
    const wrong = "not-the-secret-the-service-signs-with";
    const listener = await listen(reseller, [], { env: { RESELLER_WEBHOOK_SECRET: wrong } });
    await until("where the secret came from", () =>
      /webhook secret from RESELLER_WEBHOOK_SECRET \(\*\*\*\*with\)/.test(listener.stderr()),
    );
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, ["--item", "15", "--qty", "1", "--note", "081798765432", "--ref-id", "wh-wrong-1"]);
    await until("the service's first attempt refused", () =>
      attempts("order.paid").some(
        (line) => line.includes(listener.url) && / 401 \(attempt 1\); next in 1 s$/.test(line),
      ),
    );
    // The line is written before the answer, but reaches this process through a pipe, maybe later.
    await until("the refusal on stderr", () =>
      /Refused order.paid for wh-wrong-1 from 127\.0\.0\.1: the signature does not match .*; answered 401\./.test(
        listener.stderr(),
      ),
    );

    // A documented body, signed with the listener's secret, then one signed field changed.
    const body = {
      event: "order.completed",
      timestamp: "2024-01-15T10:30:00+07:00",
      data: { invoice: "INV-X", ref_id: "wh-tamper-1", status: "completed", items: [] },
    };
    const headers = {
      "content-type": "application/json",
      "x-event": "order.completed",
      "x-signature": signBody("order.completed", body, wrong),
    };
    const tampered = await fetch(listener.url, {
      method: "POST",
      headers,
      body: JSON.stringify({ ...body, data: { ...body.data, status: "canceled" } }),
    });
    expect(tampered.status).toBe(401);
    const unsigned = await fetch(listener.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(unsigned.status).toBe(401);
    await until("the unsigned one's refusal", () =>
      /Refused order.completed for wh-tamper-1 .*: no X-Signature header; answered 401\./.test(listener.stderr()),
    );
    // The untouched body passes: the refusals were about the signature, nothing else.
    expect((await fetch(listener.url, { method: "POST", headers, body: JSON.stringify(body) })).status).toBe(200);
    await until("the service's answer to the confirmation", () =>
      /Not handed on: order.completed for wh-tamper-1/.test(listener.stderr()),
    );

    const { stdout, stderr } = await listener.stop();
    expect(eventsOf(stdout, "wh-wrong-1")).toEqual([]);
    // Signed with the listener's secret, but the service knows no such order: never printed or handed on.
    expect(eventsOf(stdout, "wh-tamper-1")).toEqual([]);
    expect(stderr).toMatch(
      /Not handed on: order.completed for wh-tamper-1: not confirmed: the service knows no order wh-tamper-1 for this API key \(TRX_NOT_FOUND\)\./,
    );
  });

  it("prints and hands on a delivery once, however often it comes, also after a restart", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    await makeSecret(reseller);
    const bot = await target();
    const listener = await listen(reseller, ["--forward-to", bot.url]);
    await until("where events go", () => listener.stderr().includes(`forwarding each event to ${bot.url}`));
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, manualOrder("wh-once-1"));
    const delivered = await until("the forwarded order.paid", () =>
      bot.received.find((r) => r.headers["x-event"] === "order.paid"),
    );

    // The same delivery again, byte for byte as the service sent it (a retry after a lost answer).
    const again = () =>
      fetch(listener.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-event": "order.paid",
          "x-signature": String(delivered.headers["x-signature"]),
          "x-timestamp": new Date().toISOString(),
        },
        body: delivered.body,
      });
    const retried = await again();
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ status: "ok", duplicate: true });
    const first = await listener.stop();
    expect(eventsOf(first.stdout, "wh-once-1")).toEqual(["order.paid"]);
    expect(first.stderr).toMatch(
      /Already received order.paid for wh-once-1 \(the service tried again\); answered 200\./,
    );

    // Remembered in the config dir: a new listener answers it 2xx without handing it on.
    expect(statSync(join(reseller.configDir, "records.db")).mode & 0o777).toBe(0o600);
    expect(deliveryRows(reseller.configDir).map((row) => row.ref_id)).toContain("wh-once-1");
    const restarted = await listen(reseller, ["--forward-to", bot.url]);
    const afterRestart = await fetch(restarted.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-event": "order.paid",
        "x-signature": String(delivered.headers["x-signature"]),
      },
      body: delivered.body,
    });
    expect(await afterRestart.json()).toEqual({ status: "ok", duplicate: true });
    const second = await restarted.stop();
    expect(second.stdout).toBe("");
    expect(bot.received.filter((r) => r.headers["x-event"] === "order.paid")).toHaveLength(1);
  });

  it("--forward-to a target that fails first: the service is answered 200 at once, the listener tries again, one delivery id", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
    await makeSecret(reseller);
    const bot = await target([503]);
    const listener = await listen(reseller, ["--forward-to", bot.url]);
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, manualOrder("wh-retry-1"));
    await until("the retry delivered", () => bot.received.filter((r) => r.status === 200).length === 1);

    // The service's one attempt was answered 200 before the target was even asked.
    const mine = attempts("order.paid").filter((line) => line.includes(listener.url));
    expect(mine).toEqual([`webhook order.paid -> ${listener.url} 200 (attempt 1)`]);
    expect(bot.received.map((r) => r.status)).toEqual([503, 200]);
    // What the bot got both times: the same payload, signature and delivery id.
    const [a, b] = bot.received;
    expect(a!.body).toBe(b!.body);
    expect(JSON.parse(a!.body)).toMatchObject({
      event: "order.paid",
      data: { ref_id: "wh-retry-1", status: "paid" },
      confirmed: { status: "paid" },
    });
    expect(a!.headers["x-signature"]).toMatch(/^[0-9a-f]{64}$/);
    expect(a!.headers["x-signature"]).toBe(b!.headers["x-signature"]);
    expect(a!.headers["user-agent"]).toBe("ResellerWebhook/1.0");
    expect(a!.headers["x-reseller-delivery"]).toMatch(/^whd_[0-9a-f]{32}$/);
    expect(b!.headers["x-reseller-delivery"]).toBe(a!.headers["x-reseller-delivery"]);

    const { stdout, stderr } = await listener.stop();
    expect(eventsOf(stdout, "wh-retry-1")).toEqual(["order.paid"]);
    expect(stderr).toMatch(/Order.paid for wh-retry-1 not handed on yet: .* answered HTTP 503; trying again in 1 s\./);
  });

  it("--forward-to passes on no credentials that came with a request: Authorization and Cookie stay behind", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
    const secret = await makeSecret(reseller);
    const bot = await target();
    const listener = await listen(reseller, ["--forward-to", bot.url], { env: { RESELLER_API_KEY: "" } });
    const test = { event: "webhook.test", timestamp: "2026-01-01T00:00:00+07:00", data: { message: "hi" } };
    const response = await fetch(listener.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-event": "webhook.test",
        "x-signature": signBody("webhook.test", test, secret),
        authorization: "Bearer proxy-token",
        cookie: "session=abc",
        "x-custom": "kept?",
      },
      body: JSON.stringify(test),
    });
    expect(response.status).toBe(200);
    const got = await until("the forwarded test", () => bot.received[0]);
    expect(got.headers.authorization).toBeUndefined();
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers["x-custom"]).toBeUndefined();
    expect(got.headers["x-signature"]).toBe(signBody("webhook.test", test, secret));
    await listener.stop();
  });

  it("--exec: the event on stdin, its fields and delivery id in the environment, never the API key; a failure is tried again", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Rumah Game Murah"));
    const secret = await makeSecret(reseller);
    const out = makeTempDir("reseller-exec-");
    // Fails the first time it sees an event (as a bot whose database is down would), then handles it.
    const script = [
      `if [ ! -e "${out}/tried-$RESELLER_EVENT" ]; then touch "${out}/tried-$RESELLER_EVENT"; echo "database down" >&2; exit 1; fi`,
      `cat > "${out}/$RESELLER_EVENT.json"`,
      `printf '%s|%s|%s|%s|%s|%s|%s' "$RESELLER_EVENT" "$RESELLER_REF_ID" "$RESELLER_INVOICE" "$RESELLER_STATUS" "\${RESELLER_WEBHOOK_SECRET:-no secret}" "\${RESELLER_API_KEY:-no key}" "$RESELLER_DELIVERY_ID" > "${out}/$RESELLER_EVENT.env"`,
      `env > "${out}/$RESELLER_EVENT.all-env"`,
      `echo "handled $RESELLER_REF_ID"`,
      // Last, so the test reads the files above only once all are written.
      `touch "${out}/$RESELLER_EVENT.done"`,
    ].join("\n");
    const apiKey = harness.apiKeyOf("Rumah Game Murah");
    // The key also under a name of the user's own: left out all the same.
    const listener = await listen(reseller, ["--exec", script], {
      env: { RESELLER_WEBHOOK_SECRET: secret, RESELLER_API_KEY: apiKey, MY_SHOP_KEY: apiKey },
    });
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, manualOrder("wh-exec-1"));
    await until("order.paid handled", () => existsSync(join(out, "order.paid.done")));

    const event = JSON.parse(readFileSync(join(out, "order.paid.json"), "utf8"));
    expect(event).toMatchObject({
      event: "order.paid",
      data: {
        ref_id: "wh-exec-1",
        status: "paid",
        items: [expect.objectContaining({ variant_id: 10, note: "akun: wh-exec-1" })],
      },
    });
    const [name, ref, invoice, status, secretSeen, keySeen, deliveryId] = readFileSync(
      join(out, "order.paid.env"),
      "utf8",
    ).split("|");
    expect([name, ref, invoice, status, secretSeen, keySeen]).toEqual([
      "order.paid",
      "wh-exec-1",
      event.data.invoice,
      "paid",
      "no secret",
      "no key",
    ]);
    expect(deliveryId).toMatch(/^whd_[0-9a-f]{32}$/);
    const all = readFileSync(join(out, "order.paid.all-env"), "utf8");
    expect(all).not.toContain(apiKey);
    expect(all).not.toContain(secret);
    expect(all).not.toMatch(/^MY_SHOP_KEY=/m);
    // The service was answered once, at once; the listener tried the command again itself.
    expect(attempts("order.paid").filter((line) => line.includes(listener.url))).toEqual([
      expect.stringMatching(/ 200 \(attempt 1\)$/),
    ]);

    // The command's last line comes after the files it wrote: stopping before it would stop the command.
    await until("the command's last line", () => listener.stderr().includes("handled wh-exec-1"));
    const { stdout, stderr } = await listener.stop();
    expect(eventsOf(stdout, "wh-exec-1")).toEqual(["order.paid"]);
    // The command's own output goes to stderr: stdout is the listener's rows only.
    expect(stderr).toContain("database down");
    expect(stderr).toContain("handled wh-exec-1");
    expect(stdout).not.toContain("handled");
    expect(stderr).toMatch(/Order.paid for wh-exec-1 not handed on yet: `.*` exited with 1; trying again in 1 s/s);
  });

  it("hands on after a restart what was answered but not yet handed on when the listener was killed, with the same delivery id", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const secret = await makeSecret(reseller);
    const down = await target([503, 503, 503, 503, 503, 503]);
    // No API key: the event goes on as it came, so only the queue and the file are at work here.
    const env = { RESELLER_API_KEY: "" };
    const first = await listen(reseller, ["--forward-to", down.url], { env });
    const body = {
      event: "order.paid",
      timestamp: "2026-01-01T00:00:00+07:00",
      data: { ref_id: "wh-crash-1", invoice: "INV-CRASH-1", status: "paid", items: [] },
    };
    const answered = await fetch(first.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-event": "order.paid",
        "x-signature": signBody("order.paid", body, secret),
      },
      body: JSON.stringify(body),
    });
    expect(answered.status).toBe(200);
    await until("a first hand-off refused", () => down.received.length >= 1);
    first.running.child.kill("SIGKILL");
    await first.running.done.catch(() => undefined);

    const up = await target();
    const second = await listen(reseller, ["--forward-to", up.url], { env });
    const handed = await until("the hand-off after the restart", () => up.received[0]);
    expect(handed.body).toBe(JSON.stringify(body));
    expect(handed.headers["x-reseller-delivery"]).toBe(down.received[0]!.headers["x-reseller-delivery"]);
    expect(second.stderr()).toMatch(/Handing on again 1 delivery received before the last stop and not settled yet\./);
    const { stdout } = await second.stop();
    expect(eventsOf(stdout, "wh-crash-1")).toEqual(["order.paid"]);
    // Settled now: a third start hands nothing on.
    const third = await listen(reseller, ["--forward-to", up.url], { env });
    await third.stop();
    expect(third.stderr()).not.toMatch(/Handing on/);
    expect(up.received).toHaveLength(1);
  });

  it("settles a purchase whose outcome was unknown when its order.completed arrives", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Warung Premium ID"));
    // The purchase commits but its answer is lost, and so is the lookup after it: exit 5.
    harness.emulator.faults.configure({ drop_after_commit_next: 2, match: { path: "/v1/trx" } });
    const lost = await reseller.run(["buy", ...manualOrder("wh-unknown-1"), "--yes"], {
      env: { RESELLER_MAX_RETRIES: "0" },
    });
    harness.emulator.faults.reset();
    expect(lost.exitCode, lost.stderr).toBe(5);
    // As recorded (--no-refresh): asking the service would settle it before the webhook does.
    expect((await reseller.run(["history", "--unresolved", "--json", "--no-refresh"])).json()).toEqual([
      expect.objectContaining({ ref_id: "wh-unknown-1", outcome: "unknown" }),
    ]);

    // Webhooks switched on after the purchase: its order.paid is past, its order.completed still to come
    // (a manual order is completed minutes later; a top-up's 5 s after, maybe before the switch).
    await makeSecret(reseller);
    const listener = await listen(reseller);
    await pointServiceAt(reseller, listener.url);
    harness.emulator.clock.advance(300_000);
    await until("the journal settled", () => /Settled in the journal: wh-unknown-1 was bought/.test(listener.stderr()));
    const { stdout, stderr } = await listener.stop();
    expect(eventsOf(stdout, "wh-unknown-1")).toEqual(["order.item.sent", "order.completed"]);
    expect(stderr).toMatch(
      /Settled in the journal: wh-unknown-1 was bought \(invoice INV-\d{8}-\d{6}\), says its order.completed\./,
    );

    const outcome = journalRecords(reseller.configDir)
      .filter((r) => r.type === "outcome")
      .pop();
    expect(outcome).toMatchObject({
      outcome: "done",
      by: "webhook",
      status: "completed",
      invoice: expect.stringMatching(/^INV-/),
      amount: 175_000,
    });
    expect((await reseller.run(["history", "--unresolved", "--json"])).json()).toEqual([]);
    expect((await reseller.run(["history"])).stdout).toMatch(/settled by webhook/);
  });
});

describe("webhook listen refuses to start", () => {
  it("without a secret, saying how to get one (exit 3)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const r = await reseller.run(["webhook", "listen", "--port", "0"]);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toMatch(/No webhook secret for profile "default"/);
    expect(r.stderr).toContain("reseller webhook secret --save");
    expect(r.stderr).toContain("RESELLER_WEBHOOK_SECRET");
  });

  it("with --forward-to and --exec together, or a --forward-to that is not a URL (exit 2)", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const env = { RESELLER_WEBHOOK_SECRET: "a-secret-for-this-test" };
    const both = await reseller.run(
      ["webhook", "listen", "--port", "0", "--forward-to", "http://localhost:3000/", "--exec", "true"],
      { env },
    );
    expect(both.exitCode).toBe(2);
    expect(both.stderr).toMatch(/--forward-to and --exec cannot be used together/);
    const bad = await reseller.run(["webhook", "listen", "--port", "0", "--forward-to", "ftp://example.com/"], { env });
    expect(bad.exitCode).toBe(2);
    const json = await reseller.run(["webhook", "listen", "--port", "0", "--forward-to", "not a url"], {
      env,
      mode: "json",
    });
    expect(json.exitCode).toBe(2);
    expect(json.errorJson().error.code).toBe("INVALID_INPUT");
  });

  it("on a port already taken (exit 2), naming --port 0", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const taken = createServer();
    servers.push(taken);
    await new Promise<void>((done) => taken.listen(0, "127.0.0.1", done));
    const port = String((taken.address() as AddressInfo).port);
    const r = await reseller.run(["webhook", "listen", "--port", port], {
      env: { RESELLER_WEBHOOK_SECRET: "a-secret-for-this-test" },
    });
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use`));
    expect(r.stderr).toContain("--port 0");
  });
});

describe("webhook listen, the order's verdict", () => {
  it("a partly delivered order: the listener says partial with the refund, and writes the refund against the purchase", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    await makeSecret(reseller);
    const listener = await listen(reseller, [], { mode: "json" });
    await pointServiceAt(reseller, listener.url);
    await buy(reseller, [
      "--item",
      "23",
      "--qty",
      "300",
      "--target",
      "https://instagram.com/partial_listened",
      "--ref-id",
      "wh-partial-1",
    ]);
    harness.emulator.clock.advance(120_000);
    await until("order.completed", () => listener.stdout().includes('"order.completed"'));
    const completed = listener
      .stdout()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line))
      .find((e) => e.event === "order.completed");
    const refunded = harness.accountOf(reseller.apiKey).transactions.find((t) => t.ref_id === "wh-partial-1")!.refunded;
    expect(refunded).toBeGreaterThan(0);
    expect(completed.confirmed).toMatchObject({ outcome: "partial", refunded, net: 300 * 35 - refunded });
    // What arrived, line by line, as a buy's --json and a bulk row say it.
    expect(completed.confirmed.delivered).toEqual([
      expect.objectContaining({ line: 1, item_id: 23, ordered: 300, delivered: 300 - refunded / 35, state: "partial" }),
    ]);
    await until("the refund in the journal", () =>
      journalRecords(reseller.configDir).some(
        (r) => r.type === "status" && (r as { verdict?: string }).verdict === "partial",
      ),
    );
    const { exitCode } = await listener.stop();
    expect(exitCode).toBe(0);
    const [entry] = (await reseller.run(["history", "--limit", "1", "--json"])).json();
    expect(entry).toMatchObject({ ref_id: "wh-partial-1", verdict: "partial", refunded, net: 300 * 35 - refunded });
  });
});
