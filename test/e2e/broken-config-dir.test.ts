/**
 * A config dir as a new user may break it: a config.json that is not JSON, not an object, or holds a
 * wrong value; one that cannot be read (a directory, a link, no permission); a dir that cannot be
 * written; a journal or lock cache that is a link; a dir owned by someone else or open to others.
 * Each is met with the file named and what to do, exit 2 where the config is broken, never "This is
 * a bug"; the config commands still work so the file can be repaired. What is said is the subject:
 * the commands run through main() in this process (support/run-main.ts), login from a pipe as the
 * built binary.
 *
 * These tests run as root here, where permissions do not stop reads or writes: a file that cannot be
 * read is made a directory or a link, a dir that cannot be written is made immutable (chattr +i), and
 * "owned by someone else" is a chown to uid 65534. What only permissions can make is run as another
 * user only (mode 000, a dir without write permission), and said as skipped under root.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeConfigDir, runReseller, type CliResult } from "../support/cli.js";
import { apiRequests, useEmulator } from "../support/emulator.js";
import { runInProcess } from "../support/run-main.js";

const harness = useEmulator();
const isRoot = process.getuid?.() === 0;
const mode = (path: string) => statSync(path).mode & 0o777;

/** A config dir whose config.json holds exactly `content`. */
function configWith(content: string | object): string {
  const dir = makeConfigDir();
  writeFileSync(join(dir, "config.json"), typeof content === "string" ? content : JSON.stringify(content), {
    mode: 0o600,
  });
  return dir;
}

/** The demo account's profile as `reseller login` saves it, with `extra` over it. */
function profileWith(extra: Record<string, unknown>): string {
  return configWith({
    profiles: { default: { base_url: harness.emulator.baseUrl, api_key: harness.emulator.demoApiKey, ...extra } },
  });
}

async function reseller(dir: string, args: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const r = await runInProcess(args, { env: { RESELLER_CONFIG_DIR: dir, ...env } });
  // Whatever broke, it is never reported as reseller's own fault, and never with a stack trace.
  expect(r.stderr).not.toMatch(/This is a bug|\n\s+at /);
  expect(r.stdout + r.stderr).not.toContain(harness.emulator.demoApiKey);
  return r;
}

/** Asks the emulator nothing: what a command sends is counted around it. */
async function sendsNothing(run: () => Promise<CliResult>): Promise<CliResult> {
  const before = apiRequests(harness).length;
  const r = await run();
  expect(apiRequests(harness).length).toBe(before);
  return r;
}

/** Buys nothing: the item may be read first, but no POST reaches the service. */
async function buysNothing(run: () => Promise<CliResult>): Promise<CliResult> {
  const posts = () => apiRequests(harness).filter((line) => line.startsWith("POST ")).length;
  const before = posts();
  const r = await run();
  expect(posts()).toBe(before);
  return r;
}

/** Makes a dir that even root cannot write in, for as long as the test runs; undefined where that cannot be done. */
function unwritableDir(): { dir: string; undo(): void } | undefined {
  const dir = makeConfigDir();
  if (!isRoot) {
    chmodSync(dir, 0o500);
    return { dir, undo: () => chmodSync(dir, 0o700) };
  }
  try {
    execFileSync("chattr", ["+i", dir], { stdio: "ignore" });
  } catch {
    return undefined;
  }
  return { dir, undo: () => execFileSync("chattr", ["-i", dir], { stdio: "ignore" }) };
}

