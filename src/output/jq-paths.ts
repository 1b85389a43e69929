/**
 * `--jq` without jq, for the plain paths shop bots ask for most (`.data.balance`, `.data[0].ref_id`,
 * `.h2h_results[].sn`, `.["k"]`, `|`, `,`, `?`): jq's first run costs a call 20–35 ms of its one
 * thread (`npm run bench:jq`), more than the rest of `balance` together.
 *
 * Only where the answer is certain to be jq's own: the expression parses whole within this small
 * grammar (anything else, also whitespace inside a path or a comment, is jq's to read), and every
 * value it would print is one whose jq text is known (strings, booleans, null, integers written as
 * such, objects whose keys keep their order in JavaScript). Anything else, and every error jq would
 * report, makes `evaluatePlainPath` answer undefined: the caller then runs real jq on the same
 * document. test/unit/jq-paths.property.test.ts compares both on random documents and expressions.
 */

/** A parsed plain path: a pipe of commas of paths. */
type Node =
  | { kind: "pipe"; left: Node; right: Node }
  | { kind: "comma"; left: Node; right: Node }
  | { kind: "identity" }
  /** `.k`, `.["k"]`, `.[n]` of each value `of` yields; with `?`, an index jq cannot take yields nothing (`of`'s own errors stay). */
  | { kind: "index"; of: Node; key: string | number; optional: boolean }
  /** `.[]` of each value `of` yields; with `?`, a value jq cannot iterate yields nothing. */
  | { kind: "iterate"; of: Node; optional: boolean };

// Words jq reads as keywords; `.if` may be a field to jq 1.8, but nothing is lost by leaving it to jq.
const keywords = new Set([
  "and",
  "or",
  "not",
  "if",
  "then",
  "elif",
  "else",
  "end",
  "as",
  "def",
  "reduce",
  "foreach",
  "try",
  "catch",
  "label",
  "import",
  "include",
  "__loc__",
]);

/** The expression as a plain path, or undefined when it is not one (jq then reads it, typos included). */
export function parsePlainPath(expression: string): Node | undefined {
  let at = 0;
  const spaces = () => {
    while (at < expression.length && " \t\n\r".includes(expression[at]!)) at++;
  };
  const identifier = (): string | undefined => {
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(expression.slice(at));
    if (!match || keywords.has(match[0])) return undefined;
    at += match[0].length;
    return match[0];
  };
  // `[` already read: `]`, an integer or a string without escapes, then `]`.
  const bracket = (): { key?: string | number; iterate?: true } | undefined => {
    if (expression[at] === "]") {
      at++;
      return { iterate: true };
    }
    const rest = expression.slice(at);
    const number = /^(?:0|-?[1-9][0-9]{0,8})\]/.exec(rest);
    if (number) {
      at += number[0].length;
      return { key: Number(number[0].slice(0, -1)) };
    }
    const string = /^"([^"\\\u0000-\u001f\u007f]*)"\]/.exec(rest);
    if (string) {
      at += string[0].length;
      return { key: string[1]! };
    }
    return undefined;
  };
  // One step after `of` (`.k`, `[…]`), with its `?`.
  const step = (of: Node, afterDot: boolean): Node | undefined => {
    let node: Node;
    if (afterDot) {
      const name = identifier();
      if (name === undefined) return undefined;
      node = { kind: "index", of, key: name, optional: false };
    } else {
      const inside = bracket();
      if (!inside) return undefined;
      node = inside.iterate
        ? { kind: "iterate", of, optional: false }
        : { kind: "index", of, key: inside.key!, optional: false };
    }
    if (expression[at] === "?") {
      at++;
      node.optional = true;
    }
    return node;
  };
  const path = (): Node | undefined => {
    if (expression[at] !== ".") return undefined;
    at++;
    // `..` is jq's recursion, not a path.
    if (expression[at] === ".") return undefined;
    let node: Node = { kind: "identity" };
    // The leading `.` stands alone (`.`) or begins the first step (`.k`); each later `.` begins one.
    let dotted = /[A-Za-z_]/.test(expression[at] ?? "");
    for (;;) {
      let next: Node | undefined;
      if (dotted) {
        next = step(node, true);
      } else if (expression[at] === "[") {
        at++;
        next = step(node, false);
      } else if (expression[at] === ".") {
        at++;
        dotted = true;
        continue;
      } else {
        return node;
      }
      if (!next) return undefined;
      node = next;
      dotted = false;
    }
  };
  const term = (): Node | undefined => {
    spaces();
    if (expression[at] === "(") {
      at++;
      const inner = pipe();
      if (!inner || expression[at] !== ")") return undefined;
      at++;
      spaces();
      return inner;
    }
    const node = path();
    spaces();
    return node;
  };
  const comma = (): Node | undefined => {
    let node = term();
    while (node && expression[at] === ",") {
      at++;
      const right = term();
      node = right && { kind: "comma", left: node, right };
    }
    return node;
  };
  const pipe = (): Node | undefined => {
    const left = comma();
    if (!left || expression[at] !== "|") return left;
    at++;
    const right = pipe();
    return right && { kind: "pipe", left, right };
  };
  const node = pipe();
  return node && at === expression.length ? node : undefined;
}

/** An error jq would raise: inside a `?` it ends what is tried; anywhere else, jq answers instead. */
class JqWouldFail extends Error {}
/** Something whose jq answer is not certain here: jq answers instead. */
class NotCertain extends Error {}

