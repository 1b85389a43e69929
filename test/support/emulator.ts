/**
 * The emulator a test file talks to over real HTTP: started before the file's tests and closed after
 * them, with every request it answered kept in order and a view of what it holds for each account.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { afterAll, beforeAll } from "vitest";
import {
  startEmulator,
  type AccountSnapshot,
  type EmulatorOptions,
  type RunningEmulator,
} from "../../src/emulator/server.js";
import { makeConfigDir } from "./cli.js";

export interface Harness {
  /** Set once the file's tests start: read it inside tests and hooks, not at the top of the file. */
  emulator: RunningEmulator;
  /** Every request the emulator answered (or dropped), in order. */
  requests: string[];
  /** The API key of the seeded account with this name ("Toko Makmur Jaya"). */
  apiKeyOf(name: string): string;
  /** What the service holds for one account (the demo one by default): balance, transactions, locks, top-ups. */
  accountOf(apiKey?: string): AccountSnapshot;
  /** The environment that points `reseller` at one account (the demo one by default), with its own config dir. */
  accountEnv(
    apiKey?: string,
    configDir?: string,
  ): { RESELLER_BASE_URL: string; RESELLER_API_KEY: string; RESELLER_CONFIG_DIR: string };
}

/**
 * Starts an emulator for the test file (or describe block) and closes it after its tests. It speaks
 * `options.dialect` ("live", "live-short" or "spec"), or what startEmulator speaks by default (live).
 */
export function useEmulator(options: EmulatorOptions = {}): Harness {
  const harness: Harness = {
    emulator: undefined as unknown as RunningEmulator,
    requests: [],
    apiKeyOf(name) {
      const account = harness.emulator.accounts.find((a) => a.name === name);
      if (!account) throw new Error(`The emulator has no account named "${name}"`);
      return account.apiKey;
    },
    accountOf: (apiKey = harness.emulator.demoApiKey) => harness.emulator.inspect(apiKey).accounts[0]!,
    accountEnv: (apiKey = harness.emulator.demoApiKey, configDir = makeConfigDir()) => ({
      RESELLER_BASE_URL: harness.emulator.baseUrl,
      RESELLER_API_KEY: apiKey,
      RESELLER_CONFIG_DIR: configDir,
    }),
  };
  beforeAll(async () => {
    harness.emulator = await startEmulator({ port: 0, ...options, log: (line) => harness.requests.push(line) });
  });
  afterAll(async () => {
    await harness.emulator?.close();
  });
  return harness;
}

/** The requests that reached the service's API (/v1), leaving out payment pages and emulator controls. */
export function apiRequests(harness: Harness): string[] {
  return harness.requests.filter((line) => / \/v1(\/|\s)/.test(line));
}

/**
 * A port on this machine that nothing listens on: a connection to it is refused at once.
 *
 * Taken from below the kernel's ephemeral range: a port from `listen(0)`, once closed, can be handed to the
 * next test's emulator in another worker, and the "refused" connection then reaches a service that answers.
 */
export async function closedPort(): Promise<number> {
  const ephemeralLow = Number(readFirstWord("/proc/sys/net/ipv4/ip_local_port_range") ?? 32768);
  for (;;) {
    const port = 10000 + Math.floor(Math.random() * (ephemeralLow - 10000));
    const server = createServer();
    const free = await new Promise<boolean>((done) => {
      server.once("error", () => done(false));
      server.listen(port, "127.0.0.1", () => done(true));
    });
    if (!free) continue;
    await new Promise<void>((done) => server.close(() => done()));
    return port;
  }
}

function readFirstWord(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8").trim().split(/\s+/)[0];
  } catch {
    return undefined;
  }
}
