/**
 * The commands that move no money, where a --jq expression is checked while the request travels
 * (docs/commands.md names them for readers): the docs' list is the declarations' own.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commands } from "../../src/program.js";
import type { CommandDeclaration } from "../../src/registry/declaration.js";

function movingNoMoney(declarations: readonly CommandDeclaration[], parent = ""): string[] {
  return declarations.flatMap((d) => {
    const name = `${parent}${d.name}`;
    return [...(d.movesNoMoney ? [name] : []), ...movingNoMoney(d.commands ?? [], `${name} `)];
  });
}

describe("the commands that move no money", () => {
  it("are the ones docs/commands.md names as checking --jq beside the request", () => {
    const docs = readFileSync(join(import.meta.dirname, "../../docs/commands.md"), "utf8");
    const listed = /A command that only reads \(([^)]*)\)/.exec(docs)?.[1];
    expect(listed, "docs/commands.md's list of reads").toBeDefined();
    const named = [...(listed ?? "").matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual(movingNoMoney(commands).sort());
  });
});
