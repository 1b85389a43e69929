/**
 * Waiting for the thing itself, not for a while: polls `check` until it gives something, and fails
 * naming what it waited for once the deadline passes (a deadline, so a broken feature fails the
 * test instead of hanging it).
 */
import { readFileSync } from "node:fs";

export async function until<T>(
  what: string,
  check: () => T | undefined | null | false,
  timeoutMs = 15_000,
  everyMs = 10,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    // A promise is always truthy: waiting on an async check would wait for nothing.
    if (value instanceof Promise) throw new Error(`The check for ${what} must not be async`);
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The text of `path` once a command has written at least one whole line to it. A shell's `>>`
 * creates the file before it writes, so the file's existence alone can be seen with nothing in it.
 */
export async function untilLineWritten(what: string, path: string, timeoutMs = 15_000): Promise<string> {
  return until(
    what,
    () => {
      try {
        const text = readFileSync(path, "utf8");
        return text.includes("\n") ? text : undefined;
      } catch {
        return undefined;
      }
    },
    timeoutMs,
  );
}
