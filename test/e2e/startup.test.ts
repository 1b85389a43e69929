/**
 * Speed is a feature: a command loads only the modules it uses, and a second start is cheaper than
 * the first. These tests watch real processes: V8's coverage of the bundle says which modules ran
 * (test/support/record-modules.ts), and the code cache is looked at on disk.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeConfigDir, runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { modulesLoadedBy, type ModuleRecord } from "../support/record-modules.js";
import { makeTempDir } from "../support/temp-dir.js";

const harness = useEmulator();

const heavy = {
  prompts: /^node_modules\/@inquirer\//,
  emulator: /^src\/emulator\//,
  chalk: /^node_modules\/chalk\//,
  "the QR code": /^node_modules\/qrcode\//,
  "the CSV parser": /^node_modules\/csv-parse\//,
};
const http = /^node_modules\/undici\/|^src\/api\/client\.ts$/;

/** Shipped in the bundle but not loaded: the record can see it, and it did not run. */
function expectNotLoaded(record: ModuleRecord, name: string, pattern: RegExp): void {
  expect(
    record.notLoaded.filter((m) => pattern.test(m)),
    `${name} is in the bundle`,
  ).not.toEqual([]);
  expect(
    record.loaded.filter((m) => pattern.test(m)),
    `${name} was loaded`,
  ).toEqual([]);
}

