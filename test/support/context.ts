/** A handler's context for unit tests: memory streams, a temp config dir, a fixed clock. */
import { PassThrough } from "node:stream";
import type { GlobalFlags } from "../../src/config/settings.js";
import { createContext, type Context } from "../../src/context.js";
import { makeConfigDir } from "./cli.js";

export interface TestContext {
  ctx: Context;
  stdout(): string;
  stderr(): string;
  controller: AbortController;
}

export async function testContext(options: { env?: Record<string, string | undefined>; flags?: GlobalFlags; tty?: boolean; now?: () => number } = {}): Promise<TestContext> {
  let out = "";
  let err = "";
  const controller = new AbortController();
  const ctx = await createContext({
    flags: options.flags ?? {},
    env: { RESELLER_CONFIG_DIR: makeConfigDir(), ...options.env },
    terminal: {
      stdout: { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      stdin: new PassThrough(),
      stdoutIsTTY: options.tty ?? false,
      stderrIsTTY: options.tty ?? false,
      stdinIsTTY: options.tty ?? false,
    },
    signal: controller.signal,
    version: "0.0.0-test",
    now: options.now,
    sleep: async () => undefined,
  });
  return { ctx, stdout: () => out, stderr: () => err, controller };
}
