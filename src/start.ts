/**
 * The process edge: the only place that reads process.argv/env, listens for Ctrl-C and sets the
 * exit code. Everything below it gets these as plain values.
 */
import { writeSync } from "node:fs";
import { createRequire } from "node:module";
import { main } from "./cli.js";
import type { Terminal } from "./context.js";
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

  const code = await main({
    argv: process.argv.slice(2),
    env: process.env,
    signal: controller.signal,
    terminal: processTerminal(),
  });
  process.off("SIGINT", onSigint);
  process.off("SIGTERM", onSigint);
  process.exitCode = code;
}

/**
 * The process's streams, each set up only when a command uses it: building process.stdin or
 * process.stderr costs a few milliseconds of every start (node:net for a pipe), and most commands
 * never read stdin. Whether each is a terminal is asked of the file descriptor.
 */
function processTerminal(): Terminal {
  let tty: typeof import("node:tty") | undefined;
  const isatty = (fd: number) => (tty ??= createRequire(import.meta.url)("node:tty") as typeof import("node:tty")).isatty(fd);
  return {
    stdout: directStdout(),
    get stderr() {
      return process.stderr;
    },
    get stdin() {
      return process.stdin;
    },
    get stdoutIsTTY() {
      return isatty(1);
    },
    get stderrIsTTY() {
      return isatty(2);
    },
    get stdinIsTTY() {
      return isatty(0);
    },
  };
}

/**
 * stdout as one synchronous write(2) per chunk, which is what process.stdout does on Linux for
 * files, pipes and terminals alike, without building the stream. Should a write fail (a full
 * non-blocking pipe, a closed one), that chunk's rest and all that follows go through
 * process.stdout, which waits for a slow reader and reports the error as it always has.
 */
function directStdout(): Terminal["stdout"] {
  let stream: NodeJS.WriteStream | undefined;
  const viaStream = (chunk: string | Buffer) => {
    if (!stream) {
      stream = process.stdout;
      // A closed pipe (`reseller history | head`) is not an error worth a stack trace.
      stream.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "EPIPE") process.exit(0);
      });
    }
    return stream.write(chunk);
  };
  return {
    write(chunk: string) {
      if (stream) return viaStream(chunk);
      const bytes = Buffer.from(chunk);
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(1, bytes, written);
      } catch {
        return viaStream(bytes.subarray(written));
      }
      return true;
    },
  };
}