describe("a command loads only what it uses", () => {
  it("`reseller balance` piped loads neither prompts, emulator, chalk, QR code, CSV parser nor the table library", async () => {
    const record = await modulesLoadedBy(["balance"], harness.accountEnv());
    expect(record.exitCode).toBe(0);
    expect(record.loaded).toContain("src/commands/balance.ts");
    for (const [name, pattern] of Object.entries(heavy)) expectNotLoaded(record, name, pattern);
    // cli-table3 lives beside the bundle and is required only to draw a table.
    expect(record.scripts.filter((url) => url.includes("/node_modules/cli-table3/"))).toEqual([]);
  });

  it("`reseller balance` straight to the service loads no undici; through a proxy it does", async () => {
    const direct = await modulesLoadedBy(["balance"], harness.accountEnv());
    expect(direct.exitCode).toBe(0);
    expect(direct.loaded).toContain("src/api/transport.ts");
    expectNotLoaded(direct, "undici", /^node_modules\/undici\//);
    // A proxy that refuses every connection: the command fails, but the lane that went there was undici's.
    const proxied = await modulesLoadedBy(["balance", "--timeout", "2"], {
      ...harness.accountEnv(),
      RESELLER_BASE_URL: "https://service.invalid",
      HTTPS_PROXY: "http://127.0.0.1:9",
      RESELLER_MAX_RETRIES: "0",
    });
    expect(proxied.exitCode).toBe(4);
    expect(proxied.loaded.filter((m) => /^node_modules\/undici\//.test(m))).not.toEqual([]);
  });

  it("`reseller --version` reads the version and nothing else: the bundle is not even compiled", async () => {
    const record = await modulesLoadedBy(["--version"], harness.accountEnv());
    expect(record.exitCode).toBe(0);
    expect(record.bundleRan).toBe(false);
    expect(record.scripts.filter((url) => url.startsWith("file:"))).toEqual([
      expect.stringMatching(/\/bin\/reseller\.js$/),
    ]);
  });

  it("piped `reseller --help` is the CLI's own help, printed without compiling the bundle", async () => {
    const record = await modulesLoadedBy(["--help"], harness.accountEnv());
    expect(record.exitCode).toBe(0);
    expect(record.bundleRan).toBe(false);
    // `help` goes through commander: the text written at build time must be the same, byte for byte.
    const [fast, viaCommander, noArguments] = await Promise.all([
      runReseller(["--help"]),
      runReseller(["help"]),
      runReseller([]),
    ]);
    expect(fast.stdout).toMatch(/^Usage: reseller /);
    expect(fast.stdout).toBe(viaCommander.stdout);
    expect(noArguments.stdout).toBe(viaCommander.stdout);
  });

  it.each([[["help"]], [["config", "list"]], [["history"]], [["completion", "bash"]]])(
    "`reseller %s` does not load the HTTP client",
    async (args) => {
      const record = await modulesLoadedBy(args, harness.accountEnv());
      expect(record.exitCode).toBe(0);
      expect(record.bundleRan).toBe(true);
      expectNotLoaded(record, "the HTTP client", http);
    },
  );

  it("sees the lazily imported handler of the command that runs", async () => {
    // Without this, an empty record would make the tests above pass while proving nothing.
    const record = await modulesLoadedBy(["item", "12"], harness.accountEnv());
    expect(record.loaded).toContain("src/commands/item.ts");
    expect(record.loaded.filter((m) => http.test(m))).not.toEqual([]);
  });
});

describe("the code cache", () => {
  function cacheFiles(cacheHome: string): string[] {
    const root = join(cacheHome, "reseller", "code-cache");
    return readdirSync(root).flatMap((copy) => readdirSync(join(root, copy)).map((name) => join(root, copy, name)));
  }

  it("is written after the first start, for the owner alone, and reused as it is by the next", async () => {
    const cacheHome = makeTempDir("reseller-cache-");
    const env = { ...harness.accountEnv(undefined, makeConfigDir()), XDG_CACHE_HOME: cacheHome };
    const first = await runReseller(["balance", "--json"], { env });
    expect(first.exitCode).toBe(0);
    const [file, ...others] = cacheFiles(cacheHome);
    expect(others).toEqual([]);
    expect(file).toMatch(/-balance\.bin$/);
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const written = statSync(file!).mtimeMs;

    const second = await runReseller(["balance", "--json"], { env });
    expect(second.stdout).toBe(first.stdout);
    // Rewritten only when missing or refused by V8: an unchanged file is a cache that was accepted.
    expect(statSync(file!).mtimeMs).toBe(written);
  });

  it("is kept apart for V8's baseline-only WebAssembly: jq's engine and a proxy set it, a plain call does not", async () => {
    const cacheHome = makeTempDir("reseller-cache-");
    const env = { ...harness.accountEnv(undefined, makeConfigDir()), XDG_CACHE_HOME: cacheHome };
    const runs: [string[], Record<string, string>, RegExp][] = [
      [["balance", "--json"], {}, /-balance\.bin$/],
      [["balance", "--jq", ".data.balance"], {}, /-balance-jq\.bin$/],
      // Not a plain path: jq's WebAssembly engine runs, held to Liftoff (its tier-up would hold the exit).
      [["balance", "--jq", ".data.balance + 1"], {}, /-balance-jq-wasm\.bin$/],
      // A proxy may bring undici's WebAssembly parser (this address is loopback, so it is not used).
      [["balance", "--json"], { HTTPS_PROXY: "http://127.0.0.1:9" }, /-balance-wasm\.bin$/],
    ];
    const kept = () => (existsSync(join(cacheHome, "reseller", "code-cache")) ? cacheFiles(cacheHome) : []);
    for (const [args, extra, file] of runs) {
      const before = new Set(kept());
      const result = await runReseller(args, { env: { ...env, ...extra } });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(kept().filter((f) => !before.has(f))).toEqual([expect.stringMatching(file)]);
    }
  });

  it("a damaged cache is refused by V8, replaced, and the command works all the same", async () => {
    const cacheHome = makeTempDir("reseller-cache-");
    const env = { ...harness.accountEnv(undefined, makeConfigDir()), XDG_CACHE_HOME: cacheHome };
    await runReseller(["balance", "--json"], { env });
    const [file] = cacheFiles(cacheHome);
    writeFileSync(file!, "not bytecode");

    const result = await runReseller(["balance", "--json"], { env });
    expect(result.exitCode).toBe(0);
    expect(result.json().data.balance).toBe(harness.accountOf().balance);
    expect(readFileSync(file!, "utf8")).not.toBe("not bytecode");
  });

  it("RESELLER_NO_CODE_CACHE=1 leaves no cache behind", async () => {
    const cacheHome = makeTempDir("reseller-cache-");
    const result = await runReseller(["balance"], {
      env: { ...harness.accountEnv(), XDG_CACHE_HOME: cacheHome, RESELLER_NO_CODE_CACHE: "1" },
    });
    expect(result.exitCode).toBe(0);
    expect(readdirSync(cacheHome)).toEqual([]);
  });
});
