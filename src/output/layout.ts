/**
 * How a list gives way on a narrow terminal. Every column says what it may lose, where the column is
 * declared (like gh's tableprinter), and this one module decides: first short headers, empty columns
 * and relative-time hints go, then low-value columns (category, SKU) in their declared order, then
 * times lose their seconds, then (in a column whose header names the zone) the day and year that
 * today and this year leave implied, then names are cut in the middle (`Pulsa Telk…10.000`) and free
 * text at the end. Money, counts, times to the minute, statuses, ids and customer data are never cut: at
 * worst wrapped between words, never inside one.
 */
import { breakLine, wordsOf } from "./message.js";
import { present } from "../errors.js";
import { requirePackage } from "../packages.js";

export interface Column {
  header: string;
  /** A shorter header for when space is short (`Start` for `Start count`); headers are never cut. */
  short?: string;
  /**
   * What the column's cells may lose when the table is too wide:
   * - `keep` (the default): nothing (money, counts, times, statuses, ids, customer data); as a last
   *   resort wrapped between words, so `Rp 1.000.000.000` may stand on two lines but never `Rp 1.00…`.
   * - `middle`: cut in the middle, so both ends still read (`Pulsa Telk…10.000`): names.
   * - `end`: cut at the end with `…`: free text (a description, a provider's message).
   * - `wrap`: wrapped between words inside the cell, never a word split (a transaction's few rows).
   */
  fit?: "keep" | "middle" | "end" | "wrap";
  /** Dropped whole when space is short, the lowest number first: columns of low value (SKU, category). */
  drop?: number;
  /** The narrowest a `middle` or `end` column is cut to (default 8). */
  min?: number;
}

/** A cell as laid out: its text on one line, and shorter forms it may take (a time without its hint, then without seconds). */
export interface LaidCell {
  text: string;
  shorter?: string[];
}

export interface TablePlan {
  /** Boxed (`│ a │ b │`), or gh's borderless rows (`a  b`) where borders would cost what is shown. */
  borders: boolean;
  /** Which columns are shown, in order (indices into the declared columns). */
  shown: number[];
  headers: string[];
  /** Content width of each shown column (without padding and borders). */
  widths: number[];
  /** Which form of each cell: 0 the full text, n its n-th shorter form. */
  level: number;
}

/** Columns a text takes on a terminal: colour codes take none, wide characters two (cli-table3's own measure). */
export function textWidth(text: string): number {
  return tableUtils().strlen(text);
}

export function formOf(cell: LaidCell | undefined, level: number): string {
  if (!cell) return "";
  if (level === 0 || !cell.shorter?.length) return cell.text;
  return present(cell.shorter[Math.min(level, cell.shorter.length) - 1], "a shorter form");
}

/** Letters of a name's start left before the `…` of a middle cut, so that it still reads. */
const middleLead = 5;
const lastWordWidth = (text: string) => textWidth(text.slice(text.lastIndexOf(" ") + 1));
const blank = (cell: LaidCell | undefined) => !cell || cell.text === "" || cell.text === "-";
const longestWord = (text: string) => Math.max(0, ...wordsOf(text).map(textWidth));

/** The most lines a wrapped cell may take: past that a column reads a word a line (`1 × / Mobile / Legends`). */
const wrappedLines = 3;

/**
 * The narrowest a wrapped cell still reads at: its longest word whole, and the whole of it on at most
 * `wrappedLines` lines. A table that cannot give a wrapped column that much gives up a column or
 * stacks its rows instead.
 */
function readableWidth(text: string): number {
  // Lines of `width` hold no more than that many columns each: no narrower width can do.
  let width = Math.max(longestWord(text), Math.ceil(textWidth(text) / wrappedLines));
  while (wrapText(text, width).length > wrappedLines) width += 1;
  return width;
}

/**
 * What a table spends beside its text. Boxed: a border between columns and at each end, a space
 * either side of each column; borderless: two spaces between columns.
 */
export const layoutCost = (columns: number, borders: boolean) =>
  columns === 0 ? 0 : borders ? 3 * columns + 1 : 2 * (columns - 1);

/**
 * Widths for a bordered table at most `width` columns wide, giving way step by step (see the top of
 * this file); undefined when even the last step cannot fit. `floor` raises the narrowest cut (a table
 * with copied values beside it must still read).
 */
