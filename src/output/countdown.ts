/**
 * A live "expires in 9m 41s" line on stderr that a person can leave with a key. Only for a terminal
 * on both ends: the caller checks. While it runs, stdin is in raw mode so a single q / Enter / Esc
 * (or Ctrl-C, which arrives as a byte in raw mode) ends it at once; the terminal is put back after.
 */
import { formatDuration } from "./format.js";
import type { Writable } from "./output.js";
import type { Messages } from "../messages/messages.js";

export type CountdownEnd = "left" | "expired" | "done" | "aborted";

export interface CountdownOptions {
  /** When the thing expires, in epoch ms. */
  expiresAt: number;
  stdin: NodeJS.ReadableStream;
  stderr: Writable;
  now: () => number;
  /** Aborting (SIGINT/SIGTERM from outside) ends the countdown too. */
  signal: AbortSignal;
  /** The reader's catalogue: the remaining time is said in it. */
  say: Messages;
  /** The line for a remaining time, e.g. `Link expires in 59m 58s`. */
  describe: (remaining: string) => string;
  /** Asked every `checkEveryMs` (not overlapping); true ends the countdown as "done". Errors are ignored. */
  check?: () => Promise<boolean>;
  checkEveryMs?: number;
}

/** q, Q, Enter, Esc, Ctrl-C, Ctrl-D. An arrow key also starts with Esc, so only a lone Esc counts. */
function isLeaveKey(chunk: string): boolean {
  return ["q", "Q", "\r", "\n", "\u001b", "\u0003", "\u0004"].includes(chunk);
}

interface RawCapable {
  isTTY?: boolean;
  isRaw?: boolean;
  setRawMode?: (mode: boolean) => unknown;
  setEncoding?: (encoding: BufferEncoding) => unknown;
}

export async function runCountdown(options: CountdownOptions): Promise<CountdownEnd> {
  const { stdin, stderr, signal } = options;
  const raw = stdin as NodeJS.ReadableStream & RawCapable;
  const wasRaw = raw.isRaw === true;
  const line = () => {
    const remaining = Math.max(0, options.expiresAt - options.now());
    // \r and erase-line rewrite the same line each second instead of scrolling.
    stderr.write(`\r\u001b[2K${options.describe(formatDuration(Math.ceil(remaining / 1000), options.say))}`);
    return remaining;
  };

  let finish: (end: CountdownEnd) => void = () => undefined;
  const ended = new Promise<CountdownEnd>((resolve) => (finish = resolve));
  const onData = (chunk: Buffer | string) => {
    if (isLeaveKey(typeof chunk === "string" ? chunk : chunk.toString("utf8"))) finish("left");
  };
  const onAbort = () => finish("aborted");

  let tick: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let stopped = false;
  try {
    if (signal.aborted) return "aborted";
    signal.addEventListener("abort", onAbort, { once: true });
    raw.setRawMode?.(true);
    stdin.on("data", onData);
    stdin.resume();
    stderr.write("\u001b[?25l"); // hide the cursor while the line redraws itself

    const onTick = () => {
      if (stopped) return;
      const remaining = line();
      if (remaining <= 0) return finish("expired");
      // Wake on the next whole second of the remaining time, so the display never skips or stalls.
      tick = setTimeout(onTick, remaining % 1000 || 1000);
    };
    onTick();

    if (options.check) {
      const check = options.check;
      const every = options.checkEveryMs ?? 5_000;
      const onPoll = async () => {
        const ok = await check().catch(() => false);
        if (stopped) return;
        if (ok) return finish("done");
        poll = setTimeout(onPoll, every);
      };
      poll = setTimeout(onPoll, every);
    }
    return await ended;
  } finally {
    stopped = true;
    clearTimeout(tick);
    clearTimeout(poll);
    signal.removeEventListener("abort", onAbort);
    stdin.off("data", onData);
    raw.setRawMode?.(wasRaw);
    // Paused again so an idle stdin does not keep the process alive.
    stdin.pause();
    stderr.write("\r\u001b[2K\u001b[?25h");
  }
}
