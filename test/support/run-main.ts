/**
 * `reseller` run in-process through main(): the real program minus the launcher, for tests whose
 * subject is what a command says and its exit code (screens, words, refusals), not the process. It
 * costs a few milliseconds where starting the built CLI costs 0.18 s of CPU. Signals, terminals,
 * pipes, kills, concurrency and the launcher stay with the spawned binary (test/support/cli.ts).
 *
 * main() speaks a language for the whole process, and modules word their tables when first loaded:
 * each language gets modules of its own here, loaded afresh, as the built CLI loads them in each
 * process. A test file that uses these runs with fresh modules of its own (vitest.config.ts).
 */
import { PassThrough } from "node:stream";
import { vi } from "vitest";
import { baseEnv, type CliOptions, type CliResult } from "./cli.js";

type Program = typeof import("../../src/cli.js");
let program: { language: string; loaded: Promise<Program> } | undefined;

/**
 * The program's modules for the language this run speaks: those of the run before when it spoke the
 * same, else loaded afresh (a command's modules load when it runs, so two languages cannot share).
 */
async function programFor(argv: string[], env: Record<string, string | undefined>): Promise<Program> {
  const [{ languageAtStart }, { defaultConfigDir }, { ConfigStore }] = await Promise.all([
    program?.loaded ?? import("../../src/cli.js"),
    import("../../src/config/settings.js"),
    import("../../src/config/store.js"),
  ]);
  let language = "en";
  try {
    language = languageAtStart(argv, env, new ConfigStore(defaultConfigDir(env))).language;
  } catch {
    // A language flag that names none: main() says so, in English.
  }
  if (program?.language !== language) {
    vi.resetModules();
    program = { language, loaded: import("../../src/cli.js") };
  }
  return program.loaded;
}

export interface MainResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** main() of the modules the test file loaded itself: what it spies on or mocks is what runs. */
export async function runPiped(argv: string[], env: Record<string, string | undefined> = {}): Promise<MainResult> {
  return run(await import("../../src/cli.js"), argv, env, "");
}

/**
 * What runReseller (test/support/cli.ts) gives, from main() in this process: the same clean
 * environment, output piped and stdin a pipe holding `options.input`.
 */
export async function runInProcess(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const env = baseEnv(options.env);
  const { exitCode, stdout, stderr } = await run(await programFor(args, env), args, env, options.input ?? "");
  return {
    stdout,
    stderr,
    exitCode,
    signal: null,
    json: () => JSON.parse(stdout),
    errorJson: () => JSON.parse(stderr.trim().split("\n").pop() ?? ""),
  };
}

async function run(
  { main }: Program,
  argv: string[],
  env: Record<string, string | undefined>,
  input: string,
): Promise<MainResult> {
  let stdout = "";
  let stderr = "";
  const exitCode = await main({
    argv,
    env,
    signal: new AbortController().signal,
    terminal: {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      // Ended once it holds the input: a command that reads stdin sees the pipe's end rather than waiting for ever.
      stdin: new PassThrough().end(input) as unknown as NodeJS.ReadableStream,
      stdoutIsTTY: false,
      stderrIsTTY: false,
      stdinIsTTY: false,
    },
  });
  return { exitCode, stdout, stderr };
}