export function planTable(
  columns: Column[],
  rows: LaidCell[][],
  width: number,
  options: { floor?: number; borders?: boolean } = {},
): TablePlan | undefined {
  const floor = options.floor ?? 0;
  const borders = options.borders !== false;
  const boxCost = (count: number) => layoutCost(count, borders);
  const all = columns.map((_, i) => i);
  const maxLevel = Math.max(0, ...rows.flatMap((row) => row.map((cell) => cell?.shorter?.length ?? 0)));
  let shown = all;
  let short = false;
  let level = 0;
  const column = (i: number) => present(columns[i], "a column");
  const headerOf = (i: number) => (short ? (column(i).short ?? column(i).header) : column(i).header);
  const natural = (i: number) =>
    Math.max(textWidth(headerOf(i)), ...rows.map((row) => textWidth(formOf(row[i], level))));
  const plan = (widths: number[]): TablePlan => ({ borders, shown, headers: shown.map(headerOf), widths, level });
  const naturalFits = () => shown.map(natural).reduce((sum, w) => sum + w, 0) + boxCost(shown.length) <= width;

  const dropOrder = columns
    .flatMap((c, i) => (c.drop === undefined ? [] : [{ i, drop: c.drop }]))
    .sort((a, b) => a.drop - b.drop)
    .map(({ i }) => i);
  const steps: (() => void)[] = [
    () => undefined,
    () => (short = true),
    // A column with nothing in it (Detail when every row has none) says nothing.
    () => (shown = shown.filter((i) => !rows.every((row) => blank(row[i])) || rows.length === 0)),
    () => (level = Math.min(1, maxLevel)),
    ...dropOrder.map((i) => () => (shown = shown.filter((s) => s !== i))),
    // Then each shorter form in turn: a time to the minute before a compact one (`20.40`).
    ...Array.from({ length: Math.max(0, maxLevel - 1) }, (_, k) => () => (level = k + 2)),
  ];
  for (const step of steps) {
    step();
    if (naturalFits()) return plan(shown.map(natural));
  }
  // Cutting: names in the middle, free text at the end, wrapped text between words; the rest keeps
  // its width. When that is not enough, undefined: the caller tries borderless rows, then records.
  const sized = shown.map((i) => ({ i, natural: natural(i) }));
  const minimum = ({ i, natural }: { i: number; natural: number }): number => {
    const fit = column(i).fit ?? "keep";
    const header = textWidth(headerOf(i));
    if (fit === "keep") return natural;
    if (fit === "wrap")
      return Math.min(natural, Math.max(header, floor, ...rows.map((row) => readableWidth(formOf(row[i], level)))));
    // A name cut in the middle keeps its last word (the nominal, the duration) whole behind a few letters.
    const ends = fit === "middle" ? rows.map((row) => lastWordWidth(formOf(row[i], level)) + middleLead + 1) : [];
    return Math.min(natural, Math.max(header, column(i).min ?? 8, floor, ...ends));
  };
  const widths = shareWidths(
    sized.map((s) => s.natural),
    sized.map(minimum),
    width - boxCost(shown.length),
  );
  return widths ? plan(widths) : undefined;
}

/**
 * Widths between each column's minimum and its natural width that add up to at most `available`:
 * the widest are cut first, all down to one level, then what is left goes one column each to the
 * cut ones. Undefined when the minimums alone do not fit.
 */
export function shareWidths(natural: number[], minimum: number[], available: number): number[] | undefined {
  const sum = (widths: number[]) => widths.reduce((total, w) => total + w, 0);
  if (sum(minimum) > available) return undefined;
  const columns = natural.map((w, i) => ({ natural: w, minimum: present(minimum[i], "a minimum width") }));
  const at = (level: number) => columns.map((c) => Math.max(c.minimum, Math.min(c.natural, level)));
  let level = 0;
  const top = Math.max(0, ...natural);
  while (level < top && sum(at(level + 1)) <= available) level += 1;
  let spare = available - sum(at(level));
  // What is left goes one column each to the cut ones, from the first.
  return columns.map((c) => {
    const w = Math.max(c.minimum, Math.min(c.natural, level));
    if (spare <= 0 || w >= c.natural) return w;
    spare -= 1;
    return w + 1;
  });
}

/** The lines a cell takes in a column `width` wide, as its column allows. */
export function fitCell(text: string, width: number, fit: Column["fit"]): string[] {
  if (textWidth(text) <= width) return [text];
  if (fit === "middle") return [middleCut(text, width)];
  if (fit === "end") return [endCut(text, width)];
  return wrapText(text, width);
}

/**
 * `Pulsa Telkomsel 10.000` in 17 columns: `Pulsa Telk…10.000`. The end of a name tells variants
 * apart (the nominal, the duration), so its last word stays whole while a few letters of the start
 * are left to lead it; else the text is cut in its middle.
 */
export function middleCut(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  if (width <= 1) return "…".slice(0, width);
  const room = width - 1;
  const lastWord = text.slice(text.lastIndexOf(" ") + 1);
  const tailWidth = lastWord && textWidth(lastWord) <= room - middleLead ? textWidth(lastWord) : Math.floor(room / 2);
  const tail = takeEnd(text, tailWidth);
  return `${takeStart(text, room - textWidth(tail)).trimEnd()}…${tail.trimStart()}`;
}

export function endCut(text: string, width: number): string {
  if (textWidth(text) <= width) return text;
  return `${takeStart(text, width - 1).trimEnd()}…`;
}

/** The longest start of `text` at most `width` columns wide. */
function takeStart(text: string, width: number): string {
  let taken = "";
  for (const char of text) {
    if (textWidth(taken + char) > width) break;
    taken += char;
  }
  return taken;
}

function takeEnd(text: string, width: number): string {
  const chars = [...text];
  let taken = "";
  for (let i = chars.length - 1; i >= 0; i--) {
    if (textWidth(chars[i] + taken) > width) break;
    taken = chars[i] + taken;
  }
  return taken;
}

/**
 * Words that do not fit in `width` columns go to the next line; a word is never split (an amount with
 * its `Rp` is one word, see wordsOf). A word longer than the width stands whole on its own line; a
 * table never meets one, since a wrapped column is never narrower than its longest word.
 */
export function wrapText(text: string, width: number): string[] {
  if (textWidth(text) <= width) return [text];
  return breakLine(text, width, width, textWidth);
}

let tableUtilities: { strlen(text: string): number } | undefined;

/** cli-table3's measure of a cell (string-width without colour codes), so widths agree with its drawing. */
function tableUtils(): { strlen(text: string): number } {
  tableUtilities ??= requirePackage<{ strlen(text: string): number }>("cli-table3/src/utils");
  return tableUtilities;
}
