#!/usr/bin/env node
// A guided tour of `reseller` against the embedded emulator: every step runs the real built
// command, as a reseller would type it, in a throw-away config dir. `npm run demo`.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(root, "bin", "reseller.js");
const { startEmulator } = await import(join(root, "dist", "emulator", "server.js"));

// The tour moves the emulator's clock ahead (deliveries, the SMM panel) by this much in all. Its
// clock starts that far behind the wall clock, so no purchase is shown created "in 2m".
const tourAdvanceSeconds = 30 + 10 + 30 + 120;
let clockOffsetMs = -tourAdvanceSeconds * 1000;
const clock = {
  now: () => Date.now() + clockOffsetMs,
  advance(ms) {
    clockOffsetMs += ms;
  },
};
const emulator = await startEmulator({ port: 0, clock });
const configDir = mkdtempSync(join(tmpdir(), "reseller-demo-"));

// Colours only on a terminal, and never against NO_COLOR: piped into a file or `less`, the tour is
// plain text. The commands' stdout is a pipe to this script, so they are told the same way.
const colour = process.stdout.isTTY === true && !process.env.NO_COLOR && process.env.TERM !== "dumb";
const {
  NO_COLOR: _noColor,
  FORCE_COLOR: _forceColor,
  CLICOLOR_FORCE: _clicolorForce,
  CLICOLOR: _clicolor,
  ...inherited
} = process.env;
const env = {
  ...inherited,
  RESELLER_BASE_URL: emulator.baseUrl,
  RESELLER_API_KEY: emulator.demoApiKey,
  RESELLER_CONFIG_DIR: configDir,
  // Tables as on a terminal even when the demo is piped into a file.
  RESELLER_FORCE_TTY: "1",
  RESELLER_NO_INPUT: "1",
  ...(colour ? { FORCE_COLOR: "1" } : { NO_COLOR: "1" }),
};
let failures = 0;

const paint = (code, text) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);

function step(title) {
  process.stdout.write(`\n${paint(1, `## ${title}`)}\n`);
}

// Asynchronous on purpose: the emulator lives in this process and must keep answering.
function run(args) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (status) => resolvePromise({ stdout, stderr, status }));
  });
}

async function reseller(args, { quiet = false } = {}) {
  process.stdout.write(`${paint(2, `$ reseller ${args.join(" ")}`)}\n`);
  const result = await run(args);
  // People's messages first (they were printed while it ran), then the result.
  process.stdout.write(result.stderr);
  if (!quiet) process.stdout.write(result.stdout);
  if (result.status !== 0) {
    failures += 1;
    process.stdout.write(`(exit ${result.status})\n`);
  }
  return result;
}

function advance(seconds, why) {
  emulator.clock.advance(seconds * 1000);
  process.stdout.write(`${paint(2, `(the emulator's clock moves ${seconds}s ahead: ${why})`)}\n`);
}

try {
  process.stdout.write(
    `Emulator at ${emulator.baseUrl}, demo key ****${emulator.demoApiKey.slice(-4)}, config in ${configDir}\n`,
  );

  step("Balance and payment channels");
  await reseller(["balance"]);
  await reseller(["channels"]);

  step("Top up Rp 100.000 by QRIS, then pay the link on the emulator's page");
  const topUp = await reseller(["topup", "--amount", "100000", "--channel", "QRIS", "--yes", "--json"], {
    quiet: true,
  });
  const link = JSON.parse(topUp.stdout || "{}").data?.payment_url;
  process.stdout.write(`payment link: ${link}\n`);
  if (link) {
    const page = await fetch(link);
    process.stdout.write(`GET  ${link} -> ${page.status} (the page the customer sees)\n`);
    const paid = await fetch(link, { method: "POST" });
    process.stdout.write(`POST ${link} -> ${paid.status} (customer pays)\n`);
  }
  await reseller(["balance"]);

  step("An h2h purchase: Telkomsel pulsa, delivered with a serial number");
  await reseller(["item", "12"]);
  await reseller(["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "DEMO-H2H-1"]);
  advance(30, "the provider dispatches");
  await reseller(["trx", "show", "DEMO-H2H-1"]);

  step("An auto purchase: a Spotify account from stock, delivered as a licence");
  await reseller(["buy", "--item", "3", "--qty", "1", "--ref-id", "DEMO-AUTO-1"]);
  advance(10, "stock is delivered");
  await reseller(["trx", "show", "DEMO-AUTO-1"]);

  step("An SMM purchase: Instagram followers, the JSON note built from --target");
  await reseller([
    "buy",
    "--item",
    "23",
    "--qty",
    "200",
    "--target",
    "https://instagram.com/tokoku.id",
    "--ref-id",
    "DEMO-SMM-1",
  ]);
  advance(30, "the panel starts");
  await reseller(["trx", "show", "DEMO-SMM-1"]);
  advance(120, "the panel finishes");
  await reseller(["trx", "show", "DEMO-SMM-1"]);

  step("A stock lock used by a purchase");
  const lock = await reseller(["lock", "add", "--item", "1", "--qty", "1", "--duration", "300"]);
  await reseller(["lock", "list"]);
  const token = /LCK-[A-Za-z0-9-]+/.exec(lock.stdout)?.[0];
  if (token) await reseller(["buy", "--lock", token, "--ref-id", "DEMO-LOCK-1"]);

  step("The leaderboard, your rank, and a sandbox order");
  await reseller(["leaderboard"]);
  await reseller(["leaderboard", "me"]);
  await reseller(["sandbox", "--item", "12", "--qty", "1"]);

  step("The local journal of money-moving requests");
  await reseller(["history"]);
} finally {
  await emulator.close();
  rmSync(configDir, { recursive: true, force: true });
}

process.stdout.write(failures ? `\n${failures} step(s) failed.\n` : "\nTour complete: every step succeeded.\n");
process.exitCode = failures ? 1 : 0;
