/**
 * Programs some tests drive besides `reseller`: tmux for a real terminal, zsh and fish whose own
 * parsers and completion systems check the completion scripts. On a developer's machine a missing
 * one skips those tests and the skip names it; on CI (`CI` set) it fails them, because `.ci/run`
 * installs these programs and a green run that never drove a terminal proves nothing.
 */
import { spawnSync } from "node:child_process";
import { beforeEach, type TestContext } from "vitest";

const found = new Map<string, boolean>();

export function installed(program: string): boolean {
  let here = found.get(program);
  if (here === undefined) {
    here = spawnSync("sh", ["-c", 'command -v "$1"', "sh", program], { stdio: "ignore" }).status === 0;
    found.set(program, here);
  }
  return here;
}

const onCI = (): boolean => !["", "0", "false"].includes((process.env.CI ?? "").toLowerCase());

/** Skips the running test (fails it on CI) unless every one of `programs` is on PATH. */
export function requirePrograms(context: TestContext, ...programs: string[]): void {
  const missing = programs.filter((program) => !installed(program));
  if (missing.length === 0) return;
  const names = missing.join(", ");
  if (onCI())
    throw new Error(
      `${names} not installed: CI must install ${missing.length > 1 ? "them" : "it"} (see .ci/run), or these tests never run`,
    );
  context.skip(`needs ${names}, not installed`);
}

/** The same for every test of the enclosing describe block. */
export function needsPrograms(...programs: string[]): void {
  beforeEach((context) => requirePrograms(context, ...programs));
}
