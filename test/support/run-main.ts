/** `reseller` run in-process through main(), as a script runs it: output piped, stdin an empty pipe. */
import { PassThrough } from "node:stream";
import { main } from "../../src/cli.js";

export interface MainResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export async function runPiped(argv: string[], env: Record<string, string | undefined> = {}): Promise<MainResult> {
  let stdout = "";
  let stderr = "";
  const exitCode = await main({
    argv,
    env,
    signal: new AbortController().signal,
    terminal: {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      // Ended: a command that reads stdin sees an empty pipe rather than waiting for ever.
      stdin: new PassThrough().end() as unknown as NodeJS.ReadableStream,
      stdoutIsTTY: false,
      stderrIsTTY: false,
      stdinIsTTY: false,
    },
  });
  return { exitCode, stdout, stderr };
}
