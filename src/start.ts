/**
 * The process edge: the only place that reads process.argv/env, listens for Ctrl-C and sets the
 * exit code. Everything below it gets these as plain values.
 */
import { main } from "./cli.js";
import { ExitCode } from "./errors.js";

export async function start(): Promise<void> {
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    // The first Ctrl-C lets the running command stop cleanly; a second one leaves at once.
    if (interrupts > 1) process.exit(ExitCode.interrupted);
    controller.abort();
  };
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigint);
  // A closed pipe (`reseller history | head`) is not an error worth a stack trace.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
  });

  const code = await main({
    argv: process.argv.slice(2),
    env: process.env,
    signal: controller.signal,
    terminal: {
      stdout: process.stdout,
      stderr: process.stderr,
      stdin: process.stdin,
      stdoutIsTTY: process.stdout.isTTY === true,
      stderrIsTTY: process.stderr.isTTY === true,
      stdinIsTTY: process.stdin.isTTY === true,
    },
  });
  process.off("SIGINT", onSigint);
  process.off("SIGTERM", onSigint);
  process.exitCode = code;
}
