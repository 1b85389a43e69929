/**
 * An earlier release's deliveries file and lock file imported by the built CLI, killed (SIGKILL) at
 * random moments while it imports: after each kill the database holds all of a file or none of it,
 * and once a run gets through, every delivery and lock is there once and the old files are kept
 * renamed, once.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deliveryKey } from "../../src/webhooks/deliveries.js";
import { makeConfigDir, runReseller, startReseller } from "../support/cli.js";
import { deliveryRows, stockLockRows } from "../support/records.js";
import { useHostileServer } from "../support/hostile-server.js";
import { until } from "../support/until.js";

const server = useHostileServer();

const DELIVERIES = 6_000;

/** Received records of DELIVERIES deliveries, every other one settled, in the format of the release before. */
function writeOldDeliveries(dir: string): void {
  const lines: string[] = [];
  for (let i = 0; i < DELIVERIES; i++) {
    const key = deliveryKey("default", "order.paid", { refId: `old-${i}`, invoice: `INV-${i}`, status: "paid" });
    const id = `whd_${key.slice(0, 32)}`;
    const body = JSON.stringify({
      event: "order.paid",
      data: { ref_id: `old-${i}`, invoice: `INV-${i}`, status: "paid" },
    });
    lines.push(
      JSON.stringify({
        v: 2,
        type: "received",
        id,
        key,
        profile: "default",
        event: "order.paid",
        ref_id: `old-${i}`,
        invoice: `INV-${i}`,
        signed_status: "paid",
        received_at: "2026-11-20T10:00:00.000Z",
        body,
        headers: { "x-event": "order.paid" },
      }),
    );
    if (i % 2 === 0)
      lines.push(JSON.stringify({ v: 2, type: "settled", id, key, as: "handed", profile: "default", at: "t" }));
  }
  writeFileSync(join(dir, "webhook-deliveries.jsonl"), `${lines.join("\n")}\n`, { mode: 0o600 });
}

/** A --forward-to target that never answers: what the listener hands on stays unsettled. */
const held: ServerResponse[] = [];
const stuck = createServer((_request, response) => held.push(response));
const stuckUrl = new Promise<string>((done) =>
  stuck.listen(0, "127.0.0.1", () => done(`http://127.0.0.1:${(stuck.address() as AddressInfo).port}/hooks`)),
);
afterAll(async () => {
  for (const response of held.splice(0)) response.destroy();
  await new Promise((done) => stuck.close(done));
});

const env = (dir: string) => ({
  RESELLER_CONFIG_DIR: dir,
  RESELLER_API_KEY: "",
  RESELLER_WEBHOOK_SECRET: "import-test-secret-0123456789",
});

describe("importing earlier releases' files, killed part way", () => {
  it("the deliveries file: all of it or none after each kill; then every delivery once, the unsettled ones handed on, the file kept once", async () => {
    const dir = makeConfigDir();
    writeOldDeliveries(dir);
    const args = ["webhook", "listen", "--port", "0", "--forward-to", await stuckUrl];
    for (let trial = 0; trial < 4; trial++) {
      const running = startReseller(args, { env: env(dir), timeoutMs: 60_000 });
      // The moment is the test: before, during or after the import.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 600));
      running.child.kill("SIGKILL");
      await running.done;
      expect([0, DELIVERIES], `trial ${trial}`).toContain(deliveryRows(dir).length);
    }
    const last = startReseller(args, { env: env(dir), timeoutMs: 60_000 });
    await until("listening", () => /Listening on/.test(last.output().stderr), 30_000);
    last.child.kill("SIGKILL");
    await last.done;
    const rows = deliveryRows(dir);
    expect(new Set(rows.map((row) => row.key)).size).toBe(DELIVERIES);
    expect(rows.filter((row) => row.settled_as === "handed")).toHaveLength(DELIVERIES / 2);
    expect(rows.filter((row) => row.settled_as === null).map((row) => row.ref_id)).toEqual(
      Array.from({ length: DELIVERIES / 2 }, (_, i) => `old-${i * 2 + 1}`),
    );
    expect(readdirSync(dir).filter((name) => name.startsWith("webhook-deliveries"))).toEqual([
      "webhook-deliveries.jsonl.imported",
    ]);
  }, 120_000);

  it("the lock file: all of it or none after each kill; then every lock once, the file kept once", async () => {
    const dir = makeConfigDir();
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    const locks = Array.from({ length: 3_000 }, (_, i) => ({
      lock_token: `LCK-OLD-${i}`,
      item_id: 3,
      quantity: 1,
      locked_at: null,
      expires_at: expires,
    }));
    writeFileSync(join(dir, "locks.json"), JSON.stringify({ profiles: { default: locks } }), { mode: 0o600 });
    let made = 0;
    server.routes.set(
      "POST /v1/item/lock",
      (_request, response) =>
        void response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            success: true,
            data: { lock_token: `LCK-NEW-${++made}`, item_id: 3, quantity: 1, locked_at: null, expires_at: expires },
          }),
        ),
    );
    const service = { ...env(dir), RESELLER_BASE_URL: server.baseUrl, RESELLER_API_KEY: "rk_test_import_locks_0001" };
    const old = () => stockLockRows(dir).filter((row) => row.token.startsWith("LCK-OLD-"));
    const args = ["lock", "add", "--item", "3", "--qty", "1"];
    for (let trial = 0; trial < 4; trial++) {
      const running = startReseller(args, { env: service, timeoutMs: 60_000 });
      // The moment is the test: before, during or after the import.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 600));
      running.child.kill("SIGKILL");
      await running.done;
      expect([0, locks.length], `trial ${trial}`).toContain(old().length);
    }
    const last = await runReseller(args, { env: service, timeoutMs: 30_000 });
    expect(last.exitCode, last.stderr).toBe(0);
    expect(
      old()
        .map((row) => row.token)
        .sort(),
    ).toEqual(locks.map((l) => l.lock_token).sort());
    expect(stockLockRows(dir).map((row) => row.token)).toContain(last.stdout.trim());
    expect(existsSync(join(dir, "locks.json"))).toBe(false);
    expect(readdirSync(dir).filter((name) => name.startsWith("locks.json"))).toEqual(["locks.json.imported"]);
  }, 120_000);
});
