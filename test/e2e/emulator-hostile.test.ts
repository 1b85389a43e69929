/**
 * The emulator and its leftovers among other parties: its non-loopback warning survives --detach,
 * the detached process gets none of the environment's secrets, and the variables
 * `eval "$(reseller emulator --print-env)"` leaves behind never silently beat an explicit --profile.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { makeConfigDir, runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { makeTempDir } from "../support/temp-dir.js";

const harness = useEmulator();

async function stop(pid: number) {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

describe("reseller emulator --detach", () => {
  it("still warns about a bind beyond this machine, and hands the background process no secrets", async () => {
    const secrets = {
      RESELLER_API_KEY: "rk_live_secret_of_the_shop_0123456789",
      RESELLER_WEBHOOK_SECRET: "whsec_secret_of_the_shop_0123456789",
    };
    const r = await runReseller(["emulator", "--port", "0", "--host", "0.0.0.0", "--detach"], {
      env: { ...secrets, RESELLER_CONFIG_DIR: makeConfigDir(), TMPDIR: makeTempDir("reseller-tmp-") },
    });
    const pid = Number(r.stderr.match(/kill (\d+)/)?.[1]);
    try {
      expect(r.exitCode, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/Warning: listening on 0\.0\.0\.0/);
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8");
      expect(environ).not.toContain(secrets.RESELLER_API_KEY);
      expect(environ).not.toContain(secrets.RESELLER_WEBHOOK_SECRET);
      expect(environ).not.toMatch(/RESELLER_/);
    } finally {
      await stop(pid);
    }
  });
});

describe("--profile and leftover emulator variables", () => {
  it("an explicit --profile uses its saved address and key, and says the environment's lost", async () => {
    const configDir = makeConfigDir();
    const login = await runReseller(
      ["login", "--with-key", "--profile", "shop", "--base-url", harness.emulator.baseUrl],
      { env: { RESELLER_CONFIG_DIR: configDir }, input: harness.emulator.demoApiKey },
    );
    expect(login.exitCode, login.stderr).toBe(0);
    const leftovers = {
      RESELLER_CONFIG_DIR: configDir,
      RESELLER_BASE_URL: "http://127.0.0.1:9",
      RESELLER_API_KEY: "rk_test_leftover_emulator_key_0000",
      RESELLER_MAX_RETRIES: "0",
    };
    const chosen = await runReseller(["--profile", "shop", "balance"], { env: leftovers });
    expect(chosen.exitCode, chosen.stderr).toBe(0);
    expect(chosen.stderr).toMatch(
      /--profile shop wins: its saved address and key are used, not RESELLER_BASE_URL and RESELLER_API_KEY from the environment/,
    );
    // RESELLER_PROFILE is the environment too: there the environment's address and key still win, as documented.
    const fromEnvironment = await runReseller(["balance"], { env: { ...leftovers, RESELLER_PROFILE: "shop" } });
    expect(fromEnvironment.exitCode).toBe(4);
  });

  it("a profile with nothing saved takes the environment's, and says nothing", async () => {
    const r = await runReseller(["--profile", "empty", "balance"], { env: harness.accountEnv() });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/wins/);
  });
});
