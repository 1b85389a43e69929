/**
 * End-to-end tests run the built `reseller` (bin/reseller.js -> dist/) as a real process, against an
 * emulator over real HTTP, with a fresh config dir. `npm test` builds first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { tmpdir } from "node:os";
import { resolve } from "node:path";
import { makeTempDir } from "./temp-dir.js";

export const binPath = resolve(import.meta.dirname, "../../bin/reseller.js");

export interface CliResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** stdout parsed as one JSON document. */
  json<T = any>(): T;
  /** stderr parsed as the JSON error document of --json mode. */
  errorJson(): {
    error: {
      code: string;
      status: number | null;
      message: string;
      details?: Record<string, unknown>;
      suggestion?: string;
    };
  };
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  /** Written to stdin, which is then closed. Without it stdin is an empty pipe (not a terminal). */
  input?: string;
  timeoutMs?: number;
}

/** A fresh config dir, removed when the test that made it ends (see temp-dir.ts). */
export function makeConfigDir(): string {
  return makeTempDir("reseller-test-");
}

/** A clean environment: nothing from the developer's shell (CI, RESELLER_*, colours) leaks in. */
export function baseEnv(extra: Record<string, string | undefined> = {}): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? tmpdir(),
    // The same temp dir as the tests', so what the CLI leaves there is seen (and a test that expects it gives its own).
    TMPDIR: tmpdir(),
    TZ: "Asia/Jakarta",
    LANG: "C.UTF-8",
  };
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) env[k] = v;
  return env;
}

/** A `reseller` process still running: the test can signal it, read what it has written so far, and await its end. */
export interface RunningReseller {
  child: ChildProcess;
  output(): { stdout: string; stderr: string };
  done: Promise<CliResult>;
}

export function startReseller(args: string[], options: CliOptions = {}): RunningReseller {
  const child = spawn(process.execPath, [binPath, ...args], {
    env: baseEnv(options.env),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const done = new Promise<CliResult>((resolvePromise, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
    child.on("error", reject);
    child.on("close", (exitCode, signal) => {
      clearTimeout(timer);
      resolvePromise({
        stdout,
        stderr,
        exitCode,
        signal,
        json: () => JSON.parse(stdout),
        errorJson: () => JSON.parse(stderr.trim().split("\n").pop() ?? ""),
      });
    });
  });
  // A command may end before it reads stdin (refused at once, a lock busy): the pipe's EPIPE then says
  // nothing the exit code and output do not, and unheard it would be an uncaught error in the test run.
  child.stdin!.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
  });
  child.stdin!.end(options.input ?? "");
  return { child, output: () => ({ stdout, stderr }), done };
}

export function runReseller(args: string[], options: CliOptions = {}): Promise<CliResult> {
  return startReseller(args, options).done;
}

/** `buy` of one unit of an item for one customer number (phone, player id…); further flags after it. */
export function buyOne(item: number, note: string, ...more: string[]): string[] {
  return ["buy", "--item", String(item), "--qty", "1", "--note", note, ...more];
}
