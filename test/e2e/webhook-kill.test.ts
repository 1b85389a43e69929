/**
 * `webhook listen` killed (SIGKILL) after answering the service 2xx and before handing on: what it
 * answered 2xx was committed first, so the next start hands every such delivery on, with the
 * delivery id it had, and settles it; the service's retries are answered `duplicate` meanwhile.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { signBody } from "../../src/webhooks/signature.js";
import { useEmulator } from "../support/emulator.js";
import { deliveryRows } from "../support/records.js";
import { resellerAs } from "./commands-harness.js";
import { makeSecret, until, useListeners } from "./webhook-harness.js";

const harness = useEmulator();
const { listen } = useListeners();

/** A --forward-to target that records each delivery id it got, and answers 200 only while `answering`. */
function useTarget() {
  const held: ServerResponse[] = [];
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(async () => {
    for (const response of held.splice(0)) response.destroy();
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });
  return async (answering: boolean) => {
    const ids: string[] = [];
    const server = createServer((request, response) => {
      request.resume().on("end", () => {
        ids.push(String(request.headers["x-reseller-delivery"]));
        if (answering) response.writeHead(200).end();
        else held.push(response);
      });
    });
    servers.push(server);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, ids };
  };
}
const target = useTarget();

function orderPaid(ref: string) {
  return {
    event: "order.paid",
    timestamp: "2026-01-01T00:00:00+07:00",
    data: { ref_id: ref, invoice: `INV-${ref}`, status: "paid", items: [] },
  };
}

async function deliver(url: string, secret: string, body: object): Promise<number> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-event": "order.paid",
      "x-signature": signBody("order.paid", body, secret),
    },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

// No API key: the events go on as they came, so only the listener's own records are at work here.
const env = { RESELLER_API_KEY: "" };

describe("webhook listen killed between its 2xx and the hand-off", () => {
  it("ten answered 200 at once, none handed on yet: after kill -9 and a restart each is handed on, with its id, and settled", async () => {
    const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
    const secret = await makeSecret(reseller);
    const stuck = await target(false);
    const first = await listen(reseller, ["--forward-to", stuck.url], { env });
    const refs = Array.from({ length: 10 }, (_, i) => `wh-kill-${i}`);
    const statuses = await Promise.all(refs.map((ref) => deliver(first.url, secret, orderPaid(ref))));
    expect(statuses).toEqual(refs.map(() => 200));
    // Killed now: at most the first is with its target, and it never answered.
    first.running.child.kill("SIGKILL");
    await first.running.done.catch(() => undefined);
    expect(stuck.ids.length).toBeLessThanOrEqual(1);
    const answered = deliveryRows(reseller.configDir);
    expect(answered.map((row) => row.ref_id).sort()).toEqual([...refs].sort());
    expect(answered.every((row) => row.settled_as === null)).toBe(true);

    const up = await target(true);
    const second = await listen(reseller, ["--forward-to", up.url], { env });
    await until("every delivery handed on", () => up.ids.length === refs.length);
    await until("every delivery settled", () =>
      deliveryRows(reseller.configDir).every((row) => row.settled_as === "handed"),
    );
    expect([...up.ids].sort()).toEqual(answered.map((row) => row.id).sort());
    // The service's retry of one of them now: answered duplicate, not handed on again.
    expect(await deliver(second.url, secret, orderPaid(refs[3]!))).toBe(200);
    await until("the retry said", () => /Already received order\.paid for wh-kill-3/.test(second.stderr()));
    const { exitCode, stderr } = await second.stop();
    expect(exitCode, stderr).toBe(0);
    expect(stderr).toMatch(/Handing on again 10 deliveries received before the last stop and not settled yet\./);
    expect(up.ids).toHaveLength(refs.length);
  });

  it.each([1, 2, 3, 4, 5])(
    "killed at a random moment while handing on (trial %i): every delivery answered 200 is handed on after the restart, only the one under way twice",
    async () => {
      const reseller = resellerAs(harness, harness.apiKeyOf("Cahaya Voucher"));
      const secret = await makeSecret(reseller);
      const up = await target(true);
      const first = await listen(reseller, ["--forward-to", up.url], { env });
      const refs = Array.from({ length: 8 }, (_, i) => `wh-kill-at-${i}`);
      const statuses = await Promise.all(refs.map((ref) => deliver(first.url, secret, orderPaid(ref))));
      expect(statuses).toEqual(refs.map(() => 200));
      // The moment is the test: anywhere from before the first hand-off to after the last.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 150));
      first.running.child.kill("SIGKILL");
      await first.running.done.catch(() => undefined);
      const handedBefore = up.ids.length;

      const second = await listen(reseller, ["--forward-to", up.url], { env });
      await until("every delivery settled", () => {
        const rows = deliveryRows(reseller.configDir);
        return rows.length === refs.length && rows.every((row) => row.settled_as === "handed");
      });
      await second.stop();
      const ids = deliveryRows(reseller.configDir).map((row) => row.id);
      expect(new Set(up.ids)).toEqual(new Set(ids));
      // At most the one being handed on when the kill came is handed on twice, with its same id.
      expect(up.ids.length - ids.length, `${handedBefore} handed on before the kill`).toBeLessThanOrEqual(1);
    },
  );
});
