/**
 * Speed is a feature: a command loads only the modules it uses. These tests record every module
 * the real process resolves and check the heavy ones stay out of the commands that do not need them.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { baseEnv, binPath, makeConfigDir } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";

const harness = useEmulator();

function modulesLoadedBy(args: string[]): Promise<{ modules: string[]; exitCode: number | null }> {
  const dir = makeConfigDir();
  const log = join(dir, "modules.txt");
  const hook = resolve(import.meta.dirname, "../support/record-modules.mjs");
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, ["--import", hook, binPath, ...args], {
      env: baseEnv({ ...harness.accountEnv(undefined, dir), RESELLER_TEST_MODULE_LOG: log }),
      stdio: ["ignore", "ignore", "ignore"],
    });
    child.on("error", reject);
    child.on("close", (exitCode) => {
      let text = "";
      try {
        text = readFileSync(log, "utf8");
      } catch {
        text = "";
      }
      done({ modules: text.split("\n").filter(Boolean), exitCode });
    });
  });
}

const heavy = {
  prompts: /@inquirer/,
  emulator: /\/dist\/emulator\//,
  conf: /node_modules\/conf\//,
  chalk: /node_modules\/chalk\//,
  table: /cli-table3/,
};

describe("a command loads only what it uses", () => {
  it("`reseller balance` piped loads neither prompts, emulator, conf, chalk nor the table library", async () => {
    const { modules, exitCode } = await modulesLoadedBy(["balance"]);
    expect(exitCode).toBe(0);
    expect(modules.some((m) => m.includes("/dist/commands/balance.js"))).toBe(true);
    for (const [name, pattern] of Object.entries(heavy)) expect(modules.filter((m) => pattern.test(m)), name).toEqual([]);
  });

  it("`reseller --version` does not even load the HTTP client", async () => {
    const { modules, exitCode } = await modulesLoadedBy(["--version"]);
    expect(exitCode).toBe(0);
    // The record of this very run is there: what is absent below is absent, not unrecorded.
    expect(modules.some((m) => m.includes("/dist/cli.js"))).toBe(true);
    expect(modules.filter((m) => /undici|\/dist\/api\/client\.js|\/dist\/commands\/(?!rules\.js)/.test(m))).toEqual([]);
  });

  it("sees the lazily imported handler of the command that runs", async () => {
    // Without this, an empty record would make the tests above pass while proving nothing.
    const { modules } = await modulesLoadedBy(["item", "12"]);
    expect(modules.some((m) => m.includes("/dist/commands/item.js"))).toBe(true);
  });
});
