/**
 * An earlier release's journal, deliveries file and lock file imported by the built CLI, killed
 * (SIGKILL) at random moments while it imports: after each kill the database holds all of them or
 * none (one transaction), and once a run gets through, every record, delivery and lock is there once
 * and the old files are kept renamed, once.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { deliveryKey } from "../../src/webhooks/deliveries.js";
import { makeConfigDir, runReseller, startReseller } from "../support/cli.js";
import { journalEventCount } from "../support/journal-records.js";
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

/** `orders` purchases (an intent and an outcome each) in the active log of the release before; returns the records' count. */
function writeOldJournal(dir: string, orders: number): number {
  const lines: string[] = [];
  for (let i = 0; i < orders; i++) {
    const entry = `0a${i.toString(16).padStart(10, "0")}`;
    const at = new Date(Date.UTC(2026, 7, 1) + i * 60_000).toISOString();
    lines.push(
      `{"v":1,"entry":"${entry}","type":"intent","at":"${at}","kind":"buy","profile":"default","base_url":"http://127.0.0.1:1","ref_id":"OLD-${i}","request":{"carts":[{"item_id":12,"quantity":1,"note":"0812${String(i).padStart(8, "0")}"}]},"pid":1,"host":"h"}`,
      `{"v":1,"entry":"${entry}","type":"outcome","at":"${at}","outcome":"done","invoice":"INV-OLD-${i}","amount":10650,"by":"answer"}`,
    );
  }
  writeFileSync(join(dir, "journal.jsonl"), `${lines.join("\n")}\n`, { mode: 0o600 });
  return lines.length;
}

function writeOldLocks(dir: string, count: number): string[] {
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  const locks = Array.from({ length: count }, (_, i) => ({
    lock_token: `LCK-OLD-${i}`,
    item_id: 3,
    quantity: 1,
    locked_at: null,
    expires_at: expires,
  }));
  writeFileSync(join(dir, "locks.json"), JSON.stringify({ profiles: { default: locks } }), { mode: 0o600 });
  return locks.map((lock) => lock.lock_token);
}

/** Bytes a process has read so far (its own program included); undefined once it has ended. */
function bytesRead(pid: number): number | undefined {
  try {
    return Number(/rchar: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, "utf8"))?.[1]);
  } catch {
    return undefined;
  }
}

describe("importing earlier releases' files, killed part way", () => {
  it("the journal, the deliveries file and the lock file at once: all of them or none after each kill; then every record of each once, each file kept once", async () => {
    const dir = makeConfigDir();
    const records = writeOldJournal(dir, 10_000);
    writeOldDeliveries(dir);
    const tokens = writeOldLocks(dir, 3_000);
    const oldBytes = ["journal.jsonl", "webhook-deliveries.jsonl", "locks.json"]
      .map((name) => readFileSync(join(dir, name)).length)
      .reduce((a, b) => a + b);
    const held = () => [journalEventCount(dir), deliveryRows(dir).length, stockLockRows(dir).length];
    let killed = 0;
    for (let trial = 0; trial < 4; trial++) {
      // A random point of the import: when the process has read that much past its own program.
      const point = 2_000_000 + Math.random() * oldBytes;
      const running = startReseller(["history", "--limit", "1"], { env: env(dir), timeoutMs: 120_000 });
      const pid = running.child.pid!;
      await until(
        "the import to reach its point",
        () => (bytesRead(pid) ?? Number.POSITIVE_INFINITY) >= point,
        120_000,
        20,
      );
      if (running.child.kill("SIGKILL")) killed++;
      await running.done;
      expect(
        [
          [0, 0, 0],
          [records, DELIVERIES, tokens.length],
        ],
        `trial ${trial}`,
      ).toContainEqual(held());
    }
    const last = await runReseller(["history", "--limit", "1"], { env: env(dir), timeoutMs: 120_000 });
    expect(last.exitCode, last.stderr).toBe(0);
    expect(held()).toEqual([records, DELIVERIES, tokens.length]);
    expect(new Set(deliveryRows(dir).map((row) => row.key)).size).toBe(DELIVERIES);
    expect(
      stockLockRows(dir)
        .map((row) => row.token)
        .sort(),
    ).toEqual([...tokens].sort());
    expect(
      readdirSync(dir)
        .filter((name) => !name.startsWith("records.db"))
        .sort(),
    ).toEqual(["journal.jsonl.imported", "locks.json.imported", "webhook-deliveries.jsonl.imported"]);
    expect(killed, "at least one import was killed midway").toBeGreaterThan(0);
  }, 600_000);

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
