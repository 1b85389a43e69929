/**
 * Every example in every command's --help is run, as a person would paste it into bash, against the
 * emulator with a temp config dir and home: an example that does not work is a broken promise.
 *
 * What an example cannot carry is set up first and said here: the sample ids the help uses
 * (ORD-20261121-0001, its invoice INV-20261121-000123, the lock LCK-8F2K1Q) are a purchase and a lock
 * made before the examples run, the sample address https://api.example.com is the emulator, the
 * files it names (cart.json, orders.csv) are in the working directory, and a server that runs until
 * stopped (the emulator, webhook listen) is run until it says where it listens, on a free port.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { type BashResult, runBash } from "../support/bash.js";
import { baseEnv, binPath, makeConfigDir, runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { runInProcess } from "../support/run-main.js";
import { makeTempDir } from "../support/temp-dir.js";

const harness = useEmulator();

interface Example {
  command: string;
  line: string;
}

/**
 * Each command's path and its help's examples, walking from `reseller --help` through every group.
 * The root's piped help is the launcher's (bin/reseller.js), so it is the built binary's; a
 * command's help is what main() says, read in this process (support/run-main.ts).
 */
async function allExamples(): Promise<Example[]> {
  const found: Example[] = [];
  const walk = async (path: string[]): Promise<void> => {
    const help = (await (path.length ? runInProcess : runReseller)([...path, "--help"])).stdout;
    const [, examples = ""] = help.split("\nExamples:\n");
    for (const line of examples.split("\n")) {
      const match = /^ {2}\$ (.+)$/.exec(line);
      if (match) found.push({ command: ["reseller", ...path].join(" "), line: match[1]! });
    }
    const lists = help.split(/\n(?:Commands|[A-Z][a-z]+ commands):\n/).slice(1);
    const subs = lists.flatMap((list) =>
      [...list.split("\n\n")[0]!.matchAll(/^ {2}([a-z][\w-]*)/gm)].map((m) => m[1]!),
    );
    for (const sub of subs) await walk([...path, sub]);
  };
  await walk([]);
  await walk(["help"]);
  return found;
}

/** Asks for what it needs on a terminal; run without one, it must say which flags to give (exit 2). */
const needsTerminal = new Set([
  "reseller login",
  "reseller login --base-url https://api.example.com",
  "reseller topup",
]);
/** Runs until stopped, printing where it listens. */
const serves = (line: string) => /^reseller (emulator --(port|dialect)|webhook listen)/.test(line);

let examples: Example[] = [];
let work: { cwd: string; env: Record<string, string> };
let purchase: { refId: string; invoice: string };

/** A fresh lock for an example that releases one. */
async function freshLock(): Promise<string> {
  const r = await runReseller(["lock", "add", "--item", "3", "--qty", "1"], { env: work.env });
  expect(r.exitCode, r.stderr).toBe(0);
  return r.stdout.trim();
}