/** Keys JavaScript moves to the front of an object (array indices), where jq keeps their order. */
const indexLike = /^(?:0|[1-9][0-9]*)$/;

function* run(node: Node, input: unknown): Generator<unknown> {
  switch (node.kind) {
    case "identity":
      yield input;
      return;
    case "pipe":
      for (const value of run(node.left, input)) yield* run(node.right, value);
      return;
    case "comma":
      yield* run(node.left, input);
      yield* run(node.right, input);
      return;
    case "index":
      for (const value of run(node.of, input)) {
        let result: unknown;
        try {
          result = indexed(value, node.key);
        } catch (error) {
          if (node.optional && error instanceof JqWouldFail) continue;
          throw error;
        }
        yield result;
      }
      return;
    case "iterate":
      for (const value of run(node.of, input)) {
        if (Array.isArray(value)) yield* value;
        else if (value !== null && typeof value === "object") {
          const keys = Object.keys(value);
          if (keys.some((key) => indexLike.test(key))) throw new NotCertain();
          for (const key of keys) yield (value as Record<string, unknown>)[key];
        } else if (!node.optional) throw new JqWouldFail();
      }
      return;
  }
}

function indexed(value: unknown, key: string | number): unknown {
  if (value === null) return null;
  if (typeof key === "string") {
    if (typeof value !== "object" || Array.isArray(value)) throw new JqWouldFail();
    return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : null;
  }
  if (!Array.isArray(value)) throw new JqWouldFail();
  const at = key < 0 ? value.length + key : key;
  return at >= 0 && at < value.length ? value[at] : null;
}

/**
 * What jq would print for `path` on the document `json` (outputs each followed by a newline, strings
 * raw, other values compact or indented by two), or undefined when that is not certain here.
 */
export function evaluatePlainPath(path: Node, json: string, pretty: boolean): string | undefined {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch {
    return undefined; // several documents, or one jq reads more leniently
  }
  const literals = numberLiterals(json);
  if (!literals) return undefined;
  let text = "";
  try {
    for (const value of run(path, document)) {
      if (typeof value === "string" && isCertainString(value)) text += `${value}\n`;
      else text += `${printed(value, literals.doubtful, pretty, "")}\n`;
    }
  } catch (error) {
    if (error instanceof JqWouldFail || error instanceof NotCertain) return undefined;
    throw error;
  }
  return text;
}

/**
 * The values of the document's numbers that were not written as plain integers (`1.0`, `1e3`, `-0`,
 * beyond 2^53): jq 1.8 prints a number as it was written, JavaScript as it parsed it. Undefined
 * when the document holds a surrogate jq reads otherwise, or nests deeper than jq's parser is sure to take.
 */
function numberLiterals(json: string): { doubtful: Set<number> } | undefined {
  // A surrogate written as an escape (jq 1.8 refuses a lone one outright), or a lone one as it is
  // (jq reads it as U+FFFD, where two keys may become one): jq's to answer.
  if (/\\u[dD][89a-fA-F]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(json))
    return undefined;
  const doubtful = new Set<number>();
  const outsideStrings = json.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  for (const [literal] of outsideStrings.matchAll(/-?[0-9][0-9.eE+-]*/g)) {
    if (!/^-?(?:0|[1-9][0-9]{0,15})$/.test(literal) || literal === "-0" || !Number.isSafeInteger(Number(literal)))
      doubtful.add(Number(literal));
  }
  let depth = 0;
  for (let i = 0; i < outsideStrings.length; i++) {
    const c = outsideStrings.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > 200) return undefined;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return { doubtful };
}

/** Text jq prints as it is: no lone surrogate (jq would print U+FFFD), no NUL. */
function isCertainString(text: string): boolean {
  return !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|\u0000/.test(text);
}

function printed(value: unknown, doubtful: Set<number>, pretty: boolean, indent: string): string {
  if (value === null) return "null";
  if (value === true) return "true";
  if (value === false) return "false";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || Object.is(value, -0) || doubtful.has(value)) throw new NotCertain();
    return String(value);
  }
  if (typeof value === "string") {
    if (!isCertainString(value)) throw new NotCertain();
    return jqString(value);
  }
  const inner = `${indent}  `;
  const [open, close, sep] = pretty ? [`\n${inner}`, `\n${indent}`, `,\n${inner}`] : ["", "", ","];
  if (Array.isArray(value)) {
    if (value.length === 0) return "[]";
    return `[${open}${value.map((item) => printed(item, doubtful, pretty, inner)).join(sep)}${close}]`;
  }
  const keys = Object.keys(value as object);
  if (keys.length === 0) return "{}";
  const members = keys.map((key) => {
    if (indexLike.test(key) || !isCertainString(key)) throw new NotCertain();
    return `${jqString(key)}:${pretty ? " " : ""}${printed((value as Record<string, unknown>)[key], doubtful, pretty, inner)}`;
  });
  return `{${open}${members.join(sep)}${close}}`;
}

/** A string as jq writes it: `"` and `\` escaped, controls and DEL as jq escapes them, the rest as is. */
function jqString(text: string): string {
  return `"${text.replace(/["\\\u0000-\u001f\u007f]/g, (c) => {
    switch (c) {
      case '"':
        return '\\"';
      case "\\":
        return "\\\\";
      case "\b":
        return "\\b";
      case "\t":
        return "\\t";
      case "\n":
        return "\\n";
      case "\f":
        return "\\f";
      case "\r":
        return "\\r";
      default:
        return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
    }
  })}"`;
}
