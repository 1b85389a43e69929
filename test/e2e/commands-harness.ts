/**
 * Shared by the commands-*.test.ts files: an emulator that counts the requests it saw, and a
 * `reseller` bound to one of its accounts that checks, on every run, that no full API key ever
 * reached stdout or stderr.
 */
import { afterAll, beforeAll, expect } from "vitest";
import { startEmulator, type EmulatorOptions, type RunningEmulator } from "../../src/emulator/server.js";
import { makeConfigDir, runReseller, type CliOptions, type CliResult } from "../support/cli.js";

export type Mode = "json" | "plain" | "table";
export const modes: Mode[] = ["json", "plain", "table"];

export interface Harness {
  emulator: RunningEmulator;
  /** Every /v1 request the emulator answered (or dropped), in order. */
  requests: string[];
}

/** Starts an emulator for the test file; read `harness.emulator` inside tests. */
export function useEmulator(options: EmulatorOptions = {}): Harness {
  const harness = { requests: [] as string[] } as Harness;
  beforeAll(async () => {
    harness.emulator = await startEmulator({ port: 0, ...options, log: (line) => harness.requests.push(line) });
  });
  afterAll(async () => {
    await harness.emulator?.close();
  });
  return harness;
}

export function apiRequests(harness: Harness): string[] {
  return harness.requests.filter((line) => / \/v1(\/|\s)/.test(line));
}

/** Arguments and environment that put `reseller` in one output mode. */
export function modeArgs(mode: Mode): { args: string[]; env: Record<string, string> } {
  if (mode === "json") return { args: ["--json"], env: {} };
  if (mode === "table") return { args: [], env: { RESELLER_FORCE_TTY: "1" } };
  return { args: [], env: {} };
}

export interface Reseller {
  configDir: string;
  apiKey: string;
  env: Record<string, string>;
  run(args: string[], options?: CliOptions & { mode?: Mode }): Promise<CliResult>;
}

/** A `reseller` for one account (the demo one by default) with its own temp config dir. */
export function resellerAs(harness: Harness, apiKey = harness.emulator.demoApiKey, configDir = makeConfigDir()): Reseller {
  const env = { RESELLER_BASE_URL: harness.emulator.baseUrl, RESELLER_API_KEY: apiKey, RESELLER_CONFIG_DIR: configDir };
  return {
    configDir,
    apiKey,
    env,
    async run(args, options = {}) {
      const mode = modeArgs(options.mode ?? "plain");
      const result = await runReseller([...args, ...mode.args], { ...options, env: { ...env, ...mode.env, ...options.env } });
      expectNoFullKey(harness, result);
      return result;
    },
  };
}

export function expectNoFullKey(harness: Harness, result: CliResult): void {
  for (const { apiKey } of harness.emulator.accounts) {
    expect(result.stdout, "a full API key on stdout").not.toContain(apiKey);
    expect(result.stderr, "a full API key on stderr").not.toContain(apiKey);
  }
}

/** The service's own answer to a GET, fetched directly, to compare with what --json printed. */
export async function serviceBody(harness: Harness, path: string, apiKey = harness.emulator.demoApiKey): Promise<any> {
  const response = await fetch(harness.emulator.baseUrl + path, { headers: { "X-APIKEY": apiKey, Accept: "application/json" } });
  return response.json();
}

/** stdout is one JSON document on one line (piped), and nothing else. */
export function singleJson(result: CliResult): any {
  expect(result.stdout.trim().split("\n"), "one line of JSON").toHaveLength(1);
  return result.json();
}

/** Table borders as cli-table3 draws them. */
export const tableBorder = /┌[─┬]+┐[\s\S]*│[\s\S]*└[─┴]+┘/;
