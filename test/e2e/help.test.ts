/**
 * Help that answers: `reseller version` and `-v` beside `--version`, `help environment` and
 * `help exit-codes`, `help lock add` for `lock add`, every command's help naming its piped columns
 * in the order a script reads them, and "Did you mean" hints with real line breaks. The version and
 * the help topics come from the built binary (its launcher answers some alone); the layout of help
 * and the hints, from main() in this process (test/support/run-main.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runReseller } from "../support/cli.js";
import { useEmulator } from "../support/emulator.js";
import { runInProcess } from "../support/run-main.js";
import { resellerInProcess, type Reseller } from "./commands-harness.js";

const harness = useEmulator();
const { version } = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as {
  version: string;
};

describe("the version", () => {
  it.each([[["version"]], [["-v"]], [["--version"]], [["-V"]]])("`reseller %s` prints it alone", async (args) => {
    const r = await runReseller(args);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });

  it("`reseller version --json` is a document, and --jq filters it", async () => {
    const r = await runReseller(["version", "--json"]);
    expect(JSON.parse(r.stdout)).toEqual({ version });
    const jq = await runReseller(["version", "--jq", ".version"]);
    expect(jq.stdout).toBe(`${version}\n`);
  });
});

describe("help topics", () => {
  it("`help environment` names every variable and its flag", async () => {
    const r = await runReseller(["help", "environment"]);
    expect(r.exitCode).toBe(0);
    for (const name of [
      "RESELLER_API_KEY",
      "RESELLER_BASE_URL",
      "RESELLER_PROFILE",
      "RESELLER_TIMEOUT",
      "RESELLER_MAX_RETRIES",
      "RESELLER_CONFIG_DIR",
      "RESELLER_NO_INPUT",
      "RESELLER_DEBUG",
      "RESELLER_FORCE_TTY",
      "NO_COLOR",
      "COLUMNS",
    ]) {
      expect(r.stdout).toContain(name);
    }
    expect(r.stdout).toMatch(/RESELLER_BASE_URL, --base-url URL/);
    expect(r.stdout).toMatch(/Precedence: flag > environment > profile/);
  });

  it("`help exit-codes` says what each code means", async () => {
    const r = await runReseller(["help", "exit-codes"]);
    expect(r.exitCode).toBe(0);
    for (const code of ["0", "1", "2", "3", "4", "5", "130"])
      expect(r.stdout).toMatch(new RegExp(`^ {2}${code} +\\S`, "m"));
    expect(r.stdout).toMatch(/5 +outcome unknown/);
  });

  it("topics fit 80 columns and are listed in `reseller --help`", async () => {
    for (const topic of ["environment", "exit-codes"]) {
      const r = await runReseller(["help", topic]);
      expect(r.stdout.split("\n").filter((l) => l.length > 80)).toEqual([]);
    }
    const main = await runReseller(["--help"]);
    expect(main.stdout).toMatch(/help environment/);
    expect(main.stdout).toMatch(/help exit-codes/);
  });

  it("`help lock add` is the help of `lock add`, not of `lock`", async () => {
    const [viaHelp, viaFlag] = await Promise.all([
      runReseller(["help", "lock", "add"]),
      runReseller(["lock", "add", "--help"]),
    ]);
    expect(viaHelp.exitCode).toBe(0);
    expect(viaHelp.stdout).toMatch(/^Usage: reseller lock add /);
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
  });

  it("help for something that does not exist: exit 2 with a guess", async () => {
    const r = await runReseller(["help", "lock", "ad"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/Did you mean add\?/);
    // One place to read, said once.
    expect(r.stderr).toMatch(/^Hint: Did you mean add\? See `reseller help lock`\.$/m);
  });
});

describe("help laid out for people", () => {
  /** The headings of a help text, in order. */
  const headings = (help: string) => help.split("\n").filter((l) => /^[A-Z][\w ()]*:$/.test(l));
  /** The names listed under a heading. */
  const listed = (help: string, heading: string) =>
    [...(help.split(`\n${heading}\n`)[1] ?? "").split("\n\n")[0]!.matchAll(/^ {2}(\S+(?: [A-Za-z][\w-]*)?)/gm)].map(
      (m) => m[1]!,
    );

  it("`reseller help` lists the commands in groups, the daily ones first, then help topics, then the flags once", async () => {
    const r = await runInProcess(["help"]);
    expect(r.exitCode).toBe(0);
    expect(headings(r.stdout)).toEqual([
      "Core commands:",
      "Catalogue commands:",
      "Money commands:",
      "Setup commands:",
      "Help topics:",
      "Flags:",
      "Examples:",
    ]);
    expect(listed(r.stdout, "Core commands:")[0]).toBe("buy");
    expect(listed(r.stdout, "Money commands:")).toEqual(["balance", "report", "topup", "channels", "leaderboard"]);
    expect(listed(r.stdout, "Help topics:")).toEqual(["help COMMAND", "help environment", "help exit-codes"]);
    // Every command is listed once, in some group.
    const all = ["Core commands:", "Catalogue commands:", "Money commands:", "Setup commands:"].flatMap((h) =>
      listed(r.stdout, h).map((n) => n.split(" ")[0]),
    );
    expect(new Set(all).size).toBe(all.length);
    for (const name of [
      "buy",
      "trx",
      "lock",
      "items",
      "item",
      "balance",
      "topup",
      "login",
      "config",
      "webhook",
      "emulator",
      "completion",
      "version",
      "history",
      "reconcile",
      "pending",
      "validate",
      "sandbox",
      "channels",
      "leaderboard",
      "logout",
    ])
      expect(all).toContain(name);
    expect(r.stdout.match(/--base-url <url>/g)).toHaveLength(1);
  });

  it.each([["trx"], ["lock"], ["webhook"], ["config"]])(
    "`reseller %s` shows its sub-commands first and names the global flags on one line",
    async (name) => {
      for (const r of [await runInProcess([name]), await runInProcess([name, "--help"])]) {
        const text = r.stdout || r.stderr;
        expect(headings(text).slice(0, 2)).toEqual(["Commands:", "Options:"]);
        expect(text).not.toContain("Global Options:");
        expect(text).not.toMatch(/^ {2}--base-url/m);
        expect(text.match(/--base-url/g)).toHaveLength(1);
        expect(text.split("\n").filter((l) => l.length > 80)).toEqual([]);
      }
    },
  );

  it("a command's help names the global flags once, after its own", async () => {
    const r = await runInProcess(["buy", "--help"]);
    expect(r.stdout).toMatch(
      /^Global flags: --json, --jq, --profile, --base-url, --timeout, --no-pager,\n--no-color, --no-input, --verbose, --insecure, --lang \(see `reseller --help`\)\.$/m,
    );
    expect(r.stdout.indexOf("Global flags:")).toBeGreaterThan(r.stdout.indexOf("--no-check"));
  });
});

