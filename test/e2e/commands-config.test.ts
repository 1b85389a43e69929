/**
 * config list/get/set/path and logout through main() (test/support/run-main.ts); logout, which no
 * other end-to-end file starts, once through the built binary. None of these talks to the service;
 * they read and write the one config file, which must stay mode 0600 and must never show the API
 * key in full.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigStore } from "../../src/config/store.js";
import { makeConfigDir, runReseller, type CliOptions } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { modeArgs, tableBorder, type Mode } from "./commands-harness.js";

const storedKey = "rk_live_stored_profile_key_9f3a";
const envKey = "rk_live_from_environment_77b1";

/** A config dir whose default profile was saved the way `reseller login` saves it. */
async function configured(
  profile: Record<string, unknown> = { base_url: "https://api.example.com", api_key: storedKey },
) {
  const dir = makeConfigDir();
  await new ConfigStore(dir).writeProfile("default", profile);
  return dir;
}

/** `reseller` through main() in this process, or the built binary when `spawned`. */
async function reseller(dir: string, args: string[], options: CliOptions & { mode?: Mode; spawned?: boolean } = {}) {
  const mode = modeArgs(options.mode ?? "plain");
  const r = await (options.spawned ? runReseller : runInProcess)([...args, ...mode.args], {
    ...options,
    env: { RESELLER_CONFIG_DIR: dir, ...mode.env, ...options.env },
  });
  for (const key of [storedKey, envKey]) expect(r.stdout + r.stderr).not.toContain(key);
  return r;
}

const stored = (dir: string) => JSON.parse(readFileSync(join(dir, "config.json"), "utf8")).profiles;
const fileMode = (dir: string) => statSync(join(dir, "config.json")).mode & 0o777;

