#!/usr/bin/env node
// `webhook listen` at a big shop's scale: how fast the service's deliveries are answered (acknowledged)
// when the journal holds 1k orders and when it holds 100k. Standalone: `node scripts/bench-scale/webhook.mjs`
// (after `npm run build`); it starts its own emulator and listener.
//
// Each run: a fresh emulator (as a separate process), ORDERS purchases made on it, a journal grown to the
// given size by writing records in the journal's own format (src/journal/journal.ts: intent, attempt and
// outcome lines), with the benchmark's purchases at its newest end as "unknown" (their answers lost), so
// every event has journal work to do. Then 2,000 signed events (order.paid and order.completed of those
// purchases, 30% of them repeats of one already sent, as the service's retries are) are POSTed at
// concurrency 50. Reported: the ack latency (request sent to answer read) p50/p99/max, and how long the
// listener took to confirm, settle, print and hand on everything after the last ack (drain).
// Goal (issue: a year of orders): p99 under 1 s at 100k orders.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const bin = join(root, "bin/reseller.js");
if (!existsSync(join(root, "dist/reseller.cjs"))) {
  console.error("dist/ is missing: run `npm run build` first.");
  process.exit(2);
}

const EVENTS = 2_000;
const DUPLICATE_SHARE = 0.3;
const CONCURRENCY = 50;
const UNIQUE = Math.round(EVENTS * (1 - DUPLICATE_SHARE));
/** Each purchase gives two events: order.paid and order.completed. */
const ORDERS = Math.ceil(UNIQUE / 2);
/** Orders whose completion is delivered one at a time first: the cost of a single event, handled whole. */
const SINGLES = 50;
const SIZES = (process.env.BENCH_WEBHOOK_SIZES ?? "1000,100000").split(",").map(Number);
const secret = "bench-webhook-secret-0123456789";

function startChild(args, env, ready) {
  const child = spawn(process.execPath, [bin, ...args], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.setEncoding("utf8").on("data", (d) => (output.stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d) => (output.stderr += d));
  const found = new Promise((resolvePromise, reject) => {
    const timer = setInterval(() => {
      const value = ready(output);
      if (value) {
        clearInterval(timer);
        resolvePromise(value);
      } else if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`${args[0]} exited ${child.exitCode}: ${output.stderr}`));
      }
    }, 20);
  });
  return { child, output, found };
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

/** ORDERS + SINGLES purchases on the emulator, 20 at a time; returns [{ref, invoice}]. */
async function makeOrders(baseUrl, apiKey, runId) {
  const headers = { "x-apikey": apiKey, accept: "application/json", "content-type": "application/json" };
  await fetch(`${baseUrl}/__emulator/balance`, {
    method: "POST",
    headers,
    body: JSON.stringify({ api_key: apiKey, balance: 1_000_000_000_000 }),
  });
  const orders = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      // One more than the events settle: the last is the one the migrating `trx show` settles.
      while (next < ORDERS + SINGLES + 1) {
        const i = next++;
        const ref = `bench-${runId}-${i}`;
        const response = await fetch(`${baseUrl}/v1/trx`, {
          method: "POST",
          headers,
          body: JSON.stringify({ ref_id: ref, carts: [{ item_id: 12, quantity: 1, note: "081234567890" }] }),
        });
        const body = /** @type {any} */ (await response.json());
        if (!response.ok) throw new Error(`POST /v1/trx answered ${response.status}: ${JSON.stringify(body)}`);
        orders[i] = { ref, invoice: body.data.invoice, amount: body.data.amount };
      }
    }),
  );
  return orders;
}

/** A journal of `size` purchases in the journal's format; the benchmark's own orders newest, their outcome unknown. */
function writeJournal(dir, size, baseUrl, orders) {
  const fd = openSync(join(dir, "journal.jsonl"), "w", 0o600);
  const host = hostname();
  const start = Date.now() - size * 60_000;
  const lines = [];
  const flush = () => {
    writeSync(fd, lines.join(""));
    lines.length = 0;
  };
  const order = (i, ref, unknown) => {
    const entry = randomBytes(6).toString("hex");
    const at = new Date(start + i * 60_000).toISOString();
    const request = { ref_id: ref, carts: [{ item_id: 12, quantity: 1, note: "081234567890" }] };
    lines.push(
      `${JSON.stringify({ v: 1, type: "intent", entry, at, kind: "buy", profile: "default", base_url: baseUrl, ref_id: ref, request, pid: 1, host })}\n`,
    );
    lines.push(`${JSON.stringify({ v: 1, type: "attempt", entry, at, attempt: 1 })}\n`);
    if (unknown)
      lines.push(
        `${JSON.stringify({ v: 1, type: "outcome", entry, at, outcome: "unknown", code: "NO_ANSWER", reason: "the answer was lost" })}\n`,
      );
    else
      lines.push(
        `${JSON.stringify({ v: 1, type: "outcome", entry, at, outcome: "done", invoice: `INV-OLD-${i}`, amount: 10_500, status: "completed", by: "answer" })}\n`,
      );
    if (lines.length >= 30_000) flush();
  };
  const filler = Math.max(0, size - orders.length);
  for (let i = 0; i < filler; i++) order(i, `old-${i}`, false);
  orders.forEach((o, i) => order(filler + i, o.ref, true));
  flush();
  closeSync(fd);
}