describe('"Did you mean"', () => {
  it.each([
    [["balanc"], "balance"],
    [["lock", "ad"], "add"],
    [["balance", "--jsn"], "--json"],
  ])("`reseller %s` suggests %s on a real line, no literal \\n", async (args, guess) => {
    const r = await runInProcess(args);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).not.toContain("\\n");
    expect(r.stderr).toMatch(new RegExp(`^Hint: Did you mean ${guess.replace(/-/g, "\\-")}\\?`, "m"));
    expect(r.stderr.split("\n")[0]).toMatch(
      /^Error: (`reseller( \w+)?` has no command "\w+"|--\w+ is not an option of `reseller \w+`)\.$/,
    );
  });
});

/** The names a command's help gives its piped columns, in order (words in parentheses are notes). */
function pipedColumns(help: string): string[] {
  // A sentence's lines joined again: help breaks a long line between words to fit the width.
  const line = help
    .replace(/(?<![.:\n])\n(?=[^\n\s])/g, " ")
    .match(/^Piped, (?:one line(?: per [^,]+)?, tab-separated|label<TAB>value lines): (.+)\.$/m);
  expect(line, `no piped columns in:\n${help}`).not.toBeNull();
  return line![1]!
    .replace(/\([^)]*\)/g, "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
}

describe("each command's help names its piped columns, in the order printed", () => {
  // Only the last line break goes: a row may end in an empty column.
  const rowsOf = (stdout: string) =>
    stdout
      .replace(/\n$/, "")
      .split("\n")
      .map((l) => l.split("\t"));
  // One shop for these tests, its config dir kept until the last of them.
  let shop: Reseller;
  beforeAll(() => {
    shop = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
  });
  const cases: [string[], string[], "row" | "record"][] = [
    [["balance"], ["balance"], "row"],
    [["channels"], ["channels"], "row"],
    [["topup", "--amount", "100000", "--channel", "QRIS", "--yes"], ["topup"], "row"],
    [["item", "12"], ["item"], "record"],
    [["lock", "list"], ["lock", "list"], "row"],
    [["leaderboard"], ["leaderboard"], "row"],
    [["leaderboard", "me"], ["leaderboard", "me"], "record"],
    [["sandbox", "--item", "3", "--qty", "1"], ["sandbox"], "row"],
    [["history"], ["history"], "row"],
    [["config", "list"], ["config", "list"], "row"],
    [["buy", "--item", "3", "--qty", "1"], ["buy"], "row"],
    [["webhook", "show"], ["webhook", "show"], "record"],
  ];

  it.each(cases)("`reseller %s`", async (args, helpPath, kind) => {
    // Something to list: a lock held and a purchase journaled.
    if (args[0] === "lock" || args[0] === "history") await shop.run(["lock", "add", "--item", "4", "--qty", "1"]);
    const help = await runInProcess([...helpPath, "--help"]);
    const names = pipedColumns(help.stdout);
    const r = await shop.run(args);
    expect(r.exitCode, r.stderr).toBe(0);
    const rows = rowsOf(r.stdout);
    if (kind === "record") {
      // A record: the labels, in order, are the names (fields the service adds come after).
      expect(rows.map((row) => row[0]).slice(0, names.length)).toEqual(names);
      for (const row of rows) expect(row).toHaveLength(2);
    } else {
      for (const row of rows) expect(row, r.stdout).toHaveLength(names.length);
    }
  });

  it("`reseller trx show` names the first field of each kind of row", async () => {
    const help = (await runInProcess(["trx", "show", "--help"])).stdout;
    const kinds = [...help.matchAll(/^ {2}([a-z_]+) +\S/gm)].map((m) => m[1]);
    expect(kinds).toEqual(
      expect.arrayContaining(["transaction", "note", "payment_link", "item", "licence", "seller_note", "sn", "smm"]),
    );
    // A shop of its own: the shared one bought item 3 already, and a repeat is refused.
    const own = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const bought = await own.run(["buy", "--item", "3", "--qty", "1", "--ref-id", "help-trx"]);
    expect(bought.exitCode, bought.stderr).toBe(0);
    const shown = await own.run(["trx", "show", "help-trx"]);
    for (const row of rowsOf(shown.stdout)) expect(kinds).toContain(row[0]);
    expect(rowsOf(shown.stdout)[0]).toHaveLength(6); // transaction: invoice, ref_id, status, amount, created
  });
});

/**
 * Help fits the terminal, in both languages: what commander lays out and what follows it (what is
 * piped, notes) break between words, so the terminal never folds `moda/l` or `selling/_price`; an
 * example command stays whole on its line, to be copied as one.
 */
describe("help at 60 and 80 columns", () => {
  const commands = [[], ["buy"], ["trx", "show"], ["history"], ["items"], ["prices"], ["report"], ["receipt"]];
  it.each([
    ["en", 60],
    ["en", 80],
    ["id", 60],
    ["id", 80],
  ])("in %s at %i columns: no line wider, no word split", async (lang, width) => {
    for (const command of commands) {
      const r = await runInProcess(["help", ...command], { env: { RESELLER_LANG: lang, COLUMNS: String(width) } });
      expect(r.exitCode, r.stderr).toBe(0);
      const tooWide = r.stdout.split("\n").filter((line) => {
        // An example is a command to copy: whole on its line, for the terminal to fold.
        return [...line].length > width && !/^ {2}\$ /.test(line);
      });
      expect(tooWide, `reseller help ${command.join(" ")}:\n${r.stdout}`).toEqual([]);
    }
  });
});
