/**
 * The README's "Commands at a glance" names every command the program has, with its sub-commands,
 * and nothing the program does not have; its global flags are the program's.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Help } from "@commander-js/extra-typings";
import { describe, expect, it } from "vitest";
import { buildProgram } from "../../src/program.js";

const readme = readFileSync(join(import.meta.dirname, "../../README.md"), "utf8");
const program = buildProgram(async () => undefined);
const help = new Help();
const visible = (command: typeof program) => help.visibleCommands(command).map((c) => c as typeof program);

/** The first cell of each row of the table under "## Commands at a glance". */
function glanceRows(): string[] {
  const section = readme.slice(readme.indexOf("## Commands at a glance"));
  const table = section.slice(section.indexOf("| command |"), section.indexOf("\n\n", section.indexOf("| command |")));
  return table
    .split("\n")
    .slice(2)
    .map((row) => row.split(/(?<!\\)\|/)[1]!.trim());
}

/** `config list \| get` -> [config, list, get]; `item ID` -> [item]: the words a command is typed with. */
const commandWords = (cell: string) =>
  [...cell.matchAll(/`([^`]+)`/g)].flatMap((m) =>
    m[1]!
      .replace(/\\\|/g, "|")
      .split(/[\s|]+/)
      .filter((w) => /^[a-z]/.test(w)),
  );

describe("README.md's commands at a glance", () => {
  const rows = glanceRows();

  it("names every command of the program, and only those", () => {
    const named = new Set(rows.flatMap((cell) => [...cell.matchAll(/`([a-z-]+)/g)].map((m) => m[1]!)));
    const commands = visible(program).map((c) => c.name());
    expect([...named].sort()).toEqual([...commands].sort());
  });

  it("names each command's sub-commands in its row", () => {
    const missing = visible(program).flatMap((command) => {
      const row = rows.find((cell) => commandWords(cell).includes(command.name())) ?? "";
      return visible(command)
        .map((sub) => sub.name())
        .filter((sub) => !commandWords(row).includes(sub))
        .map((sub) => `${command.name()} ${sub}`);
    });
    expect(missing).toEqual([]);
  });

  it("lists every global flag", () => {
    const sentence = readme.slice(readme.indexOf("Global flags work anywhere"), readme.indexOf("Precedence is flag"));
    const flags = program.options.map((o) => o.long!).filter((long) => long !== "--version");
    expect(flags.filter((flag) => !sentence.includes(`\`${flag}`))).toEqual([]);
  });
});
