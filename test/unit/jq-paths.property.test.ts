/**
 * `--jq`'s plain paths answered without jq's engine (src/output/jq-paths.ts) against real jq (jq-wasm),
 * on random documents and random expressions in and around the plain grammar: numbers written every
 * way (`1.0`, `-0`, `1e2`, beyond 2^53), keys JavaScript reorders (`"1"`), lone surrogates, controls,
 * DEL, NUL, `__proto__`, duplicate keys, deep nesting; expressions with `?`, `[]`, negative indices,
 * keywords, `..`, stray spaces. Whatever is generated: an expression read as a plain path is one jq
 * compiles, and what --jq prints (raw, compact and indented, errors and exit codes included) is
 * exactly what jq alone prints, whether the plain path answered or handed over to jq.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/errors.js";
import { compileJqFilter, compileWithJq, type JqFiltered } from "../../src/output/jq.js";
import { evaluatePlainPath, parsePlainPath } from "../../src/output/jq-paths.js";

const keys = [
  "a",
  "b",
  "data",
  "balance",
  "sn",
  "_x",
  "k9",
  "0",
  "1",
  "10",
  "01",
  "-1",
  "a b",
  "k-1",
  "é",
  "日本",
  "\u007f",
  "\n",
  "\t",
  '"',
  "\\",
  "",
  "__proto__",
  "constructor",
  "\ud800",
  "x\u0000y",
  "if",
  "and",
  "end",
];
const numberLiterals = [
  "0",
  "-0",
  "7",
  "-12",
  "1.0",
  "1e2",
  "1E2",
  "0.5",
  "-3.25",
  "12345678901234567890",
  "9007199254740993",
  "9007199254740991",
  "-9007199254740991",
  "1.5e300",
  "100",
];

const text = fc.oneof(
  fc.constantFrom(...keys),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.string({ unit: "binary-ascii", maxLength: 6 }),
);
const jsonString = text.map((s) => JSON.stringify(s));
const space = fc.constantFrom("", "", " ", "\n  ");

/** A document as text, so that numbers can be written as jq would keep them. */
const documents = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom("null", "true", "false"),
    fc.oneof(
      fc.constantFrom(...numberLiterals),
      fc.integer().map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
    ),
    jsonString,
    fc.tuple(fc.array(tie("value"), { maxLength: 4 }), space).map(([items, s]) => `[${s}${items.join(`,${s}`)}${s}]`),
    fc
      .tuple(fc.array(fc.tuple(jsonString, tie("value")), { maxLength: 4 }), space)
      .map(([members, s]) => `{${s}${members.map(([k, v]) => `${k}:${s}${v}`).join(`,${s}`)}${s}}`),
  ),
})).value;