describe("a config.json that is not a store", () => {
  it.each([
    ["not JSON", "not json at all"],
    ["empty", ""],
    ["a list", "[]"],
    ["a string", '"default"'],
    ["profiles not an object", '{"profiles": []}'],
  ])(
    "%s: every command needing it stops with CONFIG_INVALID, exit 2, naming the file; nothing is sent",
    async (_name, content) => {
      const dir = configWith(content);
      const path = join(dir, "config.json");
      const r = await sendsNothing(() =>
        reseller(dir, ["balance"], {
          RESELLER_BASE_URL: harness.emulator.baseUrl,
          RESELLER_API_KEY: harness.emulator.demoApiKey,
        }),
      );
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`The config file ${path}`);
      expect(r.stderr).toContain("(CONFIG_INVALID)");
      expect(r.stderr).toMatch(/Hint: .*reseller login/);

      const json = await reseller(dir, ["balance", "--json"]);
      expect(json.exitCode).toBe(2);
      expect(json.errorJson().error).toMatchObject({ code: "CONFIG_INVALID", message: expect.stringContaining(path) });
    },
  );

  it("config path, config list and history still work; config set refuses to write over it", async () => {
    const dir = configWith('{"profiles": {"default": {"api_key": "rk_live_half_written');
    const path = join(dir, "config.json");
    const before = readFileSync(path, "utf8");

    const where = await reseller(dir, ["config", "path"]);
    expect([where.exitCode, where.stdout]).toEqual([0, `${path}\n`]);

    const list = await reseller(dir, ["config", "list", "--json"]);
    expect(list.exitCode).toBe(0);
    expect(list.stderr).toContain(`The config file ${path} is not JSON`);
    expect(list.json().settings.timeout).toMatchObject({ source: "profile", problem: { code: "CONFIG_INVALID" } });
    expect(list.stderr + list.stdout).not.toContain("rk_live_half_written");

    expect((await reseller(dir, ["history"])).exitCode).toBe(0);

    const set = await reseller(dir, ["config", "set", "timeout", "60"]);
    expect(set.exitCode).toBe(2);
    expect(set.stderr).toContain("(CONFIG_INVALID)");
    expect(readFileSync(path, "utf8")).toBe(before);
  });
});

