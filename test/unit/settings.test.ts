/** Which value wins (flag > environment > profile > default), colours, plain-http refusal, prompting. */
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkBaseUrl,
  colourWanted,
  pagerOf,
  resolveSettings,
  type Env,
  type GlobalFlags,
} from "../../src/config/settings.js";
import { ConfigStore } from "../../src/config/store.js";
import { UsageError } from "../../src/errors.js";
import { makeConfigDir } from "../support/cli.js";

const terminal = { stdinIsTTY: true, stdoutIsTTY: true, stderrIsTTY: true };

/** A config dir whose default profile holds every setting. */
function withProfile(
  profile: Record<string, unknown> = {
    base_url: "https://profile.example.com",
    api_key: "rk_profile_key_1111",
    timeout: 45,
    max_retries: 5,
  },
) {
  const dir = makeConfigDir();
  writeFileSync(
    join(dir, "config.json"),
    JSON.stringify({
      profiles: { default: profile, shop2: { base_url: "https://shop2.example.com", api_key: "rk_shop2_key_2222" } },
    }),
  );
  return dir;
}

function resolve(flags: GlobalFlags, env: Env) {
  return resolveSettings(flags, env, terminal);
}

describe("precedence: flag > environment > profile > default", () => {
  const dir = withProfile();
  const env = {
    RESELLER_CONFIG_DIR: dir,
    RESELLER_BASE_URL: "https://env.example.com",
    RESELLER_API_KEY: "rk_env_key_3333",
    RESELLER_TIMEOUT: "20",
  };

  it.each([
    ["flag", { baseUrl: "https://flag.example.com", timeout: "10" }, env, "https://flag.example.com", "flag", 10_000],
    ["environment", {}, env, "https://env.example.com", "environment", 20_000],
    ["profile", {}, { RESELLER_CONFIG_DIR: dir }, "https://profile.example.com", "profile", 45_000],
    ["default", {}, { RESELLER_CONFIG_DIR: makeConfigDir() }, undefined, "none", 30_000],
  ] as const)("%s wins for base URL and timeout", (_name, flags, environment, baseUrl, source, timeoutMs) => {
    const s = resolve(flags, environment);
    expect(s.baseUrl).toBe(baseUrl);
    expect(s.setting("base_url").source).toBe(source);
    expect(s.setting("timeout").value * 1000).toBe(timeoutMs);
  });

  it("the API key comes from the environment before the profile (there is no flag for it)", () => {
    expect(resolve({}, env).setting("api_key")).toEqual({ value: "rk_env_key_3333", source: "environment" });
    expect(resolve({}, { RESELLER_CONFIG_DIR: dir }).setting("api_key")).toEqual({
      value: "rk_profile_key_1111",
      source: "profile",
    });
    expect(resolve({}, { RESELLER_CONFIG_DIR: makeConfigDir() }).setting("api_key")).toEqual({
      value: undefined,
      source: "none",
    });
  });

  it("--profile and RESELLER_PROFILE choose the profile, the flag first", () => {
    expect(resolve({ profile: "shop2" }, { RESELLER_CONFIG_DIR: dir, RESELLER_PROFILE: "default" })).toMatchObject({
      profile: "shop2",
      baseUrl: "https://shop2.example.com",
      apiKey: "rk_shop2_key_2222",
    });
    expect(resolve({}, { RESELLER_CONFIG_DIR: dir, RESELLER_PROFILE: "shop2" }).profile).toBe("shop2");
    expect(resolve({}, { RESELLER_CONFIG_DIR: dir }).profile).toBe("default");
  });

  it("max retries: environment, then profile, then 2", () => {
    expect(resolve({}, { RESELLER_CONFIG_DIR: dir, RESELLER_MAX_RETRIES: "0" }).setting("max_retries").value).toBe(0);
    expect(resolve({}, { RESELLER_CONFIG_DIR: dir }).setting("max_retries").value).toBe(5);
    expect(resolve({}, { RESELLER_CONFIG_DIR: makeConfigDir() }).setting("max_retries").value).toBe(2);
  });

  it("drops a trailing slash from the base URL and trims the key", () => {
    const s = resolve(
      { baseUrl: "https://api.example.com//" },
      { RESELLER_CONFIG_DIR: dir, RESELLER_API_KEY: " rk_space_4444 \n" },
    );
    expect(s.baseUrl).toBe("https://api.example.com");
    expect(s.apiKey).toBe("rk_space_4444");
  });

  it("a timeout that is not a positive number is a usage error naming where it came from", () => {
    expect(() => resolve({ timeout: "0" }, { RESELLER_CONFIG_DIR: dir })).toThrow(/--timeout/);
    expect(() => resolve({}, { RESELLER_CONFIG_DIR: dir, RESELLER_TIMEOUT: "soon" })).toThrow(/RESELLER_TIMEOUT/);
    expect(() => resolve({ timeout: "-1" }, { RESELLER_CONFIG_DIR: dir })).toThrow(UsageError);
  });
});

