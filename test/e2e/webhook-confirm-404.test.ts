/**
 * A delivery is dropped only on the service's own word. The listener confirms each order event with
 * `GET /v1/trx/{ref}`; here that look-up goes through a proxy in front of the emulator that answers
 * some of them with a 404 of its own (an nginx page, a router's ROUTE_NOT_FOUND, a plain "Not
 * Found"). Those say nothing about the order: the event is asked about again, kept across a restart,
 * and handed to --exec once confirmed. The service's own TRX_NOT_FOUND still drops it.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { signBody } from "../../src/webhooks/signature.js";
import { useEmulator } from "../support/emulator.js";
import { deliveryRows } from "../support/records.js";
import { makeTempDir } from "../support/temp-dir.js";
import { resellerInProcess } from "./commands-harness.js";
import { buy, eventsOf, makeSecret, manualOrder, pointServiceAt, until, useListeners } from "./webhook-harness.js";

type Stranger = (response: import("node:http").ServerResponse) => void;

const strangers: Record<string, Stranger> = {
  "an nginx page": (response) =>
    response
      .writeHead(404, { "content-type": "text/html" })
      .end(
        "<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>",
      ),
  "a router's ROUTE_NOT_FOUND": (response) =>
    response.writeHead(404, { "content-type": "application/json" }).end('{"message":"ROUTE_NOT_FOUND"}'),
  'a plain "Not Found"': (response) => response.writeHead(404, { "content-type": "text/plain" }).end("Not Found"),
};

const harness = useEmulator({ dialect: "live" });
const { listen } = useListeners();
const proxies: Server[] = [];
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/**
 * The emulator behind a proxy that answers `GET /v1/trx/{ref}` with `answers[ref]` while one is set
 * (counting each), and passes everything else on.
 */
async function proxyInFront(answers: Map<string, Stranger>) {
  const asked = new Map<string, number>();
  const target = new URL(harness.emulator.baseUrl);
  const server = createServer((incoming, response) => {
    const ref = /\/v1\/trx\/([^/?]+)$/.exec(incoming.url ?? "")?.[1];
    const stranger = ref && incoming.method === "GET" ? answers.get(decodeURIComponent(ref)) : undefined;
    if (ref) asked.set(ref, (asked.get(ref) ?? 0) + 1);
    if (stranger) {
      incoming.resume();
      return stranger(response);
    }
    const onward = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: `${target.pathname.replace(/\/$/, "")}${(incoming.url ?? "").replace(/^\/api/, "")}`,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on("error", () => response.destroy());
    incoming.pipe(onward);
  });
  proxies.push(server);
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, asked };
}

/** An --exec command that records each event it is handed, one file per delivery. */
function recordingScript(out: string): string {
  return `cat > "${out}/$RESELLER_EVENT-$RESELLER_REF_ID-$RESELLER_DELIVERY_ID.json"`;
}

const handedOn = (out: string, ref: string) => readdirSync(out).filter((name) => name.includes(`-${ref}-`));

/**
 * Whether the listener has settled the order's delivery as handed on: --exec has ended, its file
 * written. The file alone is there from the moment the shell opens it, before `cat` has written a byte,
 * and a listener stopped then stops `cat` too.
 */
const settledAsHanded = (configDir: string, ref: string) =>
  deliveryRows(configDir).some((row) => row.ref_id === ref && row.settled_as === "handed");

