/**
 * The config store: read as plain JSON, each setting checked where it is used, written whole to a
 * new file renamed over the old, never through a link.
 */
import { en } from "../../src/messages/en.js";
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigStore } from "../../src/config/store.js";
import { ExitCode, type ResellerError } from "../../src/errors.js";
import { makeTempDir } from "../support/temp-dir.js";

function storeWith(content: unknown): ConfigStore {
  const dir = makeTempDir("reseller-store-");
  writeFileSync(join(dir, "config.json"), typeof content === "string" ? content : JSON.stringify(content));
  return new ConfigStore(dir);
}

function refusal(read: () => unknown): ResellerError {
  try {
    read();
  } catch (error) {
    return error as ResellerError;
  }
  throw new Error("the store read it");
}

describe("reading", () => {
  it("a missing file is a store without profiles", () => {
    const store = new ConfigStore(join(makeTempDir("reseller-store-"), "not-yet"));
    expect(store.profile("default")).toEqual({});
    expect(store.profileNames()).toEqual([]);
  });

  it("keeps keys it does not know", () => {
    const store = storeWith({
      profiles: { default: { base_url: "https://api.example.com", timeout: 45, note: "shop 2" } },
    });
    expect(store.profile("default")).toEqual({ base_url: "https://api.example.com", timeout: 45, note: "shop 2" });
  });

  it.each([
    [{ timeout: "60" }, /holds "60" as timeout of profile "default", which must be a whole number from 1/],
    [{ timeout: 1.5 }, /holds 1.5 as timeout/],
    [{ max_retries: 11 }, /holds 11 as max_retries of profile "default", which must be a whole number from 0 to 10/],
    [{ base_url: 5 }, /holds 5 as base_url of profile "default", which must be a string/],
    [{ api_key: null }, /holds null as api_key/],
  ])("names a stored value of the wrong kind, with the file: %j", (profile, message) => {
    const store = storeWith({ profiles: { default: profile } });
    const key = Object.keys(profile)[0] as "timeout";
    const error = refusal(() => store.setting("default", key));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toMatch(message);
    expect(error.message).toContain(store.path);
  });

  it.each([["not json"], [""], ["[]"], ['"x"'], [{ profiles: [] }], [{ profiles: { default: "x" } }]])(
    "refuses a file that is not a store, naming it: %j",
    (content) => {
      const store = storeWith(content);
      const error = refusal(() => store.profile("default"));
      expect(error).toMatchObject({ code: "CONFIG_INVALID", exitCode: ExitCode.usage });
      expect(error.message).toContain(store.path);
    },
  );

  it("says where the JSON breaks without quoting the file, which may hold the key", () => {
    const store = storeWith('{"profiles": {"default": {"api_key": "rk_live_quoted_9999",}}}');
    const error = refusal(() => store.profile("default"));
    expect(error.message).toMatch(/is not JSON/);
    expect(error.message).not.toContain("rk_live");
  });

  it("a wrong secret is named by its kind, never shown", () => {
    const store = storeWith({ profiles: { default: { api_key: 987654321987 } } });
    const error = refusal(() => store.setting("default", "api_key"));
    expect(error.message).toMatch(/holds a number as api_key/);
    expect(error.message).not.toContain("987654321987");
    expect(error.suggestionIn(en)).toContain("reseller login");
  });

  it("a bad value stops only that setting: the others and the record itself still read", () => {
    const store = storeWith({ profiles: { default: { timeout: 30, max_retries: "abc" } } });
    expect(store.setting("default", "timeout")).toBe(30);
    expect(store.profile("default")).toEqual({ timeout: 30, max_retries: "abc" });
    expect(refusal(() => store.setting("default", "max_retries")).suggestionIn(en)).toContain(
      "reseller config set max_retries",
    );
    expect(store.problems("default").map((p) => p.message)).toEqual([expect.stringMatching(/"abc" as max_retries/)]);
  });

  it("another profile's bad value does not stop this one being read", () => {
    const store = storeWith({ profiles: { default: { timeout: 30 }, shop2: { timeout: "soon" } } });
    expect(store.setting("default", "timeout")).toBe(30);
    expect(() => store.setting("shop2", "timeout")).toThrow(/timeout of profile "shop2"/);
    expect(refusal(() => store.setting("shop2", "timeout")).suggestionIn(en)).toContain("--profile shop2");
  });
});

