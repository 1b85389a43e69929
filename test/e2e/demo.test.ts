/**
 * `npm run demo` piped into a file or a pager: plain text (no colour codes, even where the
 * environment forces colours, as CI machines often do), every step succeeding, and no purchase
 * shown as created in the future although the tour moves the emulator's clock ahead.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv } from "../support/cli.js";

describe("npm run demo, piped", () => {
  it("has no colour codes and no creation time in the future", () => {
    const r = spawnSync(process.execPath, [join(import.meta.dirname, "../../scripts/demo.mjs")], {
      env: baseEnv({ FORCE_COLOR: "1", CLICOLOR_FORCE: "1" }),
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(r.status, r.stdout.slice(-2000) + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Tour complete: every step succeeded\./);
    expect(r.stdout).not.toContain("\u001b");
    const created = r.stdout.split("\n").filter((line) => /^Created\s/.test(line));
    expect(created.length).toBeGreaterThanOrEqual(4);
    for (const line of created) expect(line).not.toMatch(/\(in \d/);
  }, 150_000);
});
