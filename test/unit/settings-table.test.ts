/**
 * The settings' table (src/config/definitions.ts) is the one definition: the global flags commander
 * parses, `config set`'s checks, `help environment` and docs/settings.md are all made from it, so a
 * setting added there appears everywhere, and nothing lists a setting the table does not have.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  type CheckedName,
  checkRule,
  definition,
  flagName,
  profileKeys,
  readSetting,
  type SettingName,
  settingNames,
} from "../../src/config/definitions.js";
import { settingKeys } from "../../src/commands/config/effective.js";
import { helpTopics } from "../../src/output/help-topics.js";
import { en } from "../../src/messages/en.js";
import { buildProgram } from "../../src/program.js";
import { makeConfigDir } from "../support/cli.js";
import { expectMadePart } from "../support/made-docs.js";
import { runPiped } from "../support/run-main.js";

let dir: string;
beforeEach(() => {
  dir = makeConfigDir();
});

const reseller = (argv: string[]) => runPiped(argv, { RESELLER_CONFIG_DIR: dir });

const stored = () => JSON.parse(readFileSync(join(dir, "config.json"), "utf8")).profiles.default;
const program = buildProgram(async () => undefined);
const named = (names: readonly SettingName[], has: (name: SettingName) => unknown) => names.filter(has);

describe("the table makes commander's global flags", () => {
  it("every flag of the table is a global flag, and every global flag is in the table", () => {
    const declared = program.options.map((o) => o.long).filter((long) => long !== "--version" && long !== "--help");
    const tabled = named(settingNames, (n) => definition(n).flag).map((n) => flagName(definition(n).flag!));
    expect(declared).toEqual(tabled);
  });

  it("a setting's flag is read by its check, the error naming the flag", async () => {
    const r = await reseller(["config", "path", "--timeout", "3601"]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain('--timeout must be whole seconds from 1 to 3600, not "3601"');
  });

  it("a command's flag that stands for a setting is checked by the setting's rule", async () => {
    const commandFlags = named(settingNames, (n) => definition(n).commandFlag).map((n) => [
      n,
      flagName(definition(n).commandFlag!),
    ]);
    expect(commandFlags.length).toBeGreaterThan(0);
    const all = (c: typeof program): (typeof program)[] => c.commands.flatMap((s) => [s, ...all(s)]);
    for (const [name, flag] of commandFlags) {
      const takers = all(program).filter((c) => c.options.some((o) => o.long === flag));
      expect(takers.length, `${flag} is on some command`).toBeGreaterThan(0);
      for (const command of takers) {
        const option = command.options.find((o) => o.long === flag)!;
        expect(option.description).toContain(`the profile's ${name}`);
        expect(() => option.parseArg?.("0", undefined)).toThrow(`${flag} must be a positive whole number`);
      }
    }
  });
});

describe("the table makes `config get/set`'s keys and checks", () => {
  it("the keys `config` knows are the table's settings kept in a profile", () => {
    expect(settingKeys).toEqual(named(settingNames, (n) => definition(n).inProfile));
  });

  it.each(profileKeys.filter((k) => definition(k).check?.type === "whole"))(
    "%s: the table's bounds are refused outside and kept inside",
    async (key) => {
      const check = definition(key).check;
      if (check?.type !== "whole") throw new Error("not a whole number");
      const below = await reseller(["config", "set", key, String(check.min - 1)]);
      expect(below.exitCode).toBe(2);
      expect(below.stderr).toContain(`${key} must be ${checkRule(check)}`);
      if (check.max !== undefined) {
        const above = await reseller(["config", "set", key, String(check.max + 1)]);
        expect(above.exitCode).toBe(2);
        expect(above.stderr).toContain(`${key} must be ${checkRule(check)}`);
      }
      const top = check.max ?? check.min + 1;
      expect((await reseller(["config", "set", key, String(top)])).exitCode).toBe(0);
      expect(stored()[key]).toBe(top);
    },
  );

  it.each(profileKeys.filter((k) => definition(k).check?.type === "secret"))(
    "%s is never taken from a command line",
    async (key) => {
      const r = await reseller(["config", "set", key, "rk_live_typed_here"]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain("cannot be set with `config set`");
    },
  );

  it("a setting's default passes its own check", () => {
    for (const name of settingNames) {
      const d = definition(name);
      if (!d.check || d.default === undefined) continue;
      expect(readSetting(name as CheckedName, String(d.default), name)).toBe(d.default);
    }
  });
});

describe("the table makes `help environment`", () => {
  const text = helpTopics.environment(en);

  it.each(settingNames)("%s is there with every way to give it", (name) => {
    const d = definition(name);
    for (const env of d.env ?? []) expect(text).toContain(env);
    if (d.flag) expect(text).toContain(flagName(d.flag));
    if (d.commandFlag) expect(text).toContain(flagName(d.commandFlag));
    if (d.inProfile) expect(text).toContain(`config ${name}`);
    expect(text.replace(/\n\s+/g, " ")).toContain(d.help);
  });

  it("fits 80 columns", () => {
    expect(text.split("\n").filter((line) => line.length > 80)).toEqual([]);
  });
});

/** docs/settings.md's table of settings, as the table makes it. */
function settingsTable(): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const code = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(", ");
  const rows = settingNames.map((name) => {
    const d = definition(name);
    return `| ${[
      `\`${name}\``,
      d.flag ? code([d.flag]) : d.commandFlag ? `${code([d.commandFlag])} (some commands)` : "",
      code(d.env ?? []),
      d.inProfile ? code([name]) : "",
      d.default === undefined ? "" : typeof d.default === "number" ? `\`${d.default}\`` : cell(d.default),
      d.check ? cell(checkRule(d.check)) : "",
      cell(d.help),
    ].join(" | ")} |`;
  });
  return [
    "| setting | flag | environment | config key | default | rule | what it does |",
    "|---|---|---|---|---|---|---|",
    ...rows,
  ].join("\n");
}

describe("docs/settings.md", () => {
  it("holds the table as the definitions make it, so it cannot drift", () => {
    expectMadePart(
      join(import.meta.dirname, "../../docs/settings.md"),
      "settings table",
      settingsTable(),
      "test/unit/settings-table.test.ts",
    );
  });
});