describe("a wrong stored value blocks only what needs it, and config set repairs it", () => {
  it.each([["abc"], [99], [-1], [1.5]])("max_retries %j", async (bad) => {
    const dir = profileWith({ max_retries: bad });
    const path = join(dir, "config.json");

    const balance = await sendsNothing(() => reseller(dir, ["balance"]));
    expect(balance.exitCode).toBe(2);
    expect(balance.stderr).toContain(
      `The config file ${path} holds ${JSON.stringify(bad)} as max_retries of profile "default", which must be a whole number from 0 to 10.`,
    );
    expect(balance.stderr).toContain("Hint: Run `reseller config set max_retries N` (0 to 10)");

    expect((await reseller(dir, ["config", "get", "base_url"])).stdout).toBe(`${harness.emulator.baseUrl}\n`);
    const get = await reseller(dir, ["config", "get", "max_retries"]);
    expect(get.exitCode).toBe(2);
    expect(get.stderr).toContain("(CONFIG_INVALID)");

    const list = await reseller(dir, ["config", "list"]);
    expect(list.exitCode).toBe(0);
    expect(list.stdout).toContain(`max_retries\t${bad}\tprofile\n`);
    expect(list.stderr).toContain(`holds ${JSON.stringify(bad)} as max_retries`);

    const set = await reseller(dir, ["config", "set", "max_retries", "3"]);
    expect(set.exitCode).toBe(0);
    expect(set.stderr).toContain('Set max_retries to 3 for profile "default"');
    expect(JSON.parse(readFileSync(path, "utf8")).profiles.default).toEqual({
      base_url: harness.emulator.baseUrl,
      api_key: harness.emulator.demoApiKey,
      max_retries: 3,
    });

    const after = await reseller(dir, ["balance", "--json"]);
    expect(after.exitCode).toBe(0);
    expect(after.json().data.balance).toEqual(expect.any(Number));
  });

  it("the environment, which wins over the profile, lets commands run past a bad stored value", async () => {
    const dir = profileWith({ max_retries: "abc" });
    expect((await reseller(dir, ["balance"], { RESELLER_MAX_RETRIES: "1" })).exitCode).toBe(0);
  });

  it("repairing one of two wrong values says what is still wrong", async () => {
    const dir = profileWith({ max_retries: "abc", timeout: "soon" });
    const set = await reseller(dir, ["config", "set", "max_retries", "2"]);
    expect(set.exitCode).toBe(0);
    expect(set.stderr).toMatch(/holds "soon" as timeout .*reseller config set timeout SECONDS/);
    expect(JSON.parse(readFileSync(join(dir, "config.json"), "utf8")).profiles.default).toMatchObject({
      max_retries: 2,
      timeout: "soon",
    });
  });

  it("a stored key of the wrong kind is named by its kind, never shown", async () => {
    const dir = configWith({ profiles: { default: { base_url: harness.emulator.baseUrl, api_key: 4815162342 } } });
    const r = await reseller(dir, ["balance"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain("holds a number as api_key");
    const list = await reseller(dir, ["config", "list"]);
    expect(list.stdout + list.stderr).not.toContain("4815162342");
  });
});

describe("a config.json that cannot be read", () => {
  it("a directory in its place: CONFIG_UNREADABLE, exit 2, naming it; config path still works", async () => {
    const dir = makeConfigDir();
    mkdirSync(join(dir, "config.json"));
    const r = await reseller(dir, ["balance"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      `Error: Cannot read the config file ${join(dir, "config.json")}: it is a directory (EISDIR). (CONFIG_UNREADABLE)`,
    );
    expect(r.stderr).toContain("Hint: Move it aside");
    expect((await reseller(dir, ["config", "path"])).exitCode).toBe(0);
    expect((await reseller(dir, ["config", "set", "timeout", "60"])).exitCode).toBe(2);
  });

  it.skipIf(isRoot)(
    "mode 000: CONFIG_UNREADABLE, permission denied (skipped as root, who reads any file whatever its mode)",
    async () => {
      const dir = profileWith({});
      chmodSync(join(dir, "config.json"), 0o000);
      const r = await reseller(dir, ["balance"]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("permission denied (EACCES). (CONFIG_UNREADABLE)");
    },
  );

  it("a symbolic link is refused, and neither config set nor login writes through it", async () => {
    const dir = makeConfigDir();
    const target = join(makeConfigDir(), "shared.json");
    const content = JSON.stringify({ profiles: { default: { base_url: harness.emulator.baseUrl } } });
    writeFileSync(target, content);
    symlinkSync(target, join(dir, "config.json"));

    const r = await sendsNothing(() => reseller(dir, ["balance"], { RESELLER_API_KEY: harness.emulator.demoApiKey }));
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      "it is a symbolic link, and reseller does not follow links to its own files (ELOOP). (CONFIG_UNREADABLE)",
    );
    expect(r.stderr).toContain("Hint: Put a copy of the file the link points to in its place");

    expect((await reseller(dir, ["config", "set", "timeout", "60"])).exitCode).toBe(2);
    const login = await runReseller(["login", "--with-key", "--base-url", harness.emulator.baseUrl], {
      input: harness.emulator.demoApiKey,
      env: { RESELLER_CONFIG_DIR: dir },
    });
    expect(login.exitCode).toBe(2);
    expect(readFileSync(target, "utf8")).toBe(content);
    expect(statSync(join(dir, "config.json"), { throwIfNoEntry: false })).toBeDefined();
  });
});

describe("the config's lock", () => {
  it("in an older format (pid and host only) naming a live process that is no reseller: taken over, the change saved", async () => {
    const dir = makeConfigDir();
    // This test's own process: alive, and never going to release a lock it does not know it holds.
    writeFileSync(join(dir, "config.json.lock"), `${process.pid} ${hostname()}\n`);
    const r = await reseller(dir, ["config", "set", "timeout", "60"]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/CONFIG_BUSY/);
    expect(JSON.parse(readFileSync(join(dir, "config.json"), "utf8")).profiles.default.timeout).toBe(60);
    expect(existsSync(join(dir, "config.json.lock"))).toBe(false);
  });

  it("a symbolic link in its place is named as the lock, not as the config file, and nothing is written through it", async () => {
    const dir = makeConfigDir();
    const target = join(makeConfigDir(), "elsewhere");
    writeFileSync(target, "not a lock");
    symlinkSync(target, join(dir, "config.json.lock"));
    const r = await reseller(dir, ["config", "set", "timeout", "60"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(
      `Cannot take the lock ${join(dir, "config.json.lock")}: it is a symbolic link, and reseller does not follow links to its own files (ELOOP); nothing was changed. (CONFIG_UNWRITABLE)`,
    );
    expect(r.stderr).toContain(`remove it (\`rm ${join(dir, "config.json.lock")}\`)`);
    expect(r.stderr).not.toMatch(/config\.json: /);
    expect(readFileSync(target, "utf8")).toBe("not a lock");
    expect(existsSync(join(dir, "config.json"))).toBe(false);
  });
});

describe("a config dir that cannot be written", () => {
  const undo: (() => void)[] = [];
  // After each test, before its dirs are removed (an immutable dir cannot be).
  afterEach(() => undo.splice(0).forEach((u) => u()));

  it("config set: CONFIG_UNWRITABLE, exit 2, nothing changed", async (test) => {
    const locked = unwritableDir();
    if (!locked) return test.skip("chattr +i is not available here, and root writes in any dir whatever its mode");
    undo.push(locked.undo);
    const r = await reseller(locked.dir, ["config", "set", "timeout", "60"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `Cannot save the config file ${join(locked.dir, "config.json")}: permission denied \\((EPERM|EACCES)\\); nothing was changed\\. \\(CONFIG_UNWRITABLE\\)`,
      ),
    );
    expect(r.stderr).toContain("RESELLER_CONFIG_DIR");
    expect(readdirSync(locked.dir)).toEqual([]);
  });

  it("a purchase: the journal cannot be written, so nothing is sent (JOURNAL_UNWRITABLE, exit 2)", async (test) => {
    const locked = unwritableDir();
    if (!locked) return test.skip("chattr +i is not available here, and root writes in any dir whatever its mode");
    undo.push(locked.undo);
    const r = await buysNothing(() =>
      reseller(locked.dir, ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "RO-DIR-1"], {
        RESELLER_BASE_URL: harness.emulator.baseUrl,
        RESELLER_API_KEY: harness.emulator.demoApiKey,
      }),
    );
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(
      /Cannot write the journal at .*records\.db: permission denied \((EPERM|EACCES)\); nothing was sent\. \(JOURNAL_UNWRITABLE\)/,
    );
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === "RO-DIR-1")).toHaveLength(0);
  });
});

describe("the journal and the lock cache are never used through a link", () => {
  const env = () => ({ RESELLER_BASE_URL: harness.emulator.baseUrl, RESELLER_API_KEY: harness.emulator.demoApiKey });

  it("a symlinked journal of an earlier release: a purchase is refused before sending, history says why, the target is untouched", async () => {
    const dir = makeConfigDir();
    const target = join(makeConfigDir(), "elsewhere.jsonl");
    writeFileSync(target, "");
    symlinkSync(target, join(dir, "journal.jsonl"));

    const buy = await buysNothing(() =>
      reseller(dir, ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "LINKED-1"], env()),
    );
    expect(buy.exitCode).toBe(2);
    // The old journal is imported before anything is looked up, so the link is met there.
    expect(buy.stderr).toContain(
      `Cannot read the journal at ${join(dir, "journal.jsonl")}: it is a symbolic link, and reseller does not follow links to its own files (ELOOP). (JOURNAL_UNREADABLE)`,
    );
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === "LINKED-1")).toHaveLength(0);
    expect(readFileSync(target, "utf8")).toBe("");

    const history = await reseller(dir, ["history"]);
    expect(history.exitCode).toBe(2);
    expect(history.stderr).toContain(`Cannot read the journal at ${join(dir, "journal.jsonl")}: it is a symbolic link`);
    expect(history.stderr).toContain("(JOURNAL_UNREADABLE)");
  });

  it("a directory where an earlier release's journal was: history, reconcile and pending say so, exit 2", async () => {
    const dir = makeConfigDir();
    mkdirSync(join(dir, "journal.jsonl"));
    for (const command of ["history", "reconcile", "pending"]) {
      const r = await reseller(dir, [command], env());
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(
        `Cannot read the journal at ${join(dir, "journal.jsonl")}: it is a directory (EISDIR). (JOURNAL_UNREADABLE)`,
      );
    }
  });

  it("a symlinked lock cache of an earlier release: the lock is made and said, the link kept aside unread, its target untouched", async () => {
    const dir = makeConfigDir();
    const target = join(makeConfigDir(), "elsewhere.json");
    writeFileSync(target, "{}");
    symlinkSync(target, join(dir, "locks.json"));
    const r = await reseller(dir, ["lock", "add", "--item", "1", "--qty", "1"], env());
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^LCK-/);
    // The old cache is never read through: the link is kept aside as it was, its target untouched.
    expect(lstatSync(join(dir, "locks.json.imported")).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, "utf8")).toBe("{}");
  });

  it("files reseller makes are 0600, in a 0700 dir it makes", async () => {
    const dir = join(makeConfigDir(), "new", "reseller");
    const r = await reseller(dir, ["buy", "--item", "12", "--qty", "1", "--note", "081234567890"], env());
    expect(r.exitCode).toBe(0);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, "records.db"))).toBe(0o600);
  });

  it("a symlinked records database: a purchase is refused before sending, history says why, the target is untouched", async () => {
    const dir = makeConfigDir();
    const target = join(makeConfigDir(), "elsewhere.db");
    writeFileSync(target, "");
    symlinkSync(target, join(dir, "records.db"));
    const buy = await buysNothing(() =>
      reseller(dir, ["buy", "--item", "12", "--qty", "1", "--note", "081234567890", "--ref-id", "LINKED-DB-1"], env()),
    );
    expect(buy.exitCode).toBe(2);
    expect(buy.stderr).toContain(`${join(dir, "records.db")} is a symbolic link`);
    expect(buy.stderr).toContain("(RECORDS_UNSAFE)");
    const history = await reseller(dir, ["history"]);
    expect(history.exitCode).toBe(2);
    expect(history.stderr).toContain("(RECORDS_UNSAFE)");
    expect(readFileSync(target, "utf8")).toBe("");
  });

  it("a config dir that is a symbolic link: the key is not saved through it, and its config is not read", async () => {
    const elsewhere = makeConfigDir();
    const link = join(makeConfigDir(), "reseller");
    symlinkSync(elsewhere, link);
    const login = await runReseller(["login", "--with-key", "--base-url", harness.emulator.baseUrl], {
      input: harness.emulator.demoApiKey,
      env: { RESELLER_CONFIG_DIR: link },
    });
    expect(login.exitCode, login.stderr).toBe(2);
    expect(login.stderr).toContain(`${link} is a symbolic link`);
    expect(login.stderr).toContain("(CONFIG_UNREADABLE)");
    expect(readdirSync(elsewhere)).toEqual([]);
    expect((await reseller(link, ["config", "set", "language", "en"])).exitCode).toBe(2);
    expect(readdirSync(elsewhere)).toEqual([]);

    // A config planted at the link's end (another address to send the key to) is not used either.
    writeFileSync(
      join(elsewhere, "config.json"),
      JSON.stringify({ profiles: { default: { base_url: "http://127.0.0.1:9" } } }),
    );
    const balance = await reseller(link, ["balance"], { RESELLER_API_KEY: harness.emulator.demoApiKey });
    expect(balance.exitCode).toBe(2);
    expect(balance.stderr).toContain(`${link} is a symbolic link`);
    // The way out is named, and `config path` still shows where the dir is.
    expect(balance.stderr).toContain("Replace the link with the real directory");
    const path = await reseller(link, ["config", "path"]);
    expect(path.exitCode, path.stderr).toBe(0);
  });
});

