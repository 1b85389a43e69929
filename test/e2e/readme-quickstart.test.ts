/**
 * The README's quick start works when pasted into bash: its emulator block is run line by line in a
 * fresh bash (no profile, no rc file, an empty home), with `reseller` on PATH as `npm link` puts it.
 * Left out, and why: the `npm` lines (this test runs from the built checkout, and `npm test` would
 * run this test again) and the block against the real service (it needs a real account's key).
 */
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runBash } from "../support/bash.js";
import { binPath } from "../support/cli.js";
import { makeTempDir } from "../support/temp-dir.js";
import { until } from "../support/until.js";

const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");

/** The sh blocks of the Quick start section, in order. */
function quickStartBlocks(): string[] {
  const section = readme.slice(
    readme.indexOf("## Quick start"),
    readme.indexOf("\n## ", readme.indexOf("## Quick start") + 1),
  );
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/**
 * The processes running `reseller` from this shim dir (their command lines name it: the launcher
 * starts the detached emulator as it was itself started). Read from /proc; none where there is none.
 */
function startedFrom(bin: string): number[] {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  return pids.flatMap((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(join(bin, "reseller"))
        ? [Number(pid)]
        : [];
    } catch {
      return []; // ended meanwhile
    }
  });
}

/** The shell running the block and the dir of its `reseller`: what afterEach stops when the block did not. */
let running: { shell: ChildProcess; bin: string } | undefined;

// A block cut short (a failing line, the harness's limit, the test's timeout) never reaches its
// `kill`: the emulator it started in the background, in a session of its own, would outlive the run.
afterEach(async () => {
  if (!running) return;
  const { shell, bin } = running;
  running = undefined;
  if (shell.exitCode === null && shell.signalCode === null) process.kill(-shell.pid!, "SIGKILL");
  for (const pid of startedFrom(bin)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // ended meanwhile
    }
  }
  await until(`what ${bin}/reseller started to stop`, () => startedFrom(bin).length === 0);
});

describe("the README's quick start", () => {
  it("has an install block and an emulator block", () => {
    const blocks = quickStartBlocks();
    expect(blocks.some((b) => /^npm install/m.test(b))).toBe(true);
    expect(blocks.filter((b) => b.includes("reseller emulator"))).toHaveLength(1);
  });

  // A purchase waited for and five more commands, each a process of its own: on a busy machine
  // longer than the 30 s the other tests get.
  it("the emulator block, pasted into a fresh bash, runs every line and leaves nothing running", {
    timeout: 90_000,
  }, async () => {
    const block = quickStartBlocks().find((b) => b.includes("reseller emulator"))!;
    const lines = block.split("\n").filter((line) => line.trim());
    // `reseller` on PATH, as `npm link` leaves it: a link to the launcher.
    const bin = makeTempDir("reseller-path-");
    symlinkSync(binPath, join(bin, "reseller"));
    const home = makeTempDir("reseller-home-");
    const env = {
      PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: home,
      // Where the detached emulator's log goes, removed with the test.
      TMPDIR: makeTempDir("reseller-tmp-"),
      LANG: "C.UTF-8",
      TZ: "Asia/Jakarta",
    };
    // Each line is echoed before it runs, so a failure names its line; the first failing line stops the run.
    const script = [
      "set -e",
      ...lines.flatMap((line) => [`echo ">>> ${line.replace(/["`$\\]/g, "\\$&")}" >&2`, line]),
      'echo "pid=${RESELLER_EMULATOR_PID:-}"',
    ].join("\n");
    const r = await runBash(script, { env, pasted: true, started: (shell) => (running = { shell, bin }) });
    expect(r.code, `stderr:\n${r.stderr}`).toBe(0);
    // The purchase went through and was delivered; history has it; --jq printed a bare number.
    expect(r.stdout).toMatch(/^balance\t\d+$/m);
    expect(r.stdout).toMatch(/^sn\t12\tcompleted\t\d{20}\t/m);
    expect(r.stdout).toMatch(/\tbuy\tRSL-\d{8}-\w+\tdone\t11500\t/);
    expect(r.stdout).toMatch(/^\d+\npid=\d+\n$/m);
    // The last line stopped the emulator.
    const pid = Number(r.stdout.match(/pid=(\d+)/)![1]);
    await until(`the emulator (pid ${pid}) to stop`, () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    expect(startedFrom(bin)).toEqual([]);
  });
});
