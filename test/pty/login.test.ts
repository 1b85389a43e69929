/**
 * `reseller login` at a real terminal: the address prompt (with the stored one as default), the hidden
 * key prompt (the key never reaches the screen), the check against the service before saving, Ctrl-C.
 */
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeConfigDir, runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { terminalEnv, useTmux } from "./tmux.js";

describe("login in a terminal", () => {
  const harness = useEmulator();
  const tmux = useTmux("login");

  const configFile = (dir: string) => join(dir, "config.json");
  const savedProfile = (dir: string) => JSON.parse(readFileSync(configFile(dir), "utf8")).profiles.default;

  /** Every 6-character piece of the key: none may show anywhere on the screen. */
  const expectKeyHidden = (screen: string, key: string) => {
    for (let i = 0; i + 6 <= key.length; i++) expect(screen).not.toContain(key.slice(i, i + 6));
  };

  it("in Indonesian, the key prompt is a request in Indonesian and the key stays hidden", async () => {
    const dir = makeConfigDir();
    const key = harness.emulator.demoApiKey;
    const term = tmux.run(["login", "--base-url", harness.emulator.baseUrl], {
      env: terminalEnv({ RESELLER_CONFIG_DIR: dir, LANG: "id_ID.UTF-8" }),
    });
    await term.waitFor("? Masukkan API key");
    term.type(key);
    await term.waitFor(`? Masukkan API key ${"*".repeat(key.length)}`);
    expectKeyHidden(term.screen(), key);
    term.press("Enter");
    // Asked once which language the profile speaks, Indonesian offered first as the one in use.
    await term.waitFor("? Bahasa untuk profil ini");
    term.press("Enter");
    expect(await term.exitCode()).toBe(0);
    expect(term.screen()).not.toMatch(/^\? API key/m);
    expect(savedProfile(dir).language).toBe("id");
  });

  it("asks for the address and the hidden key, checks it, saves it and shows only its last four characters", async () => {
    const dir = makeConfigDir();
    const key = harness.emulator.demoApiKey;
    const term = tmux.run(["login"], { env: terminalEnv({ RESELLER_CONFIG_DIR: dir }) });
    await term.waitFor("? Service address");
    term.type(harness.emulator.baseUrl);
    term.press("Enter");
    await term.waitFor("? API key");
    term.type(key);
    // Masked while typed: one star per character, the characters themselves nowhere.
    await term.waitFor(`? API key ${"*".repeat(key.length)}`);
    expectKeyHidden(term.screen(), key);
    term.press("Enter");
    // The profile's language, asked once: chosen here, it is what cron and scripts without LANG read.
    await term.waitFor("? Language for this profile");
    term.press("Enter");
    const screen = await term.waitFor("Logged in to");
    expect(await term.exitCode()).toBe(0);
    expect(screen).toContain(
      `Logged in to ${harness.emulator.baseUrl} as profile default (key ****${key.slice(-4)}), balance Rp 2.500.000`,
    );
    expectKeyHidden(term.screen(), key);

    expect(savedProfile(dir)).toEqual({ base_url: harness.emulator.baseUrl, api_key: key, language: "en" });
    // Once saved, the next login does not ask again.
    const again = tmux.run(["login", "--base-url", harness.emulator.baseUrl], {
      env: terminalEnv({ RESELLER_CONFIG_DIR: dir }),
    });
    await again.waitFor("? API key");
    again.type(key);
    again.press("Enter");
    await again.waitFor("Logged in to");
    expect(await again.exitCode()).toBe(0);
    expect(again.screen()).not.toMatch(/Language for this profile/);
    expect(statSync(configFile(dir)).mode & 0o777).toBe(0o600);
    // The saved key works for the next command, with nothing in the environment.
    const balance = await runReseller(["balance", "--json"], { env: { RESELLER_CONFIG_DIR: dir } });
    expect(balance.exitCode).toBe(0);
    expect(balance.json().data.balance).toBe(2_500_000);
  });

  it("offers the stored address as the default, and a flag or RESELLER_BASE_URL skips the question", async () => {
    const dir = makeConfigDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      configFile(dir),
      JSON.stringify({ profiles: { default: { base_url: harness.emulator.baseUrl, timeout: 12, language: "en" } } }),
      { mode: 0o600 },
    );
    const term = tmux.run(["login"], { env: terminalEnv({ RESELLER_CONFIG_DIR: dir }) });
    await term.waitFor(`? Service address (the part before /v1) (${harness.emulator.baseUrl})`);
    term.press("Enter");
    await term.waitFor("? API key");
    term.type(harness.emulator.accounts[1]!.apiKey);
    term.press("Enter");
    expect(await term.exitCode()).toBe(0);
    // The other settings of the profile stay.
    expect(savedProfile(dir)).toEqual({
      base_url: harness.emulator.baseUrl,
      timeout: 12,
      language: "en",
      api_key: harness.emulator.accounts[1]!.apiKey,
    });

    const byEnv = tmux.run(["login"], {
      env: terminalEnv({ RESELLER_CONFIG_DIR: makeConfigDir(), RESELLER_BASE_URL: harness.emulator.baseUrl }),
    });
    const screen = await byEnv.waitFor("? API key");
    expect(screen).not.toContain("Service address");
    byEnv.press("C-c");
    expect(await byEnv.exitCode()).toBe(130);
  });

  it("a key the service refuses is not saved (exit 3)", async () => {
    const dir = makeConfigDir();
    const term = tmux.run(["login", "--base-url", harness.emulator.baseUrl], {
      env: terminalEnv({ RESELLER_CONFIG_DIR: dir }),
    });
    await term.waitFor("? API key");
    term.type("rk_wrong_0000000000000000");
    term.press("Enter");
    expect(await term.exitCode()).toBe(3);
    expect(term.screen()).toContain("Nothing was saved");
    expect(existsSync(configFile(dir))).toBe(false);
  });

  it("Ctrl-C at the key prompt exits 130 and saves nothing", async () => {
    const dir = makeConfigDir();
    const term = tmux.run(["login", "--base-url", harness.emulator.baseUrl], {
      env: terminalEnv({ RESELLER_CONFIG_DIR: dir }),
    });
    await term.waitFor("? API key");
    term.type("rk_half_typ");
    term.press("C-c");
    expect(await term.exitCode()).toBe(130);
    expect(term.screen()).toContain("Cancelled; nothing was sent.");
    expect(term.screen()).not.toContain("Error");
    expect(term.screen()).not.toContain("rk_half_typ");
    expect(existsSync(configFile(dir))).toBe(false);
  });
});
