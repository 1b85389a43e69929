/**
 * A part of a documentation page made from the code (the settings' table, the exit codes), kept
 * between `<!-- NAME: … -->` and `<!-- end of NAME -->`: a test compares it with what the code makes,
 * and `RESELLER_WRITE_DOCS=1` rewrites it, never silently.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { expect } from "vitest";

export function expectMadePart(page: string, name: string, made: string, testFile: string): void {
  const text = readFileSync(page, "utf8");
  const from = new RegExp(`<!-- ${name}:[^\\n]*-->\\n`).exec(text);
  const to = text.indexOf(`<!-- end of ${name} -->`);
  expect(from && to > from.index, `${page} keeps the ${name}'s markers`).toBe(true);
  const before = text.slice(0, from!.index + from![0].length);
  const written = text.slice(before.length, to);
  if (process.env.RESELLER_WRITE_DOCS === "1") writeFileSync(page, `${before}${made}\n${text.slice(to)}`);
  else expect(written, `run RESELLER_WRITE_DOCS=1 npx vitest run ${testFile}`).toBe(`${made}\n`);
}