function signed(event, ref, invoice, status) {
  const body = JSON.stringify({
    event,
    timestamp: new Date().toISOString(),
    data: { ref_id: ref, invoice, status, items: [{ variant_id: 12, quantity: 1 }] },
  });
  const signature = createHash("sha256").update(`${ref}:${invoice}:${status}:${secret}`).digest("hex");
  return { event, body, signature };
}

/** UNIQUE events, then each of the repeats placed somewhere after its original. */
function eventList(orders) {
  const unique = orders
    .flatMap((o) => [
      signed("order.paid", o.ref, o.invoice, "paid"),
      signed("order.completed", o.ref, o.invoice, "completed"),
    ])
    .slice(0, UNIQUE);
  const list = [...unique];
  for (let i = 0; i < EVENTS - UNIQUE; i++) {
    const original = Math.floor(Math.random() * unique.length);
    const at = original + 1 + Math.floor(Math.random() * (list.length - original));
    list.splice(at, 0, unique[original]);
  }
  return list;
}

/** A process's peak resident memory so far (Linux: VmHWM), in MiB. */
function peakMemoryMiB(pid) {
  const status = existsSync(`/proc/${pid}/status`) ? readFileSync(`/proc/${pid}/status`, "utf8") : "";
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function runSize(size) {
  const runId = randomBytes(3).toString("hex");
  const configDir = mkdtempSync(join(tmpdir(), "reseller-bench-webhook-"));
  const emulator = startChild(["emulator", "--port", "0", "--print-env"], { RESELLER_CONFIG_DIR: configDir }, (o) => {
    const base = /^export RESELLER_BASE_URL=(\S+)$/m.exec(o.stdout)?.[1];
    const key = /^export RESELLER_API_KEY=(\S+)$/m.exec(o.stdout)?.[1];
    return base && key ? { baseUrl: base.replace(/^'|'$/g, ""), apiKey: key.replace(/^'|'$/g, "") } : undefined;
  });
  const { baseUrl, apiKey } = await emulator.found;
  let listener;
  try {
    const orders = await makeOrders(baseUrl, apiKey, runId);
    const written = Date.now();
    writeJournal(configDir, size, baseUrl, orders);
    const journalMs = Date.now() - written;
    // Its first use migrates it (the index built, past months sealed), once, as journal.mjs measures;
    // the listener is then measured against the journal as it stays. The `trx show` that migrates it
    // settles the order it shows: an order of its own, none of those the events below settle (one of
    // them left the drain waiting its whole 300 s for a settlement already made).
    const migrated = spawnSync(process.execPath, [bin, "trx", "show", orders.at(-1).ref], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NO_COLOR: "1",
        RESELLER_CONFIG_DIR: configDir,
        RESELLER_BASE_URL: baseUrl,
        RESELLER_API_KEY: apiKey,
      },
    });
    if (migrated.status !== 0 || !existsSync(join(configDir, "journal.jsonl.imported")))
      throw new Error(`trx show exited ${migrated.status}, the journal not imported: ${migrated.stderr}`);
    const env = {
      RESELLER_CONFIG_DIR: configDir,
      RESELLER_BASE_URL: baseUrl,
      RESELLER_API_KEY: apiKey,
      RESELLER_WEBHOOK_SECRET: secret,
    };
    listener = startChild(
      ["webhook", "listen", "--port", "0"],
      env,
      (o) => /Listening on (http:\S+)/.exec(o.stderr)?.[1],
    );
    const url = await listener.found;

    // One event at a time: acknowledged, then confirmed with the service and printed, before the next is
    // sent. (Settling in the journal waits for a quiet second by design, so it is counted, not timed.)
    const post = (e) =>
      fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-event": e.event,
          "x-signature": e.signature,
          "x-timestamp": new Date().toISOString(),
        },
        body: e.body,
      });
    const printed = () => listener.output.stdout.split("\n").filter(Boolean).length;
    const settled = () => (listener.output.stderr.match(/Settled in the journal/g) ?? []).length;
    const started0 = performance.now();
    const singleAcks = [];
    const singleHandled = [];
    for (const o of orders.slice(ORDERS, ORDERS + SINGLES)) {
      const beforePrinted = printed();
      const t0 = performance.now();
      const response = await post(signed("order.completed", o.ref, o.invoice, "completed"));
      await response.arrayBuffer();
      singleAcks.push(performance.now() - t0);
      while (printed() <= beforePrinted && performance.now() - t0 < 30_000) await new Promise((r) => setImmediate(r));
      singleHandled.push(performance.now() - t0);
    }
    while (settled() < SINGLES && performance.now() - started0 < 60_000) await new Promise((r) => setTimeout(r, 50));
    const singlesPeakMiB = peakMemoryMiB(listener.child.pid);
    singleAcks.sort((a, b) => a - b);
    singleHandled.sort((a, b) => a - b);
    const [singlesPrinted, singlesSettled] = [printed(), settled()];

    const events = eventList(orders.slice(0, ORDERS));
    const latencies = [];
    const statuses = new Map();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < events.length) {
          const e = events[next++];
          const t0 = performance.now();
          const response = await post(e);
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const ackedMs = performance.now() - started;
    // Drained: every unique event printed (confirmed with the service), every purchase settled.
    const drainStarted = performance.now();
    while (
      (printed() - singlesPrinted < UNIQUE || settled() - singlesSettled < ORDERS) &&
      performance.now() - drainStarted < 300_000 &&
      listener.child.exitCode === null
    )
      await new Promise((r) => setTimeout(r, 50));
    const drainMs = performance.now() - drainStarted;
    const peakMiB = peakMemoryMiB(listener.child.pid);
    latencies.sort((a, b) => a - b);
    return {
      size,
      journalMs,
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      max: latencies[latencies.length - 1],
      ackedMs,
      drainMs,
      printed: printed() - singlesPrinted,
      settled: settled() - singlesSettled,
      singleAck: quantile(singleAcks, 0.5),
      singleHandled: quantile(singleHandled, 0.5),
      peakMiB,
      singlesPeakMiB,
      singlesSettled,
      statuses: Object.fromEntries(statuses),
      duplicates: (listener.output.stderr.match(/Already received/g) ?? []).length,
    };
  } finally {
    if (listener) await stop(listener.child);
    await stop(emulator.child);
    rmSync(configDir, { recursive: true, force: true });
  }
}

