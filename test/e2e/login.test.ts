/** `reseller login --with-key`, the scripted login: the key from stdin, checked before it is saved. */
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeConfigDir, runReseller } from "../support/cli.js";
import { apiRequests, useEmulator } from "../support/emulator.js";

const harness = useEmulator();

const configFile = (dir: string) => join(dir, "config.json");
const profiles = (dir: string) => JSON.parse(readFileSync(configFile(dir), "utf8")).profiles;

describe("login --with-key", () => {
  it("reads the key from stdin (trimmed), checks it, saves it 0600 and never prints it", async () => {
    const dir = makeConfigDir();
    const key = harness.emulator.demoApiKey;
    const result = await runReseller(["login", "--with-key", "--base-url", `${harness.emulator.baseUrl}/`], {
      input: `  ${key}\n`,
      env: { RESELLER_CONFIG_DIR: dir },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain(
      `Logged in to ${harness.emulator.baseUrl} as profile default (key ****${key.slice(-4)}), balance Rp 2.500.000`,
    );
    expect(result.stdout + result.stderr).not.toContain(key.slice(0, 8));
    expect(profiles(dir).default).toEqual({ base_url: harness.emulator.baseUrl, api_key: key });
    expect(statSync(configFile(dir)).mode & 0o777).toBe(0o600);

    const balance = await runReseller(["balance", "--json"], { env: { RESELLER_CONFIG_DIR: dir } });
    expect(balance.json().data.balance).toBe(2_500_000);
  });

  it("saves into the profile asked for and keeps its other settings and the other profiles", async () => {
    const dir = makeConfigDir();
    writeFileSync(
      configFile(dir),
      JSON.stringify({
        profiles: { default: { base_url: "https://api.example.com", api_key: "rk_old_1111" }, shop2: { timeout: 9 } },
      }),
    );
    const other = harness.emulator.accounts[1]!.apiKey;
    const result = await runReseller(
      ["login", "--with-key", "--profile", "shop2", "--base-url", harness.emulator.baseUrl],
      { input: other, env: { RESELLER_CONFIG_DIR: dir } },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("as profile shop2");
    expect(profiles(dir)).toEqual({
      default: { base_url: "https://api.example.com", api_key: "rk_old_1111" },
      shop2: { timeout: 9, base_url: harness.emulator.baseUrl, api_key: other },
    });
  });

  it("uses the stored address when no flag or environment gives one", async () => {
    const dir = makeConfigDir();
    writeFileSync(configFile(dir), JSON.stringify({ profiles: { default: { base_url: harness.emulator.baseUrl } } }));
    const result = await runReseller(["login", "--with-key"], {
      input: harness.emulator.demoApiKey,
      env: { RESELLER_CONFIG_DIR: dir },
    });
    expect(result.exitCode).toBe(0);
    expect(profiles(dir).default.api_key).toBe(harness.emulator.demoApiKey);
  });

  it("--json prints the balance body the key was checked with", async () => {
    const result = await runReseller(["login", "--with-key", "--json"], {
      input: harness.emulator.demoApiKey,
      env: { RESELLER_CONFIG_DIR: makeConfigDir(), RESELLER_BASE_URL: harness.emulator.baseUrl },
    });
    expect(result.exitCode).toBe(0);
    expect(result.json()).toMatchObject({ message: "OK", data: { balance: 2_500_000 } });
  });

  it("a key the service refuses is exit 3 and nothing is saved", async () => {
    const dir = makeConfigDir();
    const result = await runReseller(["login", "--with-key", "--base-url", harness.emulator.baseUrl], {
      input: "rk_not_a_real_key_9876",
      env: { RESELLER_CONFIG_DIR: dir },
    });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain("Nothing was saved");
    expect(result.stderr).toContain("****9876");
    expect(result.stderr).not.toContain("rk_not_a_real");
    expect(existsSync(configFile(dir))).toBe(false);
  });

  it("an unreachable service is exit 4 and nothing is saved", async () => {
    const dir = makeConfigDir();
    const result = await runReseller(["login", "--with-key", "--base-url", "http://127.0.0.1:9", "--timeout", "2"], {
      input: harness.emulator.demoApiKey,
      env: { RESELLER_CONFIG_DIR: dir, RESELLER_MAX_RETRIES: "0" },
    });
    expect(result.exitCode).toBe(4);
    expect(existsSync(configFile(dir))).toBe(false);
  });

  it.each<[string, () => string[], string, RegExp]>([
    // An address is given, so it is the empty stdin that stops it, not the missing address below.
    ["an empty stdin", () => ["--base-url", harness.emulator.baseUrl], "", /read no API key from stdin/],
    ["no address anywhere", () => [], "rk_demo", /No service address/],
    [
      "a plain http address that is not this machine",
      () => ["--base-url", "http://api.example.com"],
      "rk_demo",
      /clear text/,
    ],
  ])("%s is exit 2 with nothing sent or saved", async (_what, flags, input, message) => {
    const dir = makeConfigDir();
    const sent = apiRequests(harness).length;
    const result = await runReseller(["login", "--with-key", ...flags()], { input, env: { RESELLER_CONFIG_DIR: dir } });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(apiRequests(harness)).toHaveLength(sent);
    expect(existsSync(configFile(dir))).toBe(false);
  });

  it("warns when RESELLER_API_KEY would still win over the saved key", async () => {
    const result = await runReseller(["login", "--with-key", "--base-url", harness.emulator.baseUrl], {
      input: harness.emulator.demoApiKey,
      env: { RESELLER_CONFIG_DIR: makeConfigDir(), RESELLER_API_KEY: harness.emulator.accounts[1]!.apiKey },
    });
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("RESELLER_API_KEY is set");
  });
});