describe("a file that cannot be read", () => {
  const dir = () => makeTempDir("reseller-store-");

  it("a directory where the file should be: CONFIG_UNREADABLE, exit 2, the file named", () => {
    const d = dir();
    mkdirSync(join(d, "config.json"));
    const error = refusal(() => new ConfigStore(d).profile("default"));
    expect(error).toMatchObject({ code: "CONFIG_UNREADABLE", exitCode: ExitCode.usage });
    expect(error.message).toBe(`Cannot read the config file ${join(d, "config.json")}: it is a directory (EISDIR).`);
  });

  it("a symbolic link is refused, not followed, and what it points to is left alone", async () => {
    const d = dir();
    const target = join(dir(), "elsewhere.json");
    writeFileSync(target, JSON.stringify({ profiles: { default: { base_url: "https://elsewhere.example.com" } } }));
    symlinkSync(target, join(d, "config.json"));
    const store = new ConfigStore(d);
    expect(refusal(() => store.profile("default"))).toMatchObject({
      code: "CONFIG_UNREADABLE",
      message: expect.stringMatching(/symbolic link.*ELOOP/),
    });
    await expect(store.writeProfile("default", { timeout: 60 })).rejects.toMatchObject({ code: "CONFIG_UNREADABLE" });
    expect(JSON.parse(readFileSync(target, "utf8"))).toEqual({
      profiles: { default: { base_url: "https://elsewhere.example.com" } },
    });
  });

  it("a path through a file: CONFIG_UNREADABLE with a hint about RESELLER_CONFIG_DIR", () => {
    const file = join(dir(), "a-file");
    writeFileSync(file, "");
    const error = refusal(() => new ConfigStore(join(file, "reseller")).profile("default"));
    expect(error).toMatchObject({ code: "CONFIG_UNREADABLE", message: expect.stringMatching(/ENOTDIR/) });
    expect(error.suggestionIn(en)).toContain("RESELLER_CONFIG_DIR");
  });
});

describe("writing", () => {
  it("writes the owner's alone: the file 0600, the dir 0700, and reads back what it wrote", async () => {
    const dir = join(makeTempDir("reseller-store-"), "config");
    const store = new ConfigStore(dir);
    await store.writeProfile("default", {
      base_url: "https://api.example.com",
      api_key: "rk_live_1234",
      timeout: 60,
      wait_timeout: undefined,
    });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(new ConfigStore(dir).profile("default")).toEqual({
      base_url: "https://api.example.com",
      api_key: "rk_live_1234",
      timeout: 60,
    });
  });

  it("a wrong value is not written", async () => {
    const store = storeWith({ profiles: { default: { timeout: 30 } } });
    const before = readFileSync(store.path, "utf8");
    await expect(store.writeProfile("default", { timeout: "60" as unknown as number })).rejects.toThrow(/timeout/);
    expect(readFileSync(store.path, "utf8")).toBe(before);
  });

  it("does not write over a store it cannot read: its other profiles would be lost", async () => {
    const store = storeWith('{"profiles": {"default": {"api_key": "rk_live_1234"}, ');
    const before = readFileSync(store.path, "utf8");
    await expect(store.writeProfile("default", { timeout: 60 })).rejects.toMatchObject({ code: "CONFIG_INVALID" });
    expect(readFileSync(store.path, "utf8")).toBe(before);
  });

  it("repairs one bad value at a time, leaving the other wrong ones and other profiles as they were", async () => {
    const store = storeWith({
      profiles: { default: { max_retries: "abc", timeout: "soon" }, shop2: { max_retries: -1 } },
      written_by: "a newer reseller",
    });
    await store.writeProfile("default", { ...store.profile("default"), max_retries: 3 });
    const saved = JSON.parse(readFileSync(store.path, "utf8"));
    expect(saved).toEqual({
      profiles: { default: { max_retries: 3, timeout: "soon" }, shop2: { max_retries: -1 } },
      written_by: "a newer reseller",
    });
    expect(new ConfigStore(store.dir).setting("default", "max_retries")).toBe(3);
  });

  it("reads the file again before saving: what another reseller saved meanwhile is kept", async () => {
    const store = storeWith({ profiles: { default: { timeout: 30 } } });
    store.profile("default");
    writeFileSync(store.path, JSON.stringify({ profiles: { default: { timeout: 30 }, shop2: { timeout: 9 } } }));
    await store.writeProfile("default", { timeout: 60 });
    expect(JSON.parse(readFileSync(store.path, "utf8")).profiles).toEqual({
      default: { timeout: 60 },
      shop2: { timeout: 9 },
    });
  });

  it("replaces a loose file with one of the owner's alone", async () => {
    const store = storeWith({ profiles: {} });
    await store.writeProfile("default", { timeout: 60 });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
  });
});

