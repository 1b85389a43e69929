/**
 * The README's quick start works when pasted into bash: its emulator block is run line by line in a
 * fresh bash (no profile, no rc file, an empty home), with `reseller` on PATH as `npm link` puts it.
 * Left out, and why: the `npm` lines (this test runs from the built checkout, and `npm test` would
 * run this test again) and the block against the real service (it needs a real account's key).
 */
import { spawnSync } from "node:child_process";
import { readFileSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
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

describe("the README's quick start", () => {
  it("has an install block and an emulator block", () => {
    const blocks = quickStartBlocks();
    expect(blocks.some((b) => /^npm install/m.test(b))).toBe(true);
    expect(blocks.filter((b) => b.includes("reseller emulator"))).toHaveLength(1);
  });

  it("the emulator block, pasted into a fresh bash, runs every line and leaves nothing running", async () => {
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
    const r = spawnSync("bash", ["--noprofile", "--norc", "-s"], {
      input: script,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status, `stderr:\n${r.stderr}`).toBe(0);
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
  });
});