/** JQ_PATHS_RUNS=5000 for a longer search. */
const runs = Number(process.env.JQ_PATHS_RUNS ?? 300);

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;
const optional = fc.constantFrom("", "", "?");
/** A step after a path: `.k`, `["k"]`, `[n]`, `[]`, or something near them that is not a plain path. */
const step = fc.oneof(
  fc
    .tuple(fc.constantFrom(...keys.filter((k) => identifier.test(k)), "x1", "data", "balance"), optional)
    .map(([k, o]) => `.${k}${o}`),
  fc
    .tuple(fc.constantFrom(...keys.filter((k) => !/["\\\u0000-\u001f]/.test(k))), optional)
    .map(([k, o]) => `[${JSON.stringify(k)}]${o}`),
  fc.tuple(fc.constantFrom(0, 1, 2, -1, -2, -5, 5, 123456789), optional).map(([n, o]) => `[${n}]${o}`),
  optional.map((o) => `[]${o}`),
  // Near misses: each must be left to jq, or be read exactly as jq reads it.
  fc.constantFrom(
    ".[1.5]",
    ".[1:2]",
    " .a",
    "[ 0 ]",
    ".[0]",
    "..",
    '."a"',
    ".[-0]",
    "[01]",
    '["a\\nb"]',
    "?",
    ".a #c",
    '["\\(1)"]',
  ),
);
const path = fc
  .tuple(fc.array(step, { minLength: 0, maxLength: 4 }))
  .map(([steps]) => `.${steps.map((s, i) => (i === 0 && s.startsWith(".") ? s.slice(1) : s)).join("")}`);
const expressions = fc.letrec<{ pipe: string; term: string }>((tie) => ({
  term: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    path,
    path,
    tie("pipe").map((p) => `(${p})`),
    tie("pipe").map((p) => `( ${p} )`),
  ),
  pipe: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("term"),
    fc
      .tuple(tie("term"), fc.constantFrom(",", " , ", "|", " | ", "||", ", "), tie("pipe"))
      .map(([a, op, b]) => `${a}${op}${b}`),
  ),
})).pipe;

async function compiledByJq(expression: string) {
  try {
    return await compileWithJq(expression);
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}

/** What --jq prints, as one comparable record. */
const shown = (filtered: JqFiltered) => ({
  text: filtered.text,
  error: filtered.error && { message: filtered.error.message, exitCode: filtered.error.exitCode },
});

describe("plain paths answered without jq's engine", () => {
  it("print exactly what jq prints, or hand over to jq", async () => {
    let answered = 0;
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(documents, expressions, async (document, expression) => {
        const plain = parsePlainPath(expression);
        const jq = await compiledByJq(expression);
        // A typo is still exit 2 before anything is sent: whatever jq cannot compile is never a plain path.
        if (plain) expect(jq, `jq compiles ${expression}`).toBeDefined();
        if (!jq) return;
        const filter = await compileJqFilter(expression);
        for (const pretty of [false, true]) {
          compared++;
          const real = jq(document, pretty);
          expect(shown(await filter(document, pretty)), `${expression} on ${document}`).toEqual(shown(real));
          const own = plain && evaluatePlainPath(plain, document, pretty);
          if (own !== undefined) {
            answered++;
            expect(real.error, `${expression} on ${document}`).toBeUndefined();
            expect(own).toBe(real.text);
          }
        }
      }),
      { numRuns: runs },
    );
    // The comparison means something only if the plain path answered a good share itself (about a
    // fifth to a third of the random cases; a tenth leaves room for an unlucky draw, not for a broken path).
    expect(answered / compared).toBeGreaterThan(0.1);
  }, 600_000);

  it("the paths shop bots use are plain paths, answered without the engine", () => {
    const answer = '{"data":{"balance":1500000,"items":[{"sn":"SN-1"},{"sn":"SN-2"}],"fee":0.5}}';
    const cases: [string, string][] = [
      [".data.balance", "1500000\n"],
      ['.["data"]["balance"]', "1500000\n"],
      [".data.items[].sn", "SN-1\nSN-2\n"],
      [".data.items[-1]", '{"sn":"SN-2"}\n'],
      [".data.balance, .data.items[0].sn", "1500000\nSN-1\n"],
      [".data | .missing", "null\n"],
      [".data.balance.x?", ""],
    ];
    for (const [expression, printed] of cases) {
      const plain = parsePlainPath(expression);
      expect(plain, expression).toBeDefined();
      expect(evaluatePlainPath(plain!, answer, false), expression).toBe(printed);
    }
    // A fraction is printed by jq as it was written: left to jq.
    expect(evaluatePlainPath(parsePlainPath(".data.fee")!, answer, false)).toBeUndefined();
    // An error is jq's to word.
    expect(evaluatePlainPath(parsePlainPath(".data.balance.x")!, answer, false)).toBeUndefined();
    for (const notPlain of [".data |||", "..", ".a | length", ".a // 1", "select(.a)", ".a .b", ".[1.5]", ".if", ""])
      expect(parsePlainPath(notPlain), notPlain).toBeUndefined();
  });
});