/** The example as it is run: its sample ids and address made real, `# then: …` run after it. */
async function runnable(line: string): Promise<string> {
  const [command = "", comment = ""] = line.split(/\s+#\s*/, 2);
  const then = /^then:\s*(.+)$/.exec(comment)?.[1];
  let text = command
    .replaceAll("https://api.example.com", harness.emulator.baseUrl)
    .replaceAll("ORD-20261121-0001", purchase.refId)
    .replaceAll("INV-20261121-000123", purchase.invoice);
  if (text.includes("LCK-8F2K1Q")) text = text.replaceAll("LCK-8F2K1Q", await freshLock());
  return then ? `${text} && ${then}` : text;
}

/** The example in bash, from the working dir, the emulator's clock running ahead while it waits. */
function bash(script: string, options: { stopWhen?: RegExp } = {}): Promise<BashResult> {
  return runBash(script, {
    ...work,
    options: ["-o", "pipefail"],
    stopWhen: options.stopWhen,
    // Ten seconds every tenth of a second, so a delivery that takes minutes takes a moment.
    meanwhile: () => harness.emulator.clock.advance(10_000),
  });
}

beforeAll(async () => {
  // An example shown in two helps (the root's and buy's) is run once: pasted twice, the second
  // buy is a repeat, which is asked about (and refused without a terminal) by design.
  examples = [...new Map((await allExamples()).map((e) => [e.line, e])).values()];
  const root = makeTempDir("reseller-examples-");
  const home = join(root, "home");
  const bin = join(root, "bin");
  const cwd = join(root, "work");
  // What the completion help's install lines make before the examples write there.
  for (const dir of [
    bin,
    cwd,
    join(root, "tmp"),
    join(home, ".local/share/reseller"),
    join(home, ".config/fish/completions"),
  ])
    mkdirSync(dir, { recursive: true });
  writeFileSync(join(bin, "reseller"), `#!/bin/sh\nexec "${process.execPath}" "${binPath}" "$@"\n`);
  chmodSync(join(bin, "reseller"), 0o755);
  writeFileSync(
    join(cwd, "cart.json"),
    JSON.stringify([
      { item_id: 3, quantity: 1 },
      { item_id: 12, quantity: 1, note: "081234567890" },
    ]),
  );
  // Customers of their own: a file repeating a purchase the examples made asks for consent first.
  writeFileSync(join(cwd, "orders.csv"), "item_id,quantity,note\n12,1,081234567001\n11,1,081298765432\n");
  writeFileSync(join(cwd, "on-order.sh"), "#!/bin/sh\ncat >/dev/null\n");
  chmodSync(join(cwd, "on-order.sh"), 0o755);
  const account = harness.accountEnv(harness.emulator.demoApiKey, makeConfigDir());
  const env = baseEnv({
    ...account,
    HOME: home,
    PATH: `${bin}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    KEY: account.RESELLER_API_KEY,
    // Where the example with --detach leaves its emulator's log, removed with the rest.
    TMPDIR: join(root, "tmp"),
    // The launcher's code cache where the other end-to-end tests keep it (baseEnv's HOME): each example
    // would otherwise compile the whole CLI afresh in its empty home.
    XDG_CACHE_HOME: join(baseEnv().HOME!, ".cache"),
  });
  work = { cwd, env };
  const bought = await runReseller(
    // A customer of its own: the examples' own `buy … --note 081234567890` is not a repeat of it.
    ["buy", "--item", "12", "--qty", "1", "--note", "081234567002", "--ref-id", "ORD-20261121-0001", "--json"],
    { env },
  );
  expect(bought.exitCode, bought.stderr).toBe(0);
  purchase = { refId: "ORD-20261121-0001", invoice: bought.json().data.invoice };
}, 120_000);

describe("every help example runs against the emulator", () => {
  it("finds the examples of every command, the SMM one buying a real SMM item", async () => {
    expect(examples.length).toBeGreaterThan(60);
    const commands = new Set(examples.map((e) => e.command));
    for (const command of [
      "reseller",
      "reseller buy",
      "reseller trx show",
      "reseller lock release",
      "reseller topup",
      "reseller webhook listen",
      "reseller help",
    ])
      expect(commands).toContain(command);
    const smm = examples.find((e) => e.command === "reseller buy" && e.line.includes("--target"));
    const item = (await runReseller(["item", /--item (\d+)/.exec(smm!.line)![1]!], { env: work.env })).stdout;
    expect(item).toMatch(/^order_process\tsmm$/m);
  });

  it("each one works as written", { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    for (const example of examples) {
      const script = await runnable(example.line);
      if (serves(example.line)) {
        // Started on a free port, stopped once it says where it listens.
        const listening = /listen|Base URL|127\.0\.0\.1:\d+/i;
        const free = /--port \d+/.test(script)
          ? script.replace(/--port \d+/, "--port 0")
          : script.replace(/^(reseller (?:emulator|webhook listen))/, "$1 --port 0");
        const r = await bash(free, { stopWhen: listening });
        if (!r.stopped || !listening.test(r.stdout + r.stderr))
          failures.push(`${example.command}: \`${example.line}\` did not start: exit ${r.code}\n${r.stderr}`);
        continue;
      }
      const r = await bash(script);
      if (needsTerminal.has(example.line)) {
        if (r.code !== 2 || !/INPUT_REQUIRED|required when reseller cannot ask/.test(r.stderr))
          failures.push(`${example.command}: \`${example.line}\` without a terminal: exit ${r.code}\n${r.stderr}`);
        continue;
      }
      if (r.code !== 0) failures.push(`${example.command}: \`${example.line}\` exit ${r.code}\n${r.stderr.trim()}`);
    }
    expect(failures).toEqual([]);
  });
});
