import { CommanderError, type CommandUnknownOpts as Command } from "@commander-js/extra-typings";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { buildProgram } from "../../src/program.js";
import { runPiped } from "../support/run-main.js";

interface Recorded {
  command: string;
  options: unknown;
  globals: Record<string, unknown>;
}

function commandPath(command: Command): string {
  const names: string[] = [];
  for (let c: Command | null = command; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(" ");
}

function quiet(program: Command): Command {
  for (const c of [program, ...all(program)]) {
    c.exitOverride();
    c.configureOutput({ writeOut: () => undefined, writeErr: () => undefined, outputError: () => undefined });
  }
  return program;
}

function all(command: Command): Command[] {
  return command.commands.flatMap((c) => [c, ...all(c)]);
}

async function parse(argv: string[]): Promise<Recorded> {
  let recorded: Recorded | undefined;
  const program = quiet(
    buildProgram(async (command, _load, options) => {
      recorded = { command: commandPath(command), options, globals: command.optsWithGlobals() };
    }),
  );
  await program.parseAsync(argv, { from: "user" });
  if (!recorded) throw new Error(`no command ran for ${argv.join(" ")}`);
  return recorded;
}

async function parseError(argv: string[]): Promise<CommanderError> {
  try {
    await parse(argv);
  } catch (error) {
    if (error instanceof CommanderError) return error;
    throw error;
  }
  throw new Error(`${argv.join(" ")} parsed without an error`);
}

const longRefId = "r".repeat(192);

describe("argv in, options out", () => {
  it.each<[string[], string, unknown]>([
    [["balance"], "balance", {}],
    [["channels"], "channels", {}],
    [["item", "12"], "item", { id: 12 }],
    [["item", " 7 "], "item", { id: 7 }],
    [["lock", "add", "--item", "3", "--qty", "2"], "lock add", { item: 3, qty: 2, duration: undefined }],
    [["lock", "add", "--item=3", "--qty=2", "--duration", "300"], "lock add", { item: 3, qty: 2, duration: 300 }],
    [["lock", "add", "--qty", "1", "--item", "4", "--duration", "60"], "lock add", { item: 4, qty: 1, duration: 60 }],
    [["lock", "add", "--item", "4", "--qty", "1", "--duration", "600"], "lock add", { item: 4, qty: 1, duration: 600 }],
    [["lock", "list"], "lock list", {}],
    [["lock", "release", "LCK-8F2K1Q"], "lock release", { token: "LCK-8F2K1Q" }],
    [["leaderboard"], "leaderboard", {}],
    [["leaderboard", "me"], "leaderboard me", {}],
    [["config", "list"], "config list", {}],
    [["config", "get", "base_url"], "config get", { key: "base_url" }],
    [["config", "set", "timeout", "60"], "config set", { key: "timeout", value: "60" }],
    [["config", "path"], "config path", {}],
    [["logout"], "logout", {}],
    [["login", "--with-key"], "login", { withKey: true }],
    [
      ["topup", "--amount", "50.000", "--channel", "QRIS", "-y"],
      "topup",
      { amount: 50_000, channel: "QRIS", yes: true },
    ],
    [["topup"], "topup", { amount: undefined, channel: undefined, yes: false }],
    [["sandbox", "--item", "12", "--qty", "1", "--ref-id", "SBX-1"], "sandbox", { item: 12, qty: 1, refId: "SBX-1" }],
    [
      ["trx", "show", "INV-20261121-000123", "--watch"],
      "trx show",
      { ref: "INV-20261121-000123", watch: true, waitTimeout: undefined },
    ],
    [
      ["history", "--unresolved", "--limit", "5"],
      "history",
      // Neither --refresh nor --no-refresh: left to the handler, which asks by default.
      { unresolved: true, limit: 5, refresh: undefined, allServices: false },
    ],
    [["history", "--no-refresh"], "history", { unresolved: false, refresh: false, allServices: false }],
    [["report", "--refresh"], "report", { refresh: true }],
    [["trx", "list"], "trx list", { refresh: true }],
    [["trx", "list", "--no-refresh"], "trx list", { refresh: false }],
    // The program it describes is handed over with the shell: the handler importing the registry would make a loop.
    [["completion", "zsh"], "completion", { shell: "zsh", program: expect.objectContaining({ _name: "reseller" }) }],
  ])("%j -> %s", async (argv, command, options) => {
    const recorded = await parse(argv);
    expect(recorded.command).toBe(command);
    expect(recorded.options).toEqual(options);
  });

  it("buy collects every flag, repeated --opt included", async () => {
    const recorded = await parse([
      "buy",
      "--item",
      "23",
      "--qty",
      "500",
      "--target",
      "https://instagram.com/tokoku",
      "--opt",
      "a",
      "--opt",
      "b",
      "--comment",
      "mantap",
      "--ref-id",
      "R-1",
      "--wait",
      "--yes",
    ]);
    expect(recorded.options).toMatchObject({
      item: 23,
      qty: 500,
      target: "https://instagram.com/tokoku",
      opt: ["a", "b"],
      comment: "mantap",
      refId: "R-1",
      wait: true,
      yes: true,
    });
    expect((await parse(["buy", "--item", "12", "--qty", "1", "--note", "081234567890"])).options).toMatchObject({
      item: 12,
      qty: 1,
      note: "081234567890",
      opt: [],
      wait: false,
      yes: false,
      lock: undefined,
    });
    expect((await parse(["buy", "--lock", "LCK-1"])).options).toMatchObject({
      lock: "LCK-1",
      item: undefined,
      qty: undefined,
    });
  });

  it("accepts a ref_id of exactly 191 characters", async () => {
    expect((await parse(["buy", "--item", "12", "--qty", "1", "--ref-id", "r".repeat(191)])).options).toMatchObject({
      refId: "r".repeat(191),
    });
  });

  it.each<[string[], Record<string, unknown>]>([
    [["--json", "balance"], { json: true }],
    [["balance", "--json"], { json: true }],
    [["--profile", "shop2", "config", "list"], { profile: "shop2" }],
    [["config", "list", "--profile", "shop2"], { profile: "shop2" }],
    [
      ["balance", "--base-url", "https://api.example.com", "--timeout", "5"],
      { baseUrl: "https://api.example.com", timeout: "5" },
    ],
    [
      ["balance", "--no-color", "--no-input", "--verbose", "--insecure"],
      { color: false, input: false, verbose: true, insecure: true },
    ],
    [["balance"], { color: true, input: true }],
  ])("global flags anywhere: %j", async (argv, globals) => {
    expect((await parse(argv)).globals).toMatchObject(globals);
  });
});

describe("bad input is a usage error naming the rule", () => {
  it.each<[string[], RegExp]>([
    [["lock", "add", "--item", "3", "--qty", "1.5"], /--qty must be a positive whole number, not "1\.5"/],
    [["lock", "add", "--item", "3", "--qty", "two"], /--qty must be a positive whole number/],
    [["lock", "add", "--item", "3", "--qty", "0"], /--qty must be a positive whole number/],
    [["lock", "add", "--item", "-3", "--qty", "1"], /--item must be a positive whole number, not "-3"/],
    [["buy", "--item", "12", "--qty", "1e3"], /--qty must be a positive whole number/],
    [["item", "abc"], /item id must be a positive whole number/],
    [["item", "0"], /item id must be a positive whole number/],
    [
      ["lock", "add", "--item", "3", "--qty", "1", "--duration", "59"],
      /--duration must be whole seconds from 60 to 600, not "59"/,
    ],
    [
      ["lock", "add", "--item", "3", "--qty", "1", "--duration", "601"],
      /--duration must be whole seconds from 60 to 600, not "601"/,
    ],
    [["lock", "add", "--item", "3", "--qty", "1", "--duration", "90.5"], /--duration must be whole seconds/],
    [["topup", "--amount", "9999"], /--amount must be at least Rp 10\.000; Rp 9\.999 is less/],
    [["topup", "--amount", "9.999"], /--amount must be at least Rp 10\.000/],
    [["topup", "--amount", "lots"], /--amount "lots" is not an amount of Rupiah/],
    [["topup", "--amount", "1,5"], /--amount "1,5" is not an amount of Rupiah: it has a decimal part but no unit/],
    [
      ["buy", "--item", "29", "--nominal", "1.500rb", "--note", "081234567890"],
      /--nominal "1\.500rb" is not an amount of Rupiah: with "rb" it could mean Rp 1\.500\.000 or Rp 1\.500/,
    ],
    [
      ["trx", "list", "--status", "gagal"],
      /--status must be pending, paid, completed, failed or canceled, not "gagal"/,
    ],
    [["items", "--process", "vip"], /--process must be auto, h2h, smm or manual, not "vip"/],
    [
      ["buy", "--item", "12", "--qty", "1", "--ref-id", longRefId],
      /--ref-id must be at most 191 characters; this one has 192/,
    ],
    [["sandbox", "--item", "12", "--qty", "1", "--ref-id", longRefId], /at most 191 characters/],
    [
      ["buy", "--item", "12", "--qty", "1", "--ref-id", " padded"],
      /--ref-id must not be empty or start or end with spaces/,
    ],
    [["completion", "powershell"], /bash, zsh or fish/],
  ])("%j", async (argv, rule) => {
    // A flag's rule speaks for itself: its own UsageError, not commander's "argument … is invalid".
    const error = await parse(argv).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toMatch(rule);
  });

  it.each<[string[], string, RegExp]>([
    [["balance", "--bogus"], "commander.unknownOption", /unknown option '--bogus'/],
    [["balance", "--jsn"], "commander.unknownOption", /Did you mean --json\?/],
    [["balanse"], "commander.unknownCommand", /Did you mean balance\?/],
    [["item"], "commander.missingArgument", /missing required argument 'id'/],
    [["lock", "release"], "commander.missingArgument", /missing required argument 'token'/],
    [["config", "set", "timeout"], "commander.missingArgument", /missing required argument 'value'/],
    [
      ["lock", "add", "--item", "3"],
      "commander.missingMandatoryOptionValue",
      /required option '--qty <n>' not specified/,
    ],
    [["lock", "add", "--item"], "commander.optionMissingArgument", /option '--item <id>' argument missing/],
    [["item", "12", "13"], "commander.excessArguments", /too many arguments/],
  ])("%j is refused (%s)", async (argv, code, message) => {
    const error = await parseError(argv);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});

describe("main: usage errors become exit 2 with a hint, text or JSON", () => {
  const run = (argv: string[]) => runPiped(argv);

  it("names the rule and points at the command's help", async () => {
    const r = await run(["lock", "add", "--item", "3", "--qty", "1", "--duration", "59"]);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/--duration must be whole seconds from 60 to 600/);
    expect(r.stderr).toContain("See `reseller lock add --help`.");
  });

  it("an unknown flag says so and suggests the near one", async () => {
    const r = await run(["balance", "--jsn"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--jsn is not an option of `reseller balance`\./);
    expect(r.stderr).toMatch(/Did you mean --json\?/);
    expect(r.stderr).toContain("reseller balance --help");
  });

  it("with --json the usage error is JSON on stderr and stdout stays empty", async () => {
    const r = await run(["topup", "--amount", "9999", "--json"]);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe("");
    const doc = JSON.parse(r.stderr.trim());
    expect(doc.error.code).toBe("USAGE");
    expect(doc.error.message).toMatch(/at least Rp 10\.000/);
  });
});