describe("a damaged config file stops only what needs it", () => {
  const broken = (content: string) => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "config.json"), content);
    return dir;
  };

  it("a bad stored max_retries: retries cannot be had, every other setting can", () => {
    const s = resolve(
      {},
      {
        RESELLER_CONFIG_DIR: broken(
          JSON.stringify({
            profiles: { default: { max_retries: 99, base_url: "https://api.example.com", timeout: 45 } },
          }),
        ),
      },
    );
    expect(() => s.setting("max_retries").value).toThrow(
      expect.objectContaining({ code: "CONFIG_INVALID", exitCode: 2 }),
    );
    expect(() => s.setting("max_retries").value).toThrow(/holds 99 as max_retries/);
    expect(s.baseUrl).toBe("https://api.example.com");
    expect(s.setting("timeout").value).toBe(45);
  });

  it("the environment, which wins over the profile, makes the bad stored value irrelevant", () => {
    const dir = broken(JSON.stringify({ profiles: { default: { max_retries: "abc" } } }));
    expect(resolve({}, { RESELLER_CONFIG_DIR: dir, RESELLER_MAX_RETRIES: "1" }).setting("max_retries").value).toBe(1);
  });

  it("a file that is not JSON: nothing stored can be had, but the profile, the dir and flags can", () => {
    const s = resolve(
      { baseUrl: "https://flag.example.com" },
      { RESELLER_CONFIG_DIR: broken("not json"), RESELLER_API_KEY: "rk_env_key_3333" },
    );
    expect(s.profile).toBe("default");
    expect(s.baseUrl).toBe("https://flag.example.com");
    expect(s.apiKey).toBe("rk_env_key_3333");
    expect(() => s.setting("timeout").value).toThrow(expect.objectContaining({ code: "CONFIG_INVALID" }));
  });

  it("a wrong flag is still refused at once, before any stored value is needed", () => {
    expect(() => resolve({ timeout: "1e30" }, { RESELLER_CONFIG_DIR: broken("not json") })).toThrow(/--timeout/);
  });
});

describe("colourWanted", () => {
  it.each([
    ["a terminal", {}, {}, true, true],
    ["a pipe", {}, {}, false, false],
    ["NO_COLOR on a terminal", {}, { NO_COLOR: "1" }, true, false],
    ["NO_COLOR empty (unset by convention)", {}, { NO_COLOR: "" }, true, true],
    ["--no-color on a terminal", { color: false }, {}, true, false],
    ["--no-color beats FORCE_COLOR", { color: false }, { FORCE_COLOR: "1" }, true, false],
    ["NO_COLOR beats FORCE_COLOR", {}, { NO_COLOR: "1", FORCE_COLOR: "1" }, true, false],
    ["FORCE_COLOR on a pipe", {}, { FORCE_COLOR: "1" }, false, true],
    ["FORCE_COLOR=0 on a terminal", {}, { FORCE_COLOR: "0" }, true, false],
    ["FORCE_COLOR empty on a pipe", {}, { FORCE_COLOR: "" }, false, true],
    ["CLICOLOR_FORCE on a pipe", {}, { CLICOLOR_FORCE: "1" }, false, true],
    ["CLICOLOR=0 on a terminal", {}, { CLICOLOR: "0" }, true, false],
    ["TERM=dumb", {}, { TERM: "dumb" }, true, false],
  ] as const)("%s -> %s", (_name, flags, env, tty, wanted) => {
    expect(colourWanted(flags, env, tty)).toBe(wanted);
  });
});

describe("checkBaseUrl", () => {
  it.each(["http://127.0.0.1:8787", "http://localhost:8787", "http://[::1]:8787", "https://api.example.com"])(
    "accepts %s",
    (url) => {
      expect(() => checkBaseUrl(url, false)).not.toThrow();
    },
  );

  it("refuses plain http to another machine: the key would cross the network in clear text", () => {
    expect(() => checkBaseUrl("http://api.example.com", false)).toThrow(/clear text/);
    expect(() => checkBaseUrl("http://192.168.1.10:8787", false)).toThrow(UsageError);
  });

  it("allows it with --insecure", () => {
    expect(checkBaseUrl("http://api.example.com", true).host).toBe("api.example.com");
  });

  it("refuses what is not an http(s) URL, even with --insecure", () => {
    expect(() => checkBaseUrl("api.example.com", true)).toThrow(/not a URL/);
    expect(() => checkBaseUrl("ftp://api.example.com", true)).toThrow(/https/);
  });
});

