/**
 * The process's own pieces as the CLI and the launcher's answers from the kept catalogue use them:
 * its streams, set up only when used, and Ctrl-C as an AbortSignal. The one place these are made.
 */
import { fstatSync, writeSync } from "node:fs";
import type { PagerProcess, Terminal } from "./context.js";
import { ExitCode, present } from "./errors.js";

/**
 * Ctrl-C (and SIGTERM) as an AbortSignal: the first lets the running command stop cleanly, a second
 * one leaves at once. `dispose()` stops listening.
 */
export function interruptSignal(): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  let interrupts = 0;
  const onSigint = () => {
    interrupts += 1;
    // Not while a pager shows the output: the terminal is the pager's until the reseller leaves it.
    if (interrupts > 1 && pagersShowing === 0) process.exit(ExitCode.interrupted);
    controller.abort();
  };
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigint);
  return {
    signal: controller.signal,
    dispose() {
      process.off("SIGINT", onSigint);
      process.off("SIGTERM", onSigint);
    },
  };
}

/** Pagers running now: Ctrl-C reaches them too, and leaving before they end would leave one orphaned. */
let pagersShowing = 0;

/**
 * A pager (`less -FRX`) whose output is this terminal, as git starts one: LESS=FRX and LV=-c unless
 * set, and less told the text is UTF-8 (as it is) unless told otherwise: with a locale the machine
 * lacks (`LANG=id_ID.UTF-8` sent over ssh to a server without it) it would show `<E2><94><82>` for
 * every border. Undefined when its program is not on PATH: the output then goes to the terminal itself.
 * `end()` closes its input and resolves once the reseller has left it; a pager left early (`q`
 * before the end) takes nothing more, without an error.
 */
export function startPager(command: string): PagerProcess | undefined {
  const [program = ""] = command.trim().split(/\s+/);
  if (!onPath(program)) return undefined;
  const { spawn } = process.getBuiltinModule("node:child_process");
  const { LESSCHARSET, LESSCHARDEF } = process.env;
  const charset = LESSCHARSET === undefined && LESSCHARDEF === undefined ? { LESSCHARSET: "utf-8" } : {};
  const env = { ...process.env, LESS: process.env.LESS ?? "FRX", LV: process.env.LV ?? "-c", ...charset };
  const child = spawn(command, { shell: true, stdio: ["pipe", "inherit", "inherit"], env });
  pagersShowing += 1;
  let open = true;
  const ended = new Promise<void>((done) => {
    const gone = () => {
      if (!open) return;
      open = false;
      pagersShowing -= 1;
      done();
    };
    child.on("close", gone).on("error", gone);
  });
  const input = present(child.stdin, "the pager's input");
  // The reseller left the pager before the end (`q`): what is left has no reader, and that is no error.
  input.on("error", () => undefined);
  return {
    write: (chunk) => (open ? input.write(chunk) : true),
    drained: () =>
      open && input.writableNeedDrain
        ? Promise.race([new Promise<void>((done) => input.once("drain", done)), ended])
        : Promise.resolve(),
    end: () => {
      input.end();
      return ended;
    },
  };
}

