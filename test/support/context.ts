/** A handler's context for unit tests: memory streams, a temp config dir, a fixed clock. */
import { PassThrough } from "node:stream";
import type { GlobalFlags } from "../../src/config/settings.js";
import { createContext, type Context } from "../../src/context.js";
import type { Messages } from "../../src/messages/messages.js";
import { makeConfigDir } from "./cli.js";

export interface TestContext {
  ctx: Context;
  stdout(): string;
  stderr(): string;
  controller: AbortController;
}

export async function testContext(
  options: {
    env?: Record<string, string | undefined>;
    flags?: GlobalFlags;
    tty?: boolean;
    now?: () => number;
    /** In place of the recorded stdout: one that breaks, say. */
    stdout?: { write(text: string): unknown };
    /** The reader's catalogue (`catalogueOf("id")`); English when not given. */
    say?: Messages;
  } = {},
): Promise<TestContext> {
  let out = "";
  let err = "";
  const controller = new AbortController();
  const ctx = await createContext({
    flags: options.flags ?? {},
    env: { RESELLER_CONFIG_DIR: makeConfigDir(), ...options.env },
    terminal: {
      stdout: options.stdout ?? { write: (s: string) => (out += s) },
      stderr: { write: (s: string) => (err += s) },
      stdin: new PassThrough(),
      stdoutIsTTY: options.tty ?? false,
      stderrIsTTY: options.tty ?? false,
      stdinIsTTY: options.tty ?? false,
    },
    signal: controller.signal,
    version: "0.0.0-test",
    ...(options.say ? { say: options.say } : {}),
    now: options.now,
    sleep: async () => undefined,
  });
  return { ctx, stdout: () => out, stderr: () => err, controller };
}

/**
 * A handler's context on a terminal whose keyboard answers each question when it appears on stderr:
 * the prompts run for real, against whatever service `env` names.
 */
export async function answeringTerminal(
  answers: [RegExp, string][],
  env: Record<string, string>,
): Promise<{ ctx: Context; stdout(): string; stderr(): string }> {
  const stdin = new PassThrough();
  // The prompt library ends the stream it drew on; a real stderr outlives that, so this one does too.
  const stderr = new PassThrough();
  stderr.end = (() => stderr) as typeof stderr.end;
  let err = "";
  let out = "";
  let seen = 0;
  stderr.on("data", (d: Buffer) => {
    err += d.toString();
    const next = answers[0];
    if (next?.[0].test(err.slice(seen))) {
      seen = err.length;
      answers.shift();
      setTimeout(() => stdin.write(next[1]), 20);
    }
  });
  const ctx = await createContext({
    flags: {},
    env,
    terminal: {
      stdout: { write: (s: string) => (out += s) },
      stderr,
      stdin,
      stdoutIsTTY: true,
      stderrIsTTY: true,
      stdinIsTTY: true,
    },
    signal: new AbortController().signal,
    version: "test",
  });
  return { ctx, stderr: () => err.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, ""), stdout: () => out };
}