describe("who owns the config dir, and who else may read it", () => {
  it("loose modes on the user's own dir and files are tightened, with a one-line notice", async () => {
    const dir = profileWith({});
    writeFileSync(join(dir, "records.db"), "");
    chmodSync(dir, 0o755);
    chmodSync(join(dir, "config.json"), 0o644);
    chmodSync(join(dir, "records.db"), 0o666);
    const r = await reseller(dir, ["config", "path"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(`${join(dir, "config.json")}\n`);
    expect(r.stderr.trim().split("\n")).toEqual([
      `! Took group and other access off ${dir} (0755 → 0700), ${join(dir, "config.json")} (0644 → 0600), ${join(dir, "records.db")} (0666 → 0600): reseller keeps its files readable by you alone.`,
    ]);
    expect([mode(dir), mode(join(dir, "config.json")), mode(join(dir, "records.db"))]).toEqual([0o700, 0o600, 0o600]);
    expect((await reseller(dir, ["config", "path"])).stderr).toBe("");
  });

  it.skipIf(!isRoot)("a dir owned by another user is warned about on stderr, and the command still runs", async () => {
    const dir = profileWith({});
    chownSync(dir, 65534, 65534);
    const r = await reseller(dir, ["balance", "--json"]);
    expect(r.exitCode).toBe(0);
    expect(r.json().data.balance).toEqual(expect.any(Number));
    expect(r.stderr).toContain(
      `Owned by another user: the config dir ${dir} (uid 65534). That user can read your API key and change what reseller sends`,
    );
    expect(existsSync(join(dir, "config.json"))).toBe(true);
  });
});