/** Whether `program` (a name or a path) can be run: gh asks the same before starting a pager. */
function onPath(program: string): boolean {
  const { accessSync, constants } = process.getBuiltinModule("node:fs");
  const { delimiter, join } = process.getBuiltinModule("node:path");
  const places = program.includes("/")
    ? [program]
    : (process.env.PATH ?? "").split(delimiter).map((dir) => join(dir, program));
  return places.some((place) => {
    try {
      accessSync(place, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * The process's streams, each set up only when a command uses it: building process.stdin,
 * process.stdout or process.stderr costs a few milliseconds of every start (node:net for a pipe),
 * and most commands never read stdin. Whether each is a terminal is asked of the file descriptor.
 */
export function processTerminal(): Terminal {
  let tty: typeof import("node:tty") | undefined;
  // Only a character device can be a terminal: a pipe or a file is told apart without node:tty.
  const isatty = (fd: number) => {
    try {
      return fstatSync(fd).isCharacterDevice() && (tty ??= process.getBuiltinModule("node:tty")).isatty(fd);
    } catch {
      return false;
    }
  };
  let stderr: Terminal["stderr"] | undefined;
  let runToTheEnd = false;
  const closed = { stdout: false, stderr: false };
  return {
    stdout: dropOnceClosed(
      directWriter(1, () => {
        const stream = process.stdout;
        // A closed pipe (`reseller history | head`) is not an error worth a stack trace. A purchase
        // goes on (its answer must be recorded); anything else has nobody left to tell. A fault of
        // the stream itself is never thrown from here either: it would end a purchase in flight
        // before its answer is recorded, so what follows is dropped instead.
        stream.on("error", (error: NodeJS.ErrnoException) => {
          if (readerGone(error) && !runToTheEnd) process.exit(0);
          closed.stdout = true;
        });
        return stream;
      }),
      () => closed.stdout,
    ),
    // Prompts, spinners and the QR code use stderr as a terminal stream; otherwise it is only written to.
    get stderr() {
      if (stderr) return stderr;
      // Messages to people with nobody reading them (`2>&1 | head -1`), or a stderr that fails, are dropped: never a crash, nor an exit.
      const heard = () =>
        process.stderr.on("error", () => {
          closed.stderr = true;
        });
      stderr = isatty(2) ? heard() : dropOnceClosed(directWriter(2, heard), () => closed.stderr);
      return stderr;
    },
    runToTheEndWhenOutputCloses() {
      runToTheEnd = true;
    },
    get stdin() {
      return process.stdin;
    },
    startPager,
    get stdoutIsTTY() {
      return isatty(1);
    },
    get stderrIsTTY() {
      return isatty(2);
    },
    get stdinIsTTY() {
      return isatty(0);
    },
    get stdoutColumns() {
      return isatty(1) ? process.stdout.columns : undefined;
    },
    get stderrColumns() {
      return isatty(2) ? process.stderr.columns : undefined;
    },
  };
}

/** A pipe's reader gone: EPIPE, or a write that raced the stream's closing for it. */
const readerGone = (error: NodeJS.ErrnoException) => error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED";

/** A writer that takes and drops what is written once its reader has gone. */
function dropOnceClosed(writer: Terminal["stdout"], isClosed: () => boolean): Terminal["stdout"] {
  return {
    write: (chunk: string) => isClosed() || writer.write(chunk),
    drained: () => (isClosed() ? Promise.resolve() : (writer.drained?.() ?? Promise.resolve())),
  };
}

/**
 * A stream written with one synchronous write(2) per chunk, which is what process.stdout and
 * process.stderr do on Linux for files, pipes and terminals alike, without building the stream.
 * Should a write fail (a full non-blocking pipe, a closed one), that chunk's rest and all that
 * follows go through the stream, which holds what a slow reader has not taken (write() says false
 * then, and `drained()` waits for it) and reports errors as it always has.
 */
function directWriter(fd: number, openStream: () => NodeJS.WriteStream): Terminal["stdout"] {
  let stream: NodeJS.WriteStream | undefined;
  const viaStream = (chunk: string | Buffer) => (stream ??= openStream()).write(chunk);
  return {
    write(chunk: string) {
      if (stream) return viaStream(chunk);
      const bytes = Buffer.from(chunk);
      let written = 0;
      try {
        while (written < bytes.length) written += writeSync(fd, bytes, written);
      } catch {
        return viaStream(bytes.subarray(written));
      }
      return true;
    },
    drained() {
      const held = stream;
      if (!held?.writableNeedDrain) return Promise.resolve();
      // A reader that goes away never drains: closing or failing ends the wait too.
      return new Promise<void>((done) => {
        const settle = () => {
          held.off("drain", settle).off("close", settle).off("error", settle);
          done();
        };
        held.on("drain", settle).on("close", settle).on("error", settle);
      });
    },
  };
}
