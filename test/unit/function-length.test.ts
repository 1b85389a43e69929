/**
 * No function in src/ is longer than 150 lines: a longer one is steps that deserve names. Counted
 * with the compiler's own parse, from a function's first line to its last, its doc comment left out;
 * functions, methods, constructors, accessors and arrows alike, however deeply nested. Two things are
 * not steps and are left out: an arrow that is only an object literal (the English catalogue, a table
 * of words whose own functions are checked), and src/emulator, the stand-in for the service, which
 * docs/structure.md leaves out of the house rules (its seeded catalogue is a list of thirty items).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const src = resolve(import.meta.dirname, "../../src");
const limit = 150;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return path === join(src, "emulator") ? [] : sourceFiles(path);
    return /\.ts$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Each function-like node of the file over `limit` lines, as `file:line name (n lines)`. */
function longFunctions(file: string, text: string, most = limit): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const table = ts.isArrowFunction(node) && ts.isObjectLiteralExpression(skipParentheses(node.body));
    if (ts.isFunctionLike(node) && "body" in node && node.body && !table) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > most) {
        const name = node.name && ts.isIdentifier(node.name) ? node.name.text : "(anonymous)";
        found.push(`${relative(src, file)}:${first + 1} ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function skipParentheses(node: ts.Node): ts.Node {
  return ts.isParenthesizedExpression(node) ? skipParentheses(node.expression) : node;
}

describe("the length of functions", () => {
  it(`finds a function, a method and an arrow over the limit, and lets one at it pass`, () => {
    const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const a${i} = ${i};`).join("\n");
    const text = [
      `function atLimit() {\n${body(limit)}\n}`,
      `function over() {\n${body(limit + 1)}\n}`,
      `class Shop { sell() {\n${body(limit + 1)}\n} }`,
      `const pack = () => {\n${body(limit + 1)}\n};`,
      `const words = () => ({\n${body(limit + 1)
        .replaceAll("const ", "")
        .replaceAll(" =", ":")
        .replaceAll(";", ",")}\n});`,
    ].join("\n");
    const found = longFunctions(join(src, "example.ts"), text);
    expect(found.map((f) => f.split(" ")[1])).toEqual(["over", "sell", "(anonymous)"]);
  });

  it(`is at most ${limit} lines for every function in src/`, () => {
    const long = sourceFiles(src).flatMap((file) => longFunctions(file, readFileSync(file, "utf8")));
    expect(long).toEqual([]);
  });
});