describe("webhook listen: a 404 that is not the service's own", () => {
  it("is asked about again, like a 5xx, and --exec runs once it is confirmed", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Mitra Top Up Nusantara"));
    const secret = await makeSecret(reseller);
    const answers = new Map<string, Stranger>();
    const proxy = await proxyInFront(answers);
    const out = makeTempDir("reseller-404-");
    const names = Object.keys(strangers);
    names.forEach((name, i) => answers.set(`wh-404-${i}`, strangers[name]!));

    const listener = await listen(reseller, ["--exec", recordingScript(out)], {
      env: { RESELLER_BASE_URL: proxy.baseUrl, RESELLER_WEBHOOK_SECRET: secret },
    });
    await pointServiceAt(reseller, listener.url);
    for (const i of names.keys()) await buy(reseller, manualOrder(`wh-404-${i}`));
    await until("each look-up answered by a stranger", () =>
      names.every((_, i) => (proxy.asked.get(`wh-404-${i}`) ?? 0) >= 1),
    );
    await until("each said to be tried again", () =>
      names.every((_, i) => new RegExp(`order\\.paid for wh-404-${i} .*trying again in`, "i").test(listener.stderr())),
    );
    // Not dropped, not handed on yet.
    expect(listener.stderr()).not.toMatch(/Not handed on: order\.paid for wh-404-/);
    for (const i of names.keys()) expect(handedOn(out, `wh-404-${i}`)).toEqual([]);

    // The service answers again: each is confirmed and handed to --exec, once.
    answers.clear();
    await until("every event handed on", () =>
      names.every((_, i) => settledAsHanded(reseller.configDir, `wh-404-${i}`)),
    );
    const { stdout, stderr } = await listener.stop();
    for (const i of names.keys()) {
      expect(eventsOf(stdout, `wh-404-${i}`), stderr).toEqual(["order.paid"]);
      const files = handedOn(out, `wh-404-${i}`);
      expect(files).toHaveLength(1);
      expect(JSON.parse(readFileSync(join(out, files[0]!), "utf8"))).toMatchObject({
        event: "order.paid",
        data: { ref_id: `wh-404-${i}` },
        confirmed: { by: "GET /v1/trx" },
      });
    }
  });

  it("is kept across a restart and handed on by the next listener", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sumber Rejeki Cell"));
    const secret = await makeSecret(reseller);
    const answers = new Map<string, Stranger>([["wh-404-kept", strangers["an nginx page"]!]]);
    const proxy = await proxyInFront(answers);
    const out = makeTempDir("reseller-404-");
    const env = { RESELLER_BASE_URL: proxy.baseUrl, RESELLER_WEBHOOK_SECRET: secret };

    const first = await listen(reseller, ["--exec", recordingScript(out)], { env });
    await pointServiceAt(reseller, first.url);
    await buy(reseller, manualOrder("wh-404-kept"));
    await until("the stranger's 404 met", () => /order\.paid for wh-404-kept .*trying again in/i.test(first.stderr()));
    const stopped = await first.stop();
    expect(stopped.exitCode, stopped.stderr).toBe(0);
    expect(eventsOf(stopped.stdout, "wh-404-kept")).toEqual([]);
    expect(handedOn(out, "wh-404-kept")).toEqual([]);

    answers.clear();
    const second = await listen(reseller, ["--exec", recordingScript(out)], { env });
    await until("handed on after the restart", () => settledAsHanded(reseller.configDir, "wh-404-kept"));
    expect(handedOn(out, "wh-404-kept")).toHaveLength(1);
    expect(second.stderr()).toMatch(/Handing on again 1 delivery/);
    const { stdout } = await second.stop();
    expect(eventsOf(stdout, "wh-404-kept")).toEqual(["order.paid"]);
  });

  it("the service's own TRX_NOT_FOUND drops it: never handed on", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Jaya Abadi Digital"));
    const secret = await makeSecret(reseller);
    const out = makeTempDir("reseller-404-");
    const listener = await listen(reseller, ["--exec", recordingScript(out)], {
      env: { RESELLER_WEBHOOK_SECRET: secret },
    });
    const body = {
      event: "order.paid",
      timestamp: "2026-01-01T00:00:00+07:00",
      data: { ref_id: "wh-404-nobody", invoice: "INV-NOBODY", status: "paid", items: [] },
    };
    const answered = await fetch(listener.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-event": "order.paid",
        "x-signature": signBody("order.paid", body, secret),
      },
      body: JSON.stringify(body),
    });
    expect(answered.status).toBe(200);
    await until("the drop", () => /Not handed on: order\.paid for wh-404-nobody/.test(listener.stderr()));
    const { stderr } = await listener.stop();
    expect(stderr).toMatch(/\(TRX_NOT_FOUND\)/);
    expect(existsSync(out) && handedOn(out, "wh-404-nobody")).toEqual([]);
  });
});
