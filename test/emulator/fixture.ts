import { PassThrough } from "node:stream";
import { afterEach, beforeEach } from "vitest";
import { runEmulator, type EmulatorCommandOptions } from "../../src/emulator/command.js";
import { en } from "../../src/messages/en.js";
import { manualClock, startEmulator, type EmulatorOptions, type RunningEmulator } from "../../src/emulator/server.js";
import { until } from "../support/until.js";

export interface Reply {
  status: number;
  // Tests read arbitrary fields of service answers; a loose type keeps them short.
  body: any;
  text: string;
  headers: Headers;
}

/** Talks to a running emulator over real HTTP, as the CLI does. */
export class ServiceCaller {
  constructor(
    private readonly emulator: RunningEmulator,
    /** null sends no X-APIKEY header at all. */
    readonly apiKey: string | null = emulator.demoApiKey,
  ) {}

  as(apiKey: string | null): ServiceCaller {
    return new ServiceCaller(this.emulator, apiKey);
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    const response = await fetch(this.emulator.baseUrl + path, {
      method,
      headers: {
        Accept: "application/json",
        ...(this.apiKey === null ? {} : { "X-APIKEY": this.apiKey }),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // HTML pages and injected faults are not JSON; tests read `text` then.
    }
    return { status: response.status, body: parsed, text, headers: response.headers };
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request("GET", path, undefined, headers);
  }

  post(path: string, body: unknown) {
    return this.request("POST", path, body);
  }

  delete(path: string) {
    return this.request("DELETE", path);
  }

  async balance(): Promise<number> {
    return (await this.get("/v1/balance")).body.data.balance;
  }

  buy(refId: string, itemId: number, quantity: number, note?: string, lockToken?: string) {
    return this.post("/v1/trx", { ref_id: refId, carts: [{ item_id: itemId, quantity, note }], lock_token: lockToken });
  }
}

export const smmNote = (target: string) => JSON.stringify({ target, opt_smm: [] });

/**
 * A fresh emulator per test on a manual clock, closed after it; startup takes a few milliseconds.
 * It speaks the spec's dialect unless told otherwise: the behaviour tests pin the spec's shapes, and
 * dialects.test.ts pins every dialect's.
 */
export function useEmulator(options: EmulatorOptions = {}): { emulator: RunningEmulator; api: ServiceCaller } {
  const context = {} as { emulator: RunningEmulator; api: ServiceCaller };
  beforeEach(async () => {
    context.emulator = await startEmulator({ clock: manualClock(), dialect: "spec", ...options });
    context.api = new ServiceCaller(context.emulator);
  });
  afterEach(async () => {
    await context.emulator.close();
  });
  return context;
}

export function advanceSeconds(emulator: RunningEmulator, seconds: number): void {
  emulator.clock.advance(seconds * 1000);
}

/**
 * `reseller emulator` run in this process, returned once it says it listens (not after a while):
 * what it has printed so far on each stream, and `stop()`, which is Ctrl-C and waits for it to end.
 */
export async function runEmulatorCommand(
  options: EmulatorCommandOptions,
): Promise<{ out: () => string; err: () => string; stop: () => Promise<void> }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk) => (out += chunk));
  stderr.on("data", (chunk) => (err += chunk));
  const controller = new AbortController();
  const done = runEmulator({ stdout, stderr, signal: controller.signal, say: en }, options);
  let failed: unknown;
  done.catch((error: unknown) => (failed = error));
  await until("the emulator to say it listens", () => {
    if (failed) throw failed;
    return err.includes("Press Ctrl-C to stop");
  });
  return {
    out: () => out,
    err: () => err,
    stop: async () => {
      controller.abort();
      await done;
    },
  };
}
