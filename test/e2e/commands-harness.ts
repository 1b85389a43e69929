/**
 * Shared by the end-to-end tests that run against an emulator of their own (support/emulator.ts): a
 * `reseller` bound to one of its accounts that checks, on every run, that no full API key ever
 * reached stdout or stderr, and what those tests read back from the service and the journal.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import type { RunningEmulator } from "../../src/emulator/server.js";
import type { JournalRecord } from "../../src/journal/entries.js";
import { runReseller, startReseller, type CliOptions, type CliResult, type RunningReseller } from "../support/cli.js";
import type { Harness } from "../support/emulator.js";
import { journalRecordsIn } from "../support/journal-records.js";
import { runInProcess } from "../support/run-main.js";

export type Mode = "json" | "plain" | "table";
export const modes: Mode[] = ["json", "plain", "table"];

/** Arguments and environment that put `reseller` in one output mode. */
export function modeArgs(mode: Mode): { args: string[]; env: Record<string, string> } {
  if (mode === "json") return { args: ["--json"], env: {} };
  if (mode === "table") return { args: [], env: { RESELLER_FORCE_TTY: "1" } };
  return { args: [], env: {} };
}

export type ResellerOptions = CliOptions & { mode?: Mode };

/** How `run` starts `reseller`: the built binary (runReseller), or main() in this process (runInProcess). */
export type Runner = (args: string[], options?: CliOptions) => Promise<CliResult>;

export interface Reseller {
  configDir: string;
  apiKey: string;
  env: Record<string, string>;
  run(args: string[], options?: ResellerOptions): Promise<CliResult>;
  /** The built binary, without waiting: for a test that signals the process or watches it while it runs. */
  start(args: string[], options?: ResellerOptions): RunningReseller;
}

/**
 * A `reseller` for one account (the demo one by default) with its own temp config dir. `run` goes
 * through `runner`: a file whose subject is what commands say may pass runInProcess (support/run-main.ts).
 */
export function resellerAs(
  harness: Harness,
  apiKey = harness.emulator.demoApiKey,
  configDir?: string,
  runner: Runner = runReseller,
): Reseller {
  const env = harness.accountEnv(apiKey, configDir);
  const inMode = (args: string[], options: ResellerOptions): [string[], CliOptions] => {
    const mode = modeArgs(options.mode ?? "plain");
    return [[...args, ...mode.args], { ...options, env: { ...env, ...mode.env, ...options.env } }];
  };
  const checked = (result: CliResult): CliResult => {
    expectNoFullKey(harness, result);
    return result;
  };
  const start = (args: string[], options: ResellerOptions = {}): RunningReseller => {
    const running = startReseller(...inMode(args, options));
    return { ...running, done: running.done.then(checked) };
  };
  const run = (args: string[], options: ResellerOptions = {}) => runner(...inMode(args, options)).then(checked);
  return { configDir: env.RESELLER_CONFIG_DIR, apiKey, env, start, run };
}

/** resellerAs whose `run` is main() in this process (support/run-main.ts); `start` still spawns the built binary. */
export function resellerInProcess(harness: Harness, apiKey?: string, configDir?: string): Reseller {
  return resellerAs(harness, apiKey, configDir, runInProcess);
}

export function expectNoFullKey(harness: Harness, result: CliResult): void {
  for (const { apiKey } of harness.emulator.accounts) {
    expect(result.stdout, "a full API key on stdout").not.toContain(apiKey);
    expect(result.stderr, "a full API key on stderr").not.toContain(apiKey);
  }
}

/** The service's own answer to a GET, fetched directly, to compare with what --json printed. */
export async function serviceBody(harness: Harness, path: string, apiKey = harness.emulator.demoApiKey): Promise<any> {
  const response = await fetch(harness.emulator.baseUrl + path, {
    headers: { "X-APIKEY": apiKey, Accept: "application/json" },
  });
  return response.json();
}

/** stdout is one JSON document on one line (piped), and nothing else. */
export function singleJson(result: CliResult): any {
  expect(result.stdout.trim().split("\n"), "one line of JSON").toHaveLength(1);
  return result.json();
}

/** A cart file for `buy --cart` in the reseller's config dir (removed with it); its path. */
export function writeCart(reseller: Pick<Reseller, "configDir">, lines: unknown[]): string {
  const path = join(reseller.configDir, "cart.json");
  writeFileSync(path, JSON.stringify(lines));
  return path;
}

/** An orders file for `buy --file` in the reseller's config dir: one row per ref_id, its other columns from `row`; its path. */
export function writeOrders(
  reseller: Pick<Reseller, "configDir">,
  refs: string[],
  row: (ref: string, i: number) => string,
): string {
  const path = join(reseller.configDir, "orders.csv");
  writeFileSync(path, `item_id,quantity,note,ref_id\n${refs.map((ref, i) => `${row(ref, i)},${ref}`).join("\n")}\n`);
  return path;
}

/**
 * Each order bought once on the service (those of its ref_ids starting `prefix`, exactly `refs`) and
 * recorded with `verdict` in the history, read back without asking the service.
 */
export async function expectBoughtOnceAndRecorded(
  harness: Harness,
  reseller: Reseller,
  prefix: string,
  refs: string[],
  verdict: string,
): Promise<void> {
  const onService = harness.accountOf(reseller.apiKey).transactions.map((t) => t.ref_id);
  expect(onService.filter((r) => r?.startsWith(prefix)).sort()).toEqual(refs);
  const recorded = await reseller.run(["history", "--no-refresh"], { mode: "json" });
  expect(
    recorded
      .json()
      .map((e: { ref_id: string; verdict: string }) => [e.ref_id, e.verdict])
      .sort(),
  ).toEqual(refs.map((r) => [r, verdict]));
}

/** Piped rows split on tabs (the output trimmed first). */
export const pipedRows = (stdout: string): string[][] =>
  stdout
    .trim()
    .split("\n")
    .map((line) => line.split("\t"));

/** Piped rows split on tabs, blank lines left out: only the last line break goes, so a row may end in an empty column. */
export const tabRows = (stdout: string): string[][] =>
  stdout
    .replace(/\n$/, "")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("\t"));

/** Table borders as cli-table3 draws them. */
export const tableBorder = /┌[─┬]+┐[\s\S]*│[\s\S]*└[─┴]+┘/;

/** Every record of the journal in a config dir, in order; none when nothing was journaled yet. */
export function journalRecords(configDir: string): JournalRecord[] {
  return journalRecordsIn(configDir);
}

/** Moves the emulator's clock forward while `reseller` waits, so a minute of delivery takes a moment. */
export async function whileAdvancing<T = CliResult>(
  emulator: RunningEmulator,
  running: Promise<T>,
  stepSeconds = 10,
  everyMs = 250,
): Promise<T> {
  let done = false;
  const ticking = (async () => {
    while (!done) {
      await new Promise((r) => setTimeout(r, everyMs));
      if (!done) emulator.clock.advance(stepSeconds * 1000);
    }
  })();
  try {
    return await running;
  } finally {
    done = true;
    await ticking;
  }
}
