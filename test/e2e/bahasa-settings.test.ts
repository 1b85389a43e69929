/**
 * Settings in Bahasa Indonesia: `config set` refusing a value, `config get` of a key that is no
 * setting, `config list`, `logout` and a damaged config file speak Indonesian under an Indonesian
 * locale and say the same English as before without one; a JSON error keeps its code and details,
 * only its message follows the language.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigStore } from "../../src/config/store.js";
import { makeConfigDir } from "../support/cli.js";
import { runInProcess } from "../support/run-main.js";
import { englishIn, indonesian } from "../support/language.js";

const storedKey = "rk_live_stored_profile_key_9f3a";

async function configured(
  profile: Record<string, unknown> = { base_url: "https://api.example.com", api_key: storedKey },
) {
  const dir = makeConfigDir();
  await new ConfigStore(dir).writeProfile("default", profile);
  return dir;
}

const run = (dir: string, args: string[], env: Record<string, string> = {}) =>
  runInProcess(args, { env: { RESELLER_CONFIG_DIR: dir, ...env } });

describe("config set with a value its rule refuses", () => {
  it("says the rule in Indonesian; English as before; nothing saved", async () => {
    const dir = await configured();
    const id = await run(dir, ["config", "set", "timeout", "abc"], indonesian);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toContain('timeout harus detik bulat dari 1 sampai 3600, bukan "abc".');
    expect(englishIn(id.stderr)).toEqual([]);

    const en = await run(dir, ["config", "set", "timeout", "abc"]);
    expect(en.exitCode).toBe(2);
    expect(en.stderr).toContain('timeout must be whole seconds from 1 to 3600, not "abc".');
    expect(new ConfigStore(dir).profile("default").timeout).toBeUndefined();
  });

  it("refuses the API key on a command line in Indonesian", async () => {
    const dir = await configured();
    const id = await run(dir, ["config", "set", "api_key", "rk_typed"], indonesian);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toContain("API key tidak bisa diatur dengan `config set`");
    expect(englishIn(id.stderr)).toEqual([]);
  });

  it("--json: the same code and details in both languages, only the message follows", async () => {
    const dir = await configured();
    const id = (await run(dir, ["config", "set", "max_retries", "99", "--json"], indonesian)).errorJson().error;
    const en = (await run(dir, ["config", "set", "max_retries", "99", "--json"])).errorJson().error;
    expect(en.message).toBe('max_retries must be a whole number from 0 to 10, not "99".');
    expect(id.message).toBe('max_retries harus bilangan bulat dari 0 sampai 10, bukan "99".');
    expect({ ...id, message: "" }).toEqual({ ...en, message: "" });
  });

  it("says what still overrides the saved value, in Indonesian", async () => {
    const dir = await configured();
    const id = await run(dir, ["config", "set", "timeout", "40"], { ...indonesian, RESELLER_TIMEOUT: "5" });
    expect(id.exitCode).toBe(0);
    expect(id.stderr).toContain('timeout diatur jadi 40 untuk profil "default".');
    expect(id.stderr).toContain("--timeout atau RESELLER_TIMEOUT menimpanya di sini (timeout yang dipakai: 5).");
    expect(englishIn(id.stderr)).toEqual([]);
  });
});

describe("config get of a key that is no setting", () => {
  it("names the settings there are, in Indonesian; English as before", async () => {
    const dir = await configured();
    const id = await run(dir, ["config", "get", "colour"], indonesian);
    expect(id.exitCode).toBe(2);
    expect(id.stderr).toContain('Tidak ada pengaturan "colour".');
    expect(id.stderr).toContain("Pengaturan yang ada: base_url, api_key, timeout");
    expect(englishIn(id.stderr)).toEqual([]);

    const en = await run(dir, ["config", "get", "colour"]);
    expect(en.stderr).toContain('There is no setting "colour".');
    expect(en.stderr).toContain("The settings are base_url, api_key, timeout");
  });

  it("an unset setting is said in Indonesian, stdout empty", async () => {
    const dir = await configured();
    const id = await run(dir, ["config", "get", "shop_name"], indonesian);
    expect(id.exitCode).toBe(0);
    expect(id.stdout).toBe("");
    expect(id.stderr).toBe('shop_name belum diatur untuk profil "default".\n');
  });
});

describe("config list", () => {
  it("its headings, sources and the profile line in Indonesian; piped rows keep the English sources", async () => {
    const dir = makeConfigDir();
    writeFileSync(
      join(dir, "config.json"),
      JSON.stringify({
        profiles: { default: { base_url: "https://api.example.com", api_key: storedKey, timeout: "x" } },
      }),
      { mode: 0o600 },
    );
    const table = await run(dir, ["config", "list"], { ...indonesian, RESELLER_FORCE_TTY: "1", COLUMNS: "80" });
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/│ Pengaturan +│ Nilai +│ Sumber +│/);
    expect(table.stdout).toMatch(/│ timeout +│ x +│ profil \(tidak valid\) +│/);
    expect(table.stdout).toMatch(/│ language +│ id +│ locale sistem +│/);
    expect(table.stderr).toContain(`Profil "default" di ${join(dir, "config.json")}`);
    expect(table.stderr).toContain(
      "padahal harus bilangan bulat dari 1 sampai 3600. Jalankan `reseller config set timeout SECONDS` (1 sampai 3600)",
    );
    expect(englishIn(table.stdout + table.stderr)).toEqual([]);

    const piped = await run(dir, ["config", "list"], indonesian);
    expect(piped.stdout).toContain("timeout\tx\tprofile\n");
    expect(piped.stdout).toContain("language\tid\tlocale\n");
  });
});

describe("logout", () => {
  it("forgets the key in Indonesian, then says there is nothing to do; English as before", async () => {
    const dir = await configured();
    const id = await run(dir, ["logout"], { ...indonesian, RESELLER_API_KEY: "rk_from_env_0000" });
    expect(id.exitCode).toBe(0);
    expect(id.stderr).toContain(
      'Keluar dari profil "default": API key ****9f3a dihapus; alamat layanan tetap disimpan.',
    );
    expect(id.stderr).toContain("RESELLER_API_KEY masih terisi di lingkungan ini");
    expect(englishIn(id.stderr)).toEqual([]);

    const again = await run(dir, ["logout"], indonesian);
    expect(again.stderr).toBe('Profil "default" tidak punya API key tersimpan; tidak ada yang perlu dilakukan.\n');
    expect(englishIn(again.stderr)).toEqual([]);

    const en = await run(dir, ["logout"]);
    expect(en.stderr).toBe('Profile "default" has no stored API key; nothing to do.\n');
  });
});

describe("a damaged config file", () => {
  it("is named in Indonesian with where it breaks; the code stays", async () => {
    const dir = makeConfigDir();
    writeFileSync(join(dir, "config.json"), '{"profiles": {\n  "default": {,}\n}}\n', { mode: 0o600 });
    const id = await run(dir, ["balance", "--json"], indonesian);
    const en = await run(dir, ["balance", "--json"]);
    expect(id.exitCode).toBe(2);
    expect(id.errorJson().error.code).toBe("CONFIG_INVALID");
    expect(id.errorJson().error.message).toMatch(/^File config .* bukan JSON \(di baris 2, kolom \d+\)\.$/);
    expect(en.errorJson().error.message).toMatch(/^The config file .* is not JSON \(at line 2, column \d+\)\.$/);
    expect(englishIn(`${id.errorJson().error.message} ${id.errorJson().error.suggestion}`)).toEqual([]);
  });
});
