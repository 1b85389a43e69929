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
 * A message wrapped to `width` columns between words, the first line after a prefix `firstLineTaken`
 * wide (`! `, `Error: `), the next ones indented by `indent` spaces. A word (an id, a ref_id, an
 * invoice, a link) is never split, and an amount never leaves its `Rp` (`Rp 75.500` stays on one
 * line); a word longer than a line stands whole on a line of its own. Lines in the message are kept.
 */
export function wrapMessage(text: string, width: number | undefined, firstLineTaken = 0, indent = 0): string {
  if (width === undefined) return text;
  const out: string[] = [];
  text.split("\n").forEach((paragraph, p) => {
    // A no-break space holds an amount to its `Rp` while the lines are made.
    const words = paragraph.replace(/\b(Rp) (?=[-+]?\d)/g, "$1\u00a0").split(" ");
    let room = width - (p === 0 ? firstLineTaken : indent);
    let line = "";
    for (const word of words) {
      if (line !== "" && columnsOf(`${line} ${word}`) > room) {
        out.push(line);
        line = word;
        room = width - indent;
      } else line = line === "" ? word : `${line} ${word}`;
    }
    out.push(line);
  });
  const pad = " ".repeat(indent);
  return out.map((line, i) => (i === 0 ? line : `${pad}${line}`).replace(/\u00a0/g, " ")).join("\n");
}