describe("noInput", () => {
  const dir = makeConfigDir();
  it.each([
    ["nothing set, a terminal", {}, {}, true, false],
    ["--no-input", { input: false }, {}, true, true],
    ["RESELLER_NO_INPUT=1", {}, { RESELLER_NO_INPUT: "1" }, true, true],
    ["RESELLER_NO_INPUT=0", {}, { RESELLER_NO_INPUT: "0" }, true, false],
    ["CI=true", {}, { CI: "true" }, true, true],
    ["CI=false", {}, { CI: "false" }, true, false],
    ["stdin not a terminal", {}, {}, false, true],
  ] as const)("%s -> %s", (_name, flags, env, stdinIsTTY, noInput) => {
    expect(
      resolveSettings(flags, { RESELLER_CONFIG_DIR: dir, ...env }, { stdinIsTTY, stdoutIsTTY: true, stderrIsTTY: true })
        .noInput,
    ).toBe(noInput);
  });

  it("stderr not a terminal: there is nowhere to show the question", () => {
    expect(
      resolveSettings({}, { RESELLER_CONFIG_DIR: dir }, { stdinIsTTY: true, stdoutIsTTY: true, stderrIsTTY: false })
        .noInput,
    ).toBe(true);
  });
});

describe("RESELLER_FORCE_TTY", () => {
  it("lays stdout out as for a terminal and leaves colours off", () => {
    const s = resolveSettings(
      {},
      { RESELLER_CONFIG_DIR: makeConfigDir(), RESELLER_FORCE_TTY: "1" },
      { stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
    );
    expect(s.stdoutAsTerminal).toBe(true);
    expect(s.colour).toEqual({ stdout: false, stderr: false });
  });
});

describe("ConfigStore", () => {
  it("writes the config file with mode 0600, and tightens an older looser file", async () => {
    const dir = makeConfigDir();
    const store = new ConfigStore(dir);
    await store.writeProfile("default", { base_url: "https://api.example.com", api_key: "rk_secret_5555" });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(new ConfigStore(dir).profile("default")).toEqual({
      base_url: "https://api.example.com",
      api_key: "rk_secret_5555",
    });

    writeFileSync(store.path, JSON.stringify({ profiles: {} }), { mode: 0o644 });
    await store.writeProfile("shop2", { timeout: 60 });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });

  it("keeps other profiles when one is written, and removes a profile written empty", async () => {
    const dir = withProfile();
    const store = new ConfigStore(dir);
    await store.writeProfile("default", { base_url: "https://new.example.com", api_key: undefined });
    expect(store.profile("default")).toEqual({ base_url: "https://new.example.com" });
    expect(store.profile("shop2").api_key).toBe("rk_shop2_key_2222");
    await store.writeProfile("shop2", {});
    expect(store.profileNames()).toEqual(["default"]);
  });

  it("lives under RESELLER_CONFIG_DIR when set", () => {
    const dir = makeConfigDir();
    expect(resolveSettings({}, { RESELLER_CONFIG_DIR: dir }, terminal).configDir).toBe(dir);
  });
});

describe("the pager, as git and gh choose it", () => {
  it.each([
    ["less -FRX by default", {}, {}, true, "less -FRX"],
    ["PAGER", {}, { PAGER: "more" }, true, "more"],
    ["RESELLER_PAGER before PAGER", {}, { PAGER: "more", RESELLER_PAGER: "less -R" }, true, "less -R"],
    ["none when RESELLER_PAGER is empty", {}, { PAGER: "more", RESELLER_PAGER: "" }, true, undefined],
    ["none when PAGER is blank", {}, { PAGER: " " }, true, undefined],
    ["none with --no-pager", { pager: false }, { PAGER: "more" }, true, undefined],
    ["none when stdout is not a terminal", {}, { PAGER: "more" }, false, undefined],
  ] as [string, GlobalFlags, Env, boolean, string | undefined][])("%s", (_name, flags, env, terminal, pager) => {
    expect(pagerOf(flags, env, terminal)).toBe(pager);
  });

  it("none with --json, even at a terminal", () => {
    const settings = resolveSettings(
      { json: true },
      { PAGER: "more" },
      { stdinIsTTY: true, stdoutIsTTY: true, stderrIsTTY: true },
      new ConfigStore(makeConfigDir()),
    );
    expect(settings.pager).toBeUndefined();
  });
});