describe("config path", () => {
  it.each<Mode>(["plain", "table"])("%s: the file's path alone", async (mode) => {
    const dir = makeConfigDir();
    const r = await reseller(dir, ["config", "path"], { mode });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${join(dir, "config.json")}\n`);
  });

  it("--json: {path}", async () => {
    const dir = makeConfigDir();
    const r = await reseller(dir, ["config", "path"], { mode: "json" });
    expect(r.json()).toEqual({ path: join(dir, "config.json") });
  });
});

describe("config list", () => {
  it("piped: setting, value and where it came from; the key masked", async () => {
    const dir = await configured({ base_url: "https://api.example.com", api_key: storedKey, timeout: 60 });
    const r = await reseller(dir, ["config", "list"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout.trim().split("\n")).toEqual([
      "base_url\thttps://api.example.com\tprofile",
      "api_key\t****9f3a\tprofile",
      "timeout\t60\tprofile",
      "max_retries\t2\tdefault",
      "wait_timeout\t300\tdefault",
      "repeat_window\t48\tdefault",
      "webhook_secret\t\tdefault",
      "shop_name\t\tdefault",
      "time_zone\tAsia/Jakarta\tdefault",
      "language\t\tdefault",
    ]);
  });

  it("shows flag and environment overrides as such", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["config", "list", "--base-url", "http://127.0.0.1:9", "--timeout", "5"], {
      env: { RESELLER_API_KEY: envKey, RESELLER_MAX_RETRIES: "0" },
    });
    const rows = Object.fromEntries(
      r.stdout
        .trim()
        .split("\n")
        .map((l) => {
          const [k, v, s] = l.split("\t");
          return [k, [v, s]];
        }),
    );
    expect(rows.base_url).toEqual(["http://127.0.0.1:9", "flag"]);
    expect(rows.api_key).toEqual(["****77b1", "environment"]);
    expect(rows.timeout).toEqual(["5", "flag"]);
    expect(rows.max_retries).toEqual(["0", "environment"]);
  });

  it("--json: one document with value and source per setting", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["config", "list"], { mode: "json" });
    expect(r.exitCode).toBe(0);
    expect(r.json()).toEqual({
      profile: "default",
      config_file: join(dir, "config.json"),
      settings: {
        base_url: { value: "https://api.example.com", source: "profile" },
        api_key: { value: "****9f3a", source: "profile" },
        timeout: { value: 30, source: "default" },
        max_retries: { value: 2, source: "default" },
        wait_timeout: { value: 300, source: "default" },
        repeat_window: { value: 48, source: "default" },
        webhook_secret: { value: null, source: "default" },
        shop_name: { value: null, source: "default" },
        time_zone: { value: "Asia/Jakarta", source: "default" },
        language: { value: null, source: "default" },
      },
    });
  });

  it("terminal: a table, and the profile named on stderr", async () => {
    const dir = await configured();
    await new ConfigStore(dir).writeProfile("shop2", { base_url: "https://shop2.example.com" });
    const r = await reseller(dir, ["config", "list"], { mode: "table" });
    expect(r.stdout).toMatch(tableBorder);
    expect(r.stdout).toMatch(/│ api_key\s+│ \*\*\*\*9f3a\s+│ profile\s+│/);
    expect(r.stderr).toContain('Profile "default"');
    expect(r.stderr).toContain("shop2");
  });

  it("--profile picks the profile", async () => {
    const dir = await configured();
    await new ConfigStore(dir).writeProfile("shop2", { base_url: "https://shop2.example.com" });
    const r = await reseller(dir, ["config", "list", "--profile", "shop2"], { mode: "json" });
    expect(r.json().profile).toBe("shop2");
    expect(r.json().settings.base_url.value).toBe("https://shop2.example.com");
    expect(r.json().settings.api_key).toEqual({ value: null, source: "default" });
  });
});

describe("config get", () => {
  it("prints the value alone, for scripts", async () => {
    const dir = await configured();
    expect((await reseller(dir, ["config", "get", "base_url"])).stdout).toBe("https://api.example.com\n");
    expect((await reseller(dir, ["config", "get", "base_url"], { mode: "table" })).stdout).toBe(
      "https://api.example.com\n",
    );
    expect((await reseller(dir, ["config", "get", "timeout"])).stdout).toBe("30\n");
  });

  it("never shows the key in full", async () => {
    const dir = await configured();
    expect((await reseller(dir, ["config", "get", "api_key"])).stdout).toBe("****9f3a\n");
  });

  it("--json: key, value and source", async () => {
    const dir = await configured();
    expect((await reseller(dir, ["config", "get", "base_url"], { mode: "json" })).json()).toEqual({
      key: "base_url",
      value: "https://api.example.com",
      source: "profile",
    });
  });

  it("an unset value: nothing on stdout, a note on stderr, exit 0", async () => {
    const r = await reseller(makeConfigDir(), ["config", "get", "base_url"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("not set");
  });

  it("an unknown setting is a usage error listing the real ones", async () => {
    const r = await reseller(makeConfigDir(), ["config", "get", "colour"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("base_url, api_key, timeout, max_retries, wait_timeout");
  });
});

describe("config set", () => {
  it("saves the setting in the profile, keeps the rest, and leaves the file 0600", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["config", "set", "timeout", "60"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain('Set timeout to 60 for profile "default"');
    expect(stored(dir).default).toEqual({ base_url: "https://api.example.com", api_key: storedKey, timeout: 60 });
    expect(fileMode(dir)).toBe(0o600);
    expect((await reseller(dir, ["config", "get", "timeout"], { mode: "json" })).json()).toEqual({
      key: "timeout",
      value: 60,
      source: "profile",
    });
  });

  it("creates the config file 0600, in a dir of the owner's alone, when there was none", async () => {
    const dir = join(makeConfigDir(), "reseller");
    expect((await reseller(dir, ["config", "set", "wait_timeout", "120"])).exitCode).toBe(0);
    expect(fileMode(dir)).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(stored(dir).default).toEqual({ wait_timeout: 120 });
  });

  it("--json: what was saved", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["config", "set", "max_retries", "4"], { mode: "json" });
    expect(r.json()).toEqual({ profile: "default", key: "max_retries", value: 4 });
  });

  it("terminal: the same confirmation on stderr", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["config", "set", "base_url", "https://new.example.com"], { mode: "table" });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("Set base_url to https://new.example.com");
  });

  it("--profile writes that profile only", async () => {
    const dir = await configured();
    await reseller(dir, ["config", "set", "base_url", "https://shop2.example.com", "--profile", "shop2"]);
    expect(stored(dir).shop2).toEqual({ base_url: "https://shop2.example.com" });
    expect(stored(dir).default.base_url).toBe("https://api.example.com");
  });

  it("drops a pasted /v1 from the base URL", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["config", "set", "base_url", "https://api2.example.com/v1/"]);
    expect(r.exitCode).toBe(0);
    expect(stored(dir).default.base_url).toBe("https://api2.example.com");
    expect(r.stderr).toContain("/v1");
  });

  it("refuses plain http to another machine unless --insecure", async () => {
    const dir = await configured();
    const refused = await reseller(dir, ["config", "set", "base_url", "http://api.example.com"]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain("clear text");
    expect(stored(dir).default.base_url).toBe("https://api.example.com");
    const allowed = await reseller(dir, ["config", "set", "base_url", "http://api.example.com", "--insecure"]);
    expect(allowed.exitCode).toBe(0);
    expect(stored(dir).default.base_url).toBe("http://api.example.com");
    expect((await reseller(dir, ["config", "set", "base_url", "http://127.0.0.1:8787"])).exitCode).toBe(0);
  });

  it("refuses the API key: argv leaks into ps and shell history (exit 2, nothing written)", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["config", "set", "api_key", "rk_live_typed_on_the_command_line"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("reseller login");
    expect(r.stderr).not.toContain("rk_live_typed_on_the_command_line");
    expect(stored(dir).default.api_key).toBe(storedKey);
  });

  it.each([
    // One rule for the timeout wherever it is given: `config set` refuses what --timeout refuses.
    ["timeout", "soon", /timeout must be whole seconds from 1 to 3600, not "soon"/],
    ["timeout", "0", /timeout must be whole seconds from 1 to 3600/],
    ["timeout", "3601", /timeout must be whole seconds from 1 to 3600/],
    ["max_retries", "11", /max_retries must be a whole number from 0 to 10/],
    ["wait_timeout", "-5", /wait_timeout must be a positive whole number/],
    ["repeat_window", "0", /repeat_window must be a positive whole number/],
    ["base_url", "api.example.com", /not a URL/],
    ["colour", "red", /There is no setting "colour"/],
  ])("refuses %s=%s (exit 2, file unchanged)", async (key, value, message) => {
    const dir = await configured();
    const before = readFileSync(join(dir, "config.json"), "utf8");
    const r = await reseller(dir, ["config", "set", key, value]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(readFileSync(join(dir, "config.json"), "utf8")).toBe(before);
  });

  it("warns when the environment overrides what was just saved", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["config", "set", "base_url", "https://new.example.com"], {
      env: { RESELLER_BASE_URL: "https://env.example.com" },
    });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain("RESELLER_BASE_URL");
  });
});

describe("logout", () => {
  it("forgets the key, keeps the base URL, says so on stderr", async () => {
    const dir = await configured();
    const r = await reseller(dir, ["logout"], { spawned: true });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("****9f3a");
    expect(stored(dir).default).toEqual({ base_url: "https://api.example.com" });
    expect(fileMode(dir)).toBe(0o600);
  });

  it("a command after logout has no key: exit 3 NO_API_KEY", async () => {
    const dir = await configured();
    await reseller(dir, ["logout"]);
    const r = await reseller(dir, ["balance"]);
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain("NO_API_KEY");
  });

  it("with no key stored it is not an error, and says so", async () => {
    const dir = await configured({ base_url: "https://api.example.com" });
    const r = await reseller(dir, ["logout"], { mode: "table" });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toContain("no stored API key");
  });

  it("--json: what was done", async () => {
    const dir = await configured();
    expect((await reseller(dir, ["logout"], { mode: "json" })).json()).toEqual({
      profile: "default",
      removed_api_key: true,
    });
    expect((await reseller(dir, ["logout"], { mode: "json" })).json()).toEqual({
      profile: "default",
      removed_api_key: false,
    });
  });

  it("--profile logs out of that profile only", async () => {
    const dir = await configured();
    await new ConfigStore(dir).writeProfile("shop2", {
      base_url: "https://shop2.example.com",
      api_key: "rk_live_shop2_key_0c0c",
    });
    await reseller(dir, ["logout", "--profile", "shop2"]);
    expect(stored(dir).shop2).toEqual({ base_url: "https://shop2.example.com" });
    expect(stored(dir).default.api_key).toBe(storedKey);
  });

  it("reminds that RESELLER_API_KEY still applies", async () => {
    const r = await reseller(await configured(), ["logout"], { env: { RESELLER_API_KEY: envKey } });
    expect(r.stderr).toContain("RESELLER_API_KEY");
  });
});
