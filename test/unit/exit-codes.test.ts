/**
 * The exit codes and the verdicts' codes are one table (ExitCode in src/errors.ts, with each meaning
 * in the catalogues, and verdictExitCode): `help exit-codes` in both languages is made from it, the
 * README and docs/commands.md hold it as made, and no page names a code the table does not have or
 * gives a verdict another code.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ExitCode } from "../../src/errors.js";
import { english } from "../../src/messages/en.js";
import { id } from "../../src/messages/id.js";
import { verdictExitCode, verdicts } from "../../src/domain/verdict.js";
import { verdictsByExitCode } from "../../src/output/help-topics.js";
import { expectMadePart } from "../support/made-docs.js";
import { runPiped } from "../support/run-main.js";

const root = join(import.meta.dirname, "../..");
const codeNames = Object.keys(ExitCode) as (keyof typeof ExitCode)[];
const words = english().helpTopics.exitCodes;

/** The block README.md and docs/commands.md hold: every code, then the verdicts by code. */
function exitCodesBlock(): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|");
  const codes = codeNames.map((name) => `| ${ExitCode[name]} | ${cell(words.meanings[name])} |`);
  const byCode = verdictsByExitCode();
  const verdictRows = [...byCode].map(([code, list]) => {
    const note = code === ExitCode.unreachable ? ` (${words.notSentByCheck})` : "";
    return `| ${list.map((v) => `\`${v}\``).join(", ")} | ${code}${note} |`;
  });
  return [
    "| code | meaning |",
    "|---|---|",
    ...codes,
    "",
    words.verdicts,
    "",
    "| verdict | exit code |",
    "|---|---|",
    ...verdictRows,
    "",
    words.bulk,
  ].join("\n");
}

describe("the exit codes' table", () => {
  it("has a meaning for every code in each language, and none for a code it does not have", () => {
    for (const catalogue of [english(), id])
      expect(Object.keys(catalogue.helpTopics.exitCodes.meanings).sort()).toEqual([...codeNames].sort());
  });

  it.each([
    ["en", {}],
    ["id", { RESELLER_LANG: "id" }],
  ] as const)("`help exit-codes` (%s) gives every code and puts every verdict beside its code", async (_, env) => {
    const r = await runPiped(["help", "exit-codes"], env);
    expect(r.exitCode).toBe(0);
    for (const code of Object.values(ExitCode)) expect(r.stdout).toMatch(new RegExp(`^ {2}${code} +\\S`, "m"));
    for (const verdict of verdicts) {
      const line = r.stdout.split("\n").find((l) => new RegExp(`^ {2}(\\S+, )*${verdict}(,|\\s)`).test(l));
      expect(line, verdict).toMatch(new RegExp(` ${verdictExitCode(verdict)}( |$)`));
    }
  });

  it.each(["README.md", "docs/commands.md"])("%s holds the table as the code makes it", (page) => {
    expectMadePart(join(root, page), "exit codes", exitCodesBlock(), "test/unit/exit-codes.test.ts");
  });

  it("docs/money-safety.md's verdicts end with the codes the code gives them", () => {
    const text = readFileSync(join(root, "docs/money-safety.md"), "utf8");
    for (const verdict of verdicts) {
      const row = text.split("\n").find((line) => line.startsWith(`| \`${verdict}\` |`));
      expect(row, verdict).toBeDefined();
      expect(row!.split("|").at(-2)!.trim().split(" ")[0], verdict).toBe(String(verdictExitCode(verdict)));
    }
  });

  it("no page names an exit code the table does not have", () => {
    const pages = [
      "README.md",
      ...readdirSync(join(root, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`),
    ];
    const known = new Set(Object.values(ExitCode).map(String));
    const unknown = pages.flatMap((page) =>
      [...readFileSync(join(root, page), "utf8").matchAll(/\bexit(?:s| code)? (\d+)\b/gi)]
        .filter((m) => !known.has(m[1]!))
        .map((m) => `${page}: ${m[0]}`),
    );
    expect(unknown).toEqual([]);
  });
});
