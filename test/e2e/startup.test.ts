/**
 * Speed is a feature: a command loads only what it uses, and a second start is cheaper than the
 * first. These tests watch real processes: V8's coverage says which scripts ran
 * (test/support/record-modules.ts), and the code cache is looked at on disk.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeConfigDir, runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { modulesLoadedBy } from "../support/record-modules.js";
import { makeTempDir } from "../support/temp-dir.js";

const harness = useEmulator();

const undici = (scripts: string[]) => scripts.filter((url) => url.includes("/node_modules/undici/"));
/** node:http's client, set up by the first request a process makes. */
const httpClient = (scripts: string[]) => scripts.filter((url) => /^node:_?https?(_|$)/.test(url));

describe("a command loads only what it uses", () => {
  it("`reseller balance` piped draws no table: cli-table3 is not required", async () => {
    const record = await modulesLoadedBy(["balance"], harness.accountEnv());
    expect(record.exitCode).toBe(0);
    expect(record.scripts.filter((url) => url.includes("/node_modules/cli-table3/"))).toEqual([]);
  });

  it("`reseller balance` straight to the service loads no undici; through a proxy it does", async () => {
    const direct = await modulesLoadedBy(["balance"], harness.accountEnv());
    expect(direct.exitCode).toBe(0);
    expect(httpClient(direct.scripts)).not.toEqual([]);
    expect(undici(direct.scripts)).toEqual([]);
    // A proxy that refuses every connection: the command fails, but the lane that went there was undici's.
    const proxied = await modulesLoadedBy(["balance", "--timeout", "2"], {
      ...harness.accountEnv(),
      RESELLER_BASE_URL: "https://service.invalid",
      HTTPS_PROXY: "http://127.0.0.1:9",
      RESELLER_MAX_RETRIES: "0",
    });
    expect(proxied.exitCode).toBe(4);
    expect(undici(proxied.scripts)).not.toEqual([]);
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

  it("`reseller balance --json` piped to a script requires neither node:module, node:os nor node:tty", async () => {
    // stdin is /dev/null, as from cron: a character device, which only node:tty tells from a terminal,
    // and nothing here asks whether it is one.
    const record = await modulesLoadedBy(["balance", "--json"], harness.accountEnv(), { piped: true });
    expect(record.exitCode).toBe(0);
    expect(record.scripts.filter((url) => ["node:module", "node:os", "node:tty"].includes(url))).toEqual([]);
  });

  it("an English start runs the Indonesian catalogue's module too (its words stay unbuilt)", async () => {
    // What ran is what the code cache holds: a cache English made serves an Indonesian start without compiling.
    const record = await modulesLoadedBy(["balance", "--json"], { ...harness.accountEnv(), LANG: "C.UTF-8" });
    expect(record.exitCode).toBe(0);
    expect(record.bundleFunctions).toContain("src/messages/id.ts");
    expect(record.bundleFunctions).not.toContain("indonesianCatalogue");
  });

  it.each([[["help"]], [["config", "list"]], [["history"]], [["completion", "bash"]]])(
    "`reseller %s` sets up no HTTP client",
    async (args) => {
      const record = await modulesLoadedBy(args, harness.accountEnv());
      expect(record.exitCode).toBe(0);
      expect(record.bundleRan).toBe(true);
      expect(httpClient(record.scripts)).toEqual([]);
      expect(undici(record.scripts)).toEqual([]);
    },
  );
});

describe("SQLite is loaded by the commands that keep records, and only by them", () => {
  const sqlite = (scripts: string[]) => scripts.filter((url) => url.includes("/node_modules/better-sqlite3/"));

  it.each([[["balance"]], [["items"]], [["--version"]], [["--help"]], [["help"]], [["completion", "bash"]]])(
    "`reseller %s` does not load better-sqlite3",
    async (args) => {
      const record = await modulesLoadedBy(args, harness.accountEnv());
      expect(record.exitCode).toBe(0);
      expect(sqlite(record.scripts)).toEqual([]);
    },
  );

  it("`reseller history` does: the journal is in the records database", async () => {
    const record = await modulesLoadedBy(["history"], harness.accountEnv());
    expect(record.exitCode).toBe(0);
    expect(sqlite(record.scripts)).not.toEqual([]);
  });
});

describe("the code cache", () => {
  const cacheHome = () => makeTempDir("reseller-cache-");
  /** Every file under the cache home, with its modification time. */
  function cacheFiles(home: string): Map<string, number> {
    const files = readdirSync(home, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    return new Map(
      files.map((entry) => [join(entry.parentPath, entry.name), statSync(join(entry.parentPath, entry.name)).mtimeMs]),
    );
  }

  it("is written after the first start, for the owner alone, and reused as it is by the next", async () => {
    const home = cacheHome();
    const env = { ...harness.accountEnv(undefined, makeConfigDir()), XDG_CACHE_HOME: home };
    const first = await runReseller(["balance", "--json"], { env });
    expect(first.exitCode).toBe(0);
    const written = cacheFiles(home);
    expect(written.size).toBe(1);
    const [file] = written.keys();
    expect(statSync(file!).mode & 0o777).toBe(0o600);

    const second = await runReseller(["balance", "--json"], { env });
    expect(second.stdout).toBe(first.stdout);
    // Rewritten only when missing or refused by V8: an unchanged file is a cache that was accepted.
    expect(cacheFiles(home)).toEqual(written);
  });

  it("is accepted for --jq and through a proxy too, whose V8 flags differ, alternating with a plain call", async () => {
    const home = cacheHome();
    const env = { ...harness.accountEnv(undefined, makeConfigDir()), XDG_CACHE_HOME: home };
    const runs: [string[], Record<string, string>][] = [
      [["balance", "--json"], {}],
      [["balance", "--jq", ".data.balance"], {}],
      // A proxy may bring undici's WebAssembly parser (this address is loopback, so it is not used).
      [["balance", "--json"], { HTTPS_PROXY: "http://127.0.0.1:9" }],
    ];
    for (const [args, extra] of runs) expect((await runReseller(args, { env: { ...env, ...extra } })).exitCode).toBe(0);
    const written = cacheFiles(home);
    for (const [args, extra] of runs) expect((await runReseller(args, { env: { ...env, ...extra } })).exitCode).toBe(0);
    expect(cacheFiles(home)).toEqual(written);
  });

  it("keeps jq-wasm's JavaScript for --jq in a cache of its own, accepted by the next --jq", async () => {
    const home = cacheHome();
    const env = { ...harness.accountEnv(undefined, makeConfigDir()), XDG_CACHE_HOME: home };
    const first = await runReseller(["balance", "--jq", ".data.balance"], { env });
    expect(first.exitCode).toBe(0);
    const written = cacheFiles(home);
    expect([...written.keys()].filter((file) => file.includes("-jq-wasm-"))).toHaveLength(1);

    const second = await runReseller(["balance", "--jq", ".data.balance"], { env });
    expect(second.stdout).toBe(first.stdout);
    expect(cacheFiles(home)).toEqual(written);
  });

  it("`balance --json` keeps a cache of its own, not the one `balance` made with its words", async () => {
    const home = cacheHome();
    const env = { ...harness.accountEnv(undefined, makeConfigDir()), XDG_CACHE_HOME: home };
    expect((await runReseller(["balance"], { env })).exitCode).toBe(0);
    const spoken = cacheFiles(home);
    expect((await runReseller(["balance", "--json"], { env })).exitCode).toBe(0);
    const both = cacheFiles(home);
    expect(both.size).toBe(2);
    const [json] = [...both.keys()].filter((file) => !spoken.has(file));
    expect(json).toMatch(/-balance-json\.bin$/);
  });

  it("a damaged cache is refused by V8, replaced, and the command works all the same", async () => {
    const home = cacheHome();
    const env = { ...harness.accountEnv(undefined, makeConfigDir()), XDG_CACHE_HOME: home };
    await runReseller(["balance", "--json"], { env });
    const [file] = cacheFiles(home).keys();
    writeFileSync(file!, "not bytecode");

    const result = await runReseller(["balance", "--json"], { env });
    expect(result.exitCode).toBe(0);
    expect(result.json().data.balance).toBe(harness.accountOf().balance);
    expect(readFileSync(file!, "utf8")).not.toBe("not bytecode");
  });

  it("RESELLER_NO_CODE_CACHE=1 leaves no cache behind", async () => {
    const home = cacheHome();
    const result = await runReseller(["balance"], {
      env: { ...harness.accountEnv(), XDG_CACHE_HOME: home, RESELLER_NO_CODE_CACHE: "1" },
    });
    expect(result.exitCode).toBe(0);
    expect(readdirSync(home)).toEqual([]);
  });
});
