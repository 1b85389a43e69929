/**
 * People's messages on stderr (warnings, errors, hints, summaries) as a terminal shows them: wrapped
 * between words to its width. Kept apart from the table layout so the error printer loads nothing
 * more for it.
 */

/** Columns a message's text takes: colour codes none, every other character one. */
function columnsOf(text: string): number {
  return [...text.replace(/\u001b\[[0-9;]*m/g, "")].length;
}

/**
 * A space no line is broken at: words joined by it read as one (a status and its gloss, `paid
 * (delivered)`: `paid` at a line's end and `(delivered)` on the next glossed nothing). Shown as a space.
 */
export const unbroken = "\u00a0";

/** `text` kept whole: a line wrapped between words never parts it (`--page 3`, `(BALANCE_IS_INSUFFICIENT, HTTP 400)`). */
export function keptWhole(text: string): string {
  return text.replaceAll(" ", unbroken);
}

/**
 * The units a line may break between: words, except that an amount stays with its `Rp` (`Rp 75.500`,
 * `-Rp 2.625`), a count with its `×` and the word after it (`1 × Mobile`) and a span of time with its
 * unit (`48 h`, `48 jam`): `dana Rp` at a line's end and `2.625 dikembalikan` on the next read as two sums.
 */
export function wordsOf(line: string): string[] {
  return (
    line
      .replace(/\b(Rp) (?=[-+]?\d)/g, "$1\u00a0")
      .replace(/\b(\d+) \u00d7 (?=\S)/g, "$1\u00a0\u00d7\u00a0")
      // A span of time with its unit: `48` at a line's end and `h:` on the next read as a count and a letter.
      .replace(/\b(\d+) (h|min|jam|menit|hari|hours?|minutes?|days?)\b/g, "$1\u00a0$2")
      // A time is read as one: `28 Nov 2026` at a line's end and `20.40 WIB` on the next are two.
      .replace(
        /\b(\d{1,2}) (\p{L}{3,4}) (\d{4}) (\d\d[.:]\d\d(?:[.:]\d\d)?) (WIB|WITA|WIT|UTC\S*)/gu,
        "$1\u00a0$2\u00a0$3\u00a0$4\u00a0$5",
      )
      .split(" ")
      .map((word) => word.replace(/\u00a0/g, " "))
  );
}

/**
 * A line broken between words (see wordsOf) into lines at most `room` columns wide, the first
 * `firstRoom`. A word is never split: one longer than a line stands whole on a line of its own (a
 * terminal folds it, and copies it as one).
 */
export function breakLine(
  line: string,
  room: number,
  firstRoom = room,
  measure: (text: string) => number = columnsOf,
): string[] {
  const out: string[] = [];
  let limit = firstRoom;
  let current = "";
  for (const word of wordsOf(line)) {
    if (current !== "" && measure(`${current} ${word}`) > limit) {
      out.push(current);
      current = word;
      limit = room;
    } else current = current === "" ? word : `${current} ${word}`;
  }
  out.push(current);
  return out;
}

/**
 * A message wrapped to `width` columns between words (see breakLine), the first line after a prefix
 * `firstLineTaken` wide (`! `, `Error: `), the next ones indented by `indent` spaces. Lines in the
 * message are kept.
 */
export function wrapMessage(text: string, width: number | undefined, firstLineTaken = 0, indent = 0): string {
  // Not wrapped, words kept together are parted by an ordinary space all the same.
  if (width === undefined) return text.replaceAll(unbroken, " ");
  const pad = " ".repeat(indent);
  return text
    .split("\n")
    .flatMap((paragraph, p) => breakLine(paragraph, width - indent, width - (p === 0 ? firstLineTaken : indent)))
    .map((line, i) => (i === 0 ? line : `${pad}${line}`))
    .join("\n");
}

/**
 * Text laid out in lines of its own (help) fitted to `width`: a longer line breaks between words
 * and goes on under where its text starts: a described term's words under the description, anything
 * else under its own indent. An example (`$ reseller …`) is a command to copy: it stays whole on its
 * line, for the terminal to fold and copy as one. Lines that fit are left as they are.
 */
export function wrapLines(text: string, width: number): string {
  return text
    .split("\n")
    .flatMap((line) => {
      if (columnsOf(line) <= width || /^\s*\$ /.test(line)) return [line];
      // The pattern matches any line, if only its empty start.
      const hang = /^(\s*\S+(?: \S+)*\s{2,}|\s*)/.exec(line)?.[0].length ?? 0;
      const pad = " ".repeat(hang);
      return breakLine(line.slice(hang), width - hang).map((part, i) => (i === 0 ? line.slice(0, hang) : pad) + part);
    })
    .join("\n");
}

/**
 * Text whose words may be longer than `width` (a JSON note has no spaces until a comment's words):
 * each such word parted after its commas into lines at most `width` wide, `{"target":"…",` /
 * `"opt_smm":[…]`, rather than folded by the terminal mid-word (`opt_sm` / `m`). A part still too
 * wide (a link) stands whole. The lines are joined by newlines, for wrapMessage to keep.
 */
export function partLongWords(text: string, width: number): string {
  return text
    .split(" ")
    .map((word) => {
      if (columnsOf(word) <= width) return word;
      const lines: string[] = [];
      let line = "";
      for (const part of word.split(/(?<=,)/)) {
        if (line && columnsOf(line + part) > width) {
          lines.push(line);
          line = part;
        } else line += part;
      }
      lines.push(line);
      return lines.join("\n");
    })
    .join(" ");
}

/**
 * A value copied whole (a licence, a serial with its words) that is wider than `width`: parted
 * between its ` | ` fields first (`Email: … |` / `Password: …`), and a field still too wide between
 * its words; a word, a password or a link, never.
 */
export function breakCopied(text: string, width: number, measure: (text: string) => number = columnsOf): string[] {
  if (measure(text) <= width) return [text];
  const lines: string[] = [];
  let line = "";
  for (const field of text.split(" | ")) {
    if (line && measure(`${line} | ${field}`) > width) {
      lines.push(`${line} |`);
      line = field;
    } else line = line ? `${line} | ${field}` : field;
  }
  lines.push(line);
  return lines.flatMap((part) => (measure(part) <= width ? [part] : breakLine(part, width, width, measure)));
}
