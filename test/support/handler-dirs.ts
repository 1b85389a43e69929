/**
 * Work dirs for the shell commands a test hands deliveries to (`webhook listen --exec`). A command
 * that leaves something running writes its pid to `<dir>/pids`, one a line; what is still running
 * there is killed when the test ends, before temp-dir.ts removes the dir.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import { makeTempDir } from "./temp-dir.js";

/** Whether a process still runs (a zombie waiting to be reaped has stopped running). */
export function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** The pids a command wrote to `<dir>/pids`; none before it wrote any. */
export function pidsIn(dir: string): number[] {
  const file = join(dir, "pids");
  return existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number) : [];
}

/** Registers the clean-up for the calling file; returns the maker of a work dir. */
export function useHandlerDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0))
      for (const pid of pidsIn(dir))
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Gone already.
        }
  });
  return () => {
    const dir = makeTempDir(prefix);
    dirs.push(dir);
    return dir;
  };
}
