/**
 * An answer's body as received, kept twice: the text, byte for byte, for `--json`; and the parsed
 * value for decoding, with anything nested deeper than any real answer cut off. JSON.parse itself
 * copes with any depth, but every recursive walk after it (JSON.stringify, sanitising, rendering)
 * would overflow the stack on a hostile answer; the text still carries the whole of it.
 */
import type { Messages } from "../messages/messages.js";

/** No documented answer nests past 6 levels; 64 leaves room for anything a real service adds. */
export const maxAnswerDepth = 64;

export class AnswerBody {
  constructor(
    /** The body exactly as the service sent it. */
    readonly text: string,
    /** The parsed body, cut off below maxAnswerDepth. */
    readonly value: unknown,
    /** Whether anything was cut off (then only `text` is the whole answer). */
    readonly cut: boolean,
  ) {}

  /** Embedded in another JSON document (a bulk result line), the body is its value. */
  toJSON(): unknown {
    return this.value;
  }
}

/** `say` words the mark left where something was cut off. */
export function parseAnswer(text: string, say: Messages): AnswerBody | undefined {
  if (!text.trim()) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const cut = depthOf(value) > maxAnswerDepth;
  return new AnswerBody(text, cut ? cutBelow(value, maxAnswerDepth, say.service.nestedTooDeep) : value, cut);
}

/** The parsed value of a body, whether it came as an AnswerBody or as a plain value (built locally). */
export function answerValue(body: unknown): unknown {
  return body instanceof AnswerBody ? body.value : body;
}

/** How deep a parsed value nests, walked without recursion. */
export function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    if (typeof node !== "object" || node === null) continue;
    if (depth > deepest) deepest = depth;
    if (deepest > maxAnswerDepth) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** A copy whose objects below `limit` levels are replaced by a marker, built without recursion. */
function cutBelow(value: unknown, limit: number, mark: string): unknown {
  const copyOf = (node: unknown): unknown =>
    Array.isArray(node) ? [] : typeof node === "object" && node !== null ? {} : node;
  const root = copyOf(value);
  const stack: [unknown, Record<string, unknown>, number][] =
    typeof value === "object" && value !== null ? [[value, root as Record<string, unknown>, 1]] : [];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [source, target, depth] = next;
    for (const [key, child] of Object.entries(source as object)) {
      if (typeof child !== "object" || child === null) {
        target[key] = child;
      } else if (depth >= limit) {
        target[key] = mark;
      } else {
        const copy = copyOf(child) as Record<string, unknown>;
        target[key] = copy;
        stack.push([child, copy, depth + 1]);
      }
    }
  }
  return root;
}