const results = [];
for (const size of SIZES) {
  process.stderr.write(`journal of ${size.toLocaleString("en")} orders: `);
  const r = await runSize(size);
  results.push(r);
  process.stderr.write("done\n");
}

const ms = (n) => `${n.toFixed(0)} ms`;
console.log(
  `webhook listen: one order.completed at a time (${SINGLES} of them), each acknowledged, then confirmed with GET /v1/trx and printed before the next`,
);
console.log(
  "| journal | ack p50 | confirmed and printed p50 | settled in the journal | listener peak memory then | after the burst below |",
);
console.log("|---|---|---|---|---|---|");
for (const r of results)
  console.log(
    `| ${r.size.toLocaleString("en")} orders | ${ms(r.singleAck)} | ${ms(r.singleHandled)} | ${r.singlesSettled} of ${SINGLES} | ${r.singlesPeakMiB.toFixed(0)} MiB | ${r.peakMiB.toFixed(0)} MiB |`,
  );
if (results.length > 1) {
  const [small, big] = [results[0], results[results.length - 1]];
  const ratio = big.singleHandled / small.singleHandled;
  console.log(
    `goal: an event at ${big.size.toLocaleString("en")} orders within 1.2x of ${small.size.toLocaleString("en")}, under 80 MiB: ${ratio.toFixed(2)}x, ${big.singlesPeakMiB.toFixed(0)} MiB: ${ratio <= 1.2 && big.singlesPeakMiB < 80 ? "met" : "NOT met"}`,
  );
}

console.log(
  `webhook listen: ${EVENTS.toLocaleString("en")} signed events (${UNIQUE.toLocaleString("en")} distinct, ${EVENTS - UNIQUE} repeats) at concurrency ${CONCURRENCY}, each order event confirmed with GET /v1/trx`,
);
console.log("| journal | ack p50 | ack p99 | ack max | all acked in | drained after | printed | settled | answers |");
console.log("|---|---|---|---|---|---|---|---|---|");
for (const r of results) {
  console.log(
    `| ${r.size.toLocaleString("en")} orders | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${ms(r.ackedMs)} | ${ms(r.drainMs)} | ${r.printed} | ${r.settled} | ${Object.entries(
      r.statuses,
    )
      .map(([s, n]) => `${n}×${s}`)
      .join(" ")}, ${r.duplicates} duplicate |`,
  );
}
if (results.length > 1) {
  const [small, big] = [results[0], results[results.length - 1]];
  console.log(
    `ratio ${big.size.toLocaleString("en")} / ${small.size.toLocaleString("en")}: ack p50 ${(big.p50 / small.p50).toFixed(2)}x, ack p99 ${(big.p99 / small.p99).toFixed(2)}x, drain ${(big.drainMs / small.drainMs).toFixed(2)}x`,
  );
}
const last = results[results.length - 1];
console.log(
  `goal: ack p99 under 1,000 ms at ${last.size.toLocaleString("en")} orders: ${last.p99 < 1_000 ? "met" : "NOT met"} (${ms(last.p99)})`,
);
