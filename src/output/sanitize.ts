/**
 * Text from the service goes to a terminal: an escape sequence in an item name or a licence could
 * rewrite the screen, set the window title or hide text. Control characters are shown, not obeyed.
 */

// C0 controls but tab and newline, DEL, and the C1 controls (including the 8-bit CSI).
const controlCharacters = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function neutralize(text: string, options: { keepNewlines?: boolean } = {}): string {
  let out = text.replace(controlCharacters, (c) => (c === "\r" ? "\\r" : `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`));
  if (!options.keepNewlines) out = out.replace(/\n/g, "\\n");
  // Bidirectional overrides can make text read differently from what it is.
  return out.replace(/[\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** A value for one tab-separated cell: no tabs or newlines that would break the row. */
export function plainCell(text: string): string {
  return neutralize(text).replace(/\t/g, " ");
}

/**
 * A JSON document for a terminal: C1 controls, bidirectional controls and invisible marks (zero-width,
 * direction, word joiner, BOM, line and paragraph separators) written as `\u` escapes. Outside strings
 * JSON holds none of them, and inside one the escape means the same character, so it stays valid JSON.
 */
export function jsonForTerminal(text: string): string {
  return text.replace(/[\u0080-\u009f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
