/**
 * `reseller` run in-process through main(): the real program minus the launcher, for tests whose
 * subject is what a command says and its exit code (screens, words, refusals), not the process. It
 * costs a few milliseconds where starting the built CLI costs 0.18 s of CPU. Signals, terminals,
 * pipes, kills, concurrency and the launcher stay with the spawned binary (test/support/cli.ts).
 *
 * Every run goes through the one main() of the modules this process loaded, in whichever language:
 * the words travel in the run's context, a run starts with no records database open and closes what
 * it opened, and the zone times are shown in goes back to the default when it ends (src/cli.ts, src/context.ts).
 */
import { PassThrough } from "node:stream";
import { baseEnv, type CliOptions, type CliResult } from "./cli.js";

type Program = typeof import("../../src/cli.js");

export interface MainResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** main() of the modules the test file loaded: what it spies on or mocks is what runs. */
export async function runPiped(argv: string[], env: Record<string, string | undefined> = {}): Promise<MainResult> {
  return run(await import("../../src/cli.js"), argv, env, "");
}

/**
 * What runReseller (test/support/cli.ts) gives, from main() in this process: the same clean
 * environment, output piped and stdin a pipe holding `options.input`.
 */
export async function runInProcess(args: string[], options: CliOptions = {}): Promise<CliResult> {
  const env = baseEnv(options.env);
  const { exitCode, stdout, stderr } = await run(await import("../../src/cli.js"), args, env, options.input ?? "");
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
