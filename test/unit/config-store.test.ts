/** The config store: read as plain JSON and checked, written through conf with the same schema. */
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigStore } from "../../src/config/store.js";
import { ExitCode, ResellerError } from "../../src/errors.js";

function storeWith(content: unknown): ConfigStore {
  const dir = mkdtempSync(join(tmpdir(), "reseller-store-"));
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
    const store = new ConfigStore(join(mkdtempSync(join(tmpdir(), "reseller-store-")), "not-yet"));
    expect(store.profile("default")).toEqual({});
    expect(store.profileNames()).toEqual([]);
  });

  it("keeps keys it does not know", () => {
    const store = storeWith({ profiles: { default: { base_url: "https://api.example.com", timeout: 45, note: "shop 2" } } });
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
    const error = refusal(() => store.profile("default"));
    expect(error.code).toBe("CONFIG_INVALID");
    expect(error.exitCode).toBe(ExitCode.usage);
    expect(error.message).toMatch(message);
    expect(error.message).toContain(store.path);
  });

  it.each([["not json"], ["[]"], [{ profiles: [] }], [{ profiles: { default: "x" } }]])("refuses a file that is not a store: %j", (content) => {
    expect(refusal(() => storeWith(content).profile("default")).code).toBe("CONFIG_INVALID");
  });

  it("another profile's bad value does not stop this one being read", () => {
    const store = storeWith({ profiles: { default: { timeout: 30 }, shop2: { timeout: "soon" } } });
    expect(store.profile("default")).toEqual({ timeout: 30 });
    expect(() => store.profile("shop2")).toThrow(/timeout of profile "shop2"/);
  });
});

describe("writing", () => {
  it("writes the owner's alone: the file 0600, the dir 0700, and reads back what it wrote", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "reseller-store-")), "config");
    const store = new ConfigStore(dir);
    await store.writeProfile("default", { base_url: "https://api.example.com", api_key: "rk_live_1234", timeout: 60, wait_timeout: undefined });
    expect(statSync(store.path).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(new ConfigStore(dir).profile("default")).toEqual({ base_url: "https://api.example.com", api_key: "rk_live_1234", timeout: 60 });
  });

  it("conf checks the same schema: a wrong value is not written", async () => {
    const store = storeWith({ profiles: { default: { timeout: 30 } } });
    const before = readFileSync(store.path, "utf8");
    await expect(store.writeProfile("default", { timeout: "60" as unknown as number })).rejects.toThrow(/timeout/);
    expect(readFileSync(store.path, "utf8")).toBe(before);
  });

  it("does not write over a store it cannot read", async () => {
    const store = storeWith({ profiles: { default: {}, shop2: { max_retries: -1 } } });
    const before = readFileSync(store.path, "utf8");
    await expect(store.writeProfile("default", { timeout: 60 })).rejects.toMatchObject({ code: "CONFIG_INVALID" });
    expect(readFileSync(store.path, "utf8")).toBe(before);
  });
});