describe("saving from several processes at once", () => {
  const built = resolve(import.meta.dirname, "../../dist/config/store.js");

  /** Runs `script` in `count` processes let go at the same instant, each with its number as argv[1]. */
  async function together(count: number, script: string): Promise<void> {
    const children = Array.from({ length: count }, (_v, i) =>
      spawn(process.execPath, ["--input-type=module", "-e", script, String(i)], {
        stdio: ["ignore", "ignore", "pipe"],
      }),
    );
    for (const child of children) child.kill("SIGSTOP");
    for (const child of children) child.kill("SIGCONT");
    const codes = await Promise.all(
      children.map((child) => {
        let stderr = "";
        child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
        return new Promise<string>((done) => child.on("close", (code) => done(`${code} ${stderr}`)));
      }),
    );
    expect(
      codes.every((c) => c.startsWith("0 ")),
      codes.join("\n"),
    ).toBe(true);
  }

  it("eight processes each saving a profile of its own ten times: every profile is there", async () => {
    expect(existsSync(built), "run `npm run build` first").toBe(true);
    const dir = makeTempDir("reseller-store-");
    await together(
      8,
      `const { ConfigStore } = await import(${JSON.stringify(built)});
      const store = new ConfigStore(${JSON.stringify(dir)});
      for (let i = 1; i <= 10; i++) await store.writeProfile("shop" + process.argv[1], { timeout: i });`,
    );
    const profiles = JSON.parse(readFileSync(join(dir, "config.json"), "utf8")).profiles;
    expect(Object.keys(profiles).sort()).toEqual(Array.from({ length: 8 }, (_v, i) => `shop${i}`));
    expect(Object.values(profiles).every((p) => (p as { timeout: number }).timeout === 10)).toBe(true);
  }, 60_000);

  it("eight processes each changing another setting of one profile: every change lands, the rest is kept", async () => {
    expect(existsSync(built), "run `npm run build` first").toBe(true);
    const dir = makeTempDir("reseller-store-");
    writeFileSync(join(dir, "config.json"), JSON.stringify({ profiles: { default: { base_url: "https://x.id" } } }));
    await together(
      8,
      `const { ConfigStore } = await import(${JSON.stringify(built)});
      const store = new ConfigStore(${JSON.stringify(dir)});
      await store.changeProfile("default", { ["note" + process.argv[1]]: process.argv[1] });`,
    );
    expect(JSON.parse(readFileSync(join(dir, "config.json"), "utf8")).profiles.default).toEqual({
      base_url: "https://x.id",
      ...Object.fromEntries(Array.from({ length: 8 }, (_v, i) => [`note${i}`, String(i)])),
    });
  }, 60_000);
});
