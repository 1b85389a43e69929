/**
 * Where results and messages go. Results to stdout in one of three modes (tables on a terminal,
 * tab-separated rows when piped, the service's JSON with --json); people's messages to stderr.
 * Every string is neutralised here, so no handler can forget to.
 */
import { createRequire } from "node:module";
import { formatRupiah, formatTimestamp } from "./format.js";
import { neutralize, neutralizeJson, plainCell } from "./sanitize.js";
import type { Status } from "../api/model.js";
import { AnswerBody } from "../api/answer.js";
import { statusKindOf } from "../api/status.js";
import type { JqFilter } from "./jq.js";

export type OutputMode = "json" | "table" | "plain";
export type Tone = "highlight" | "good" | "bad" | "warn" | "dim" | "bold";

/** A value shown one way to people and another to scripts (`Rp 10.000` / `10000`). */
export interface RichCell {
  human: string;
  plain: string;
  tone?: Tone;
  /**
   * A value a reseller copies and hands on (a serial number, a licence, a payment link, a ref_id, an
   * invoice): on a terminal never cut short and never inside a table's borders, so it copies clean.
   */
  copy?: boolean;
}
export type Cell = string | number | null | undefined | RichCell;

export interface Paint {
  (tone: Tone, text: string): string;
}

export interface Writable {
  write(chunk: string): unknown;
}

export interface OutputOptions {
  stdout: Writable;
  stderr: Writable;
  mode: OutputMode;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  now: () => number;
  /** How many columns a line on stdout may take on a terminal (settings decide it); 80 when not given. */
  width?: number;
  /** `--jq`: every JSON document is filtered through this before it is printed. */
  jq?: JqFilter;
}

const noPaint: Paint = (_tone, text) => text;
const spinnerFrames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export async function makePaint(enabled: boolean): Promise<Paint> {
  if (!enabled) return noPaint;
  // chalk is loaded only when colours are on: scripts that pipe never pay for it.
  const { Chalk } = await import("chalk");
  const chalk = new Chalk({ level: 1 });
  const tones: Record<Tone, (s: string) => string> = {
    highlight: (s) => chalk.bold.cyan(s),
    good: (s) => chalk.green(s),
    bad: (s) => chalk.red(s),
    warn: (s) => chalk.yellow(s),
    dim: (s) => chalk.dim(s),
    bold: (s) => chalk.bold(s),
  };
  return (tone, text) => tones[tone](text);
}

/** A value people copy (see RichCell.copy), highlighted unless another tone is given. */
export function copyable(text: string, tone: Tone = "highlight"): RichCell {
  return { human: text, plain: text, tone, copy: true };
}

export function money(amount: number | null | undefined): RichCell {
  return { human: formatRupiah(amount), plain: amount === null || amount === undefined ? "" : String(amount) };
}

const goodStatuses = new Set(["completed", "success", "done", "active", "released"]);
const badStatuses = new Set(["failed", "expired", "cancelled", "canceled", "refused", "error"]);

/** A status shown as the service wrote it, coloured by what it means; `-` when there is none. */
export function statusCell(status: Status | string | null | undefined): Cell {
  if (status === null || status === undefined) return undefined;
  const text = typeof status === "string" ? status : status.text;
  const kind = typeof status === "string" ? statusKindOf(status) : status.kind;
  const word = text.toLowerCase();
  const tone: Tone = goodStatuses.has(word) || kind === "completed" ? "good" : badStatuses.has(word) || kind === "failed" || kind === "canceled" || kind === "expired" ? "bad" : "warn";
  return { human: text, plain: text, tone };
}

export class Output {
  readonly mode: OutputMode;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /** Whether stderr gets colours (NO_COLOR, --no-color and the rest already weighed). */
  readonly stderrColour: boolean;
  private readonly options: OutputOptions;
  private readonly paintOut: Paint;
  private readonly paintErr: Paint;

  constructor(options: OutputOptions, paintOut: Paint = noPaint, paintErr: Paint = noPaint) {
    this.options = options;
    this.mode = options.mode;
    this.stdoutIsTTY = options.stdoutIsTTY;
    this.stderrIsTTY = options.stderrIsTTY;
    this.paintOut = paintOut;
    this.paintErr = paintErr;
    this.stderrColour = paintErr !== noPaint;
  }

  time(value: string | null | undefined): RichCell {
    return { human: formatTimestamp(value, this.options.now()), plain: value ?? "" };
  }

  /**
   * The whole result for scripts: one document, indented for a person, one line for a pipe. An
   * answer from the service is printed as it came: piped, byte for byte (re-serialised only to make
   * a multi-line body one line); on a terminal, indented, with C1 controls and bidirectional
   * overrides escaped so the terminal shows them rather than obeys them.
   */
  json(body: unknown): void {
    if (this.options.jq) return this.filtered(body instanceof AnswerBody ? body.text : JSON.stringify(body), this.stdoutIsTTY);
    let text: string;
    if (body instanceof AnswerBody) {
      const oneLine = !body.text.includes("\n") || body.cut;
      if (this.stdoutIsTTY) text = body.cut ? body.text.trim() : JSON.stringify(body.value, null, 2);
      else text = oneLine ? body.text.trim() : JSON.stringify(body.value);
    } else {
      text = JSON.stringify(body, null, this.stdoutIsTTY ? 2 : undefined);
    }
    this.options.stdout.write(`${this.stdoutIsTTY ? neutralizeJson(text) : text}\n`);
  }

  /** One JSON object per line, for streams of results (bulk buy); on a terminal, shown like json(). */
  jsonLine(body: unknown): void {
    if (this.options.jq) return this.filtered(JSON.stringify(body), false);
    const text = JSON.stringify(body);
    this.options.stdout.write(`${this.stdoutIsTTY ? neutralizeJson(text) : text}\n`);
  }

  /** `--jq`: what jq made of the document, printed as jq prints it; a jq error after what it did print. */
  private filtered(json: string, pretty: boolean): void {
    const { text, error } = this.options.jq!(json, pretty);
    // On a terminal, jq's strings are service text like any other: shown, not obeyed.
    if (text) this.options.stdout.write(this.stdoutIsTTY ? neutralize(text, { keepNewlines: true }) : text);
    if (error) throw error;
  }

  /** How many columns a line on stdout may take. */
  get width(): number {
    return this.options.width ?? 80;
  }

  /**
   * Rows: tab-separated when piped; on a terminal a table that fits the width, long cells cut with
   * `…` (or, with `wrap`, wrapped inside their cell: for a few rows whose every word matters).
   * Values people copy (`copyable`) stay whole and outside the borders: beside each row while the
   * table keeps readable columns, else listed below it by row number.
   */
  table(headers: string[], rows: Cell[][], options: { wrap?: boolean } = {}): void {
    if (this.mode === "plain") {
      for (const row of rows) this.options.stdout.write(`${row.map((c) => plainCell(plainOf(c))).join("\t")}\n`);
      return;
    }
    const wrap = options.wrap === true;
    const columns = Math.max(headers.length, ...rows.map((r) => r.length));
    const indices = [...Array(columns).keys()];
    const copyColumns = indices.filter((i) => rows.some((r) => isCopy(r[i])));
    const boxColumns = indices.filter((i) => !copyColumns.includes(i));
    const boxHead = boxColumns.map((i) => headers[i] ?? "");
    const boxRows = rows.map((row) => boxColumns.map((i) => this.shownCell(row[i])));
    if (copyColumns.length === 0) {
      this.options.stdout.write(`${this.box(boxHead, boxRows, this.width, wrap).text}\n`);
      return;
    }
    const copies = rows.map((row) => copyColumns.map((i) => (row[i] === null || row[i] === undefined ? "" : this.humanCell(row[i], true))));

    // Beside the box: each copy column as wide as its longest value, two spaces before each. Only
    // while the box's columns keep a readable width; else below it.
    const copyWidths = copyColumns.map((column, k) => Math.max(textWidth(headers[column] ?? ""), ...copies.map((c) => textWidth(c[k]!))));
    const listing = (values: string[]) => values.map((v, k) => `${v}${" ".repeat(copyWidths[k]! - textWidth(v))}`).join("  ").trimEnd();
    const listingWidth = copyWidths.reduce((sum, w) => sum + w, 0) + 2 * (copyColumns.length - 1);
    const singleLine = copies.every((c) => c.every((v) => !v.includes("\n")));
    const copyHead = copyColumns.map((i) => this.paintOut("bold", headers[i] ?? ""));
    const beside = singleLine && boxColumns.length ? this.box(boxHead, boxRows, this.width - 2 - listingWidth, wrap, besideFloor) : undefined;
    if (beside) {
      const lines = beside.text.split("\n");
      if (headers.length) lines[1] += `  ${listing(copyHead)}`;
      copies.forEach((values, r) => (lines[beside.rowLines[r]!] += `  ${listing(values)}`));
      this.options.stdout.write(`${lines.join("\n")}\n`);
      return;
    }
    // Below the box, the rows numbered: a listing of the values by row number when each fits on a
    // line, else each value on lines of its own after its row's number and header.
    const numbered = boxColumns.length > 0;
    if (numbered) {
      const numberedRows = boxRows.map((row, n) => [{ text: String(n + 1) }, ...row]);
      this.options.stdout.write(`${this.box(["#", ...boxHead], numberedRows, this.width, wrap).text}\n`);
    }
    const numberWidth = numbered ? String(rows.length).length + 2 : 0;
    const number = (r: number) => (numbered ? `${String(r + 1).padStart(numberWidth - 2)}  ` : "");
    if (singleLine && numberWidth + listingWidth <= this.width) {
      if (headers.length) this.options.stdout.write(`${numbered ? `${"#".padStart(numberWidth - 2)}  ` : ""}${listing(copyHead)}\n`);
      // A row with nothing to copy (a top-up in history) has no line here.
      copies.forEach((values, r) => values.some(Boolean) && this.options.stdout.write(`${number(r)}${listing(values)}\n`));
      return;
    }
    copies.forEach((values, r) => {
      values.forEach((value, k) => {
        if (!value) return;
        const label = `${numbered ? `#${r + 1} ` : ""}${headers[copyColumns[k]!] ?? ""}`.trim();
        this.options.stdout.write(`${label ? `${this.paintOut("dim", label)}\n` : ""}${value}\n`);
      });
    });
  }

  /**
   * A bordered table at most `width` columns wide, the widest columns cut (or wrapped) first, none
   * below `floor` columns. With a floor, undefined when it cannot fit; without, the narrowest cut is
   * drawn even when it does not. `rowLines` says on which line of the text each row starts.
   */
  private box(headers: string[], rows: ShownCell[][], width: number, wrap: boolean): { text: string; rowLines: number[] };
  private box(headers: string[], rows: ShownCell[][], width: number, wrap: boolean, floor: number): { text: string; rowLines: number[] } | undefined;
  private box(headers: string[], rows: ShownCell[][], width: number, wrap: boolean, floor?: number): { text: string; rowLines: number[] } | undefined {
    const columns = Math.max(headers.length, ...rows.map((r) => r.length));
    if (columns === 0) return { text: "", rowLines: [] };
    const cellOf = (row: ShownCell[], i: number): ShownCell => row[i] ?? { text: "" };
    // Each column: one space either side of its text; one border between columns and at each end.
    const natural = [...Array(columns).keys()].map((i) => 2 + Math.max(textWidth(headers[i] ?? ""), ...rows.map((r) => textWidth(cellOf(r, i).text))));
    const widths = fitWidths(natural, width - (columns + 1), floor) ?? (floor === undefined ? natural.map((w) => Math.min(w, minimumColumnWidth)) : undefined);
    if (!widths) return undefined;
    const Table = loadTable();
    const table = new Table({
      head: headers.map((h) => this.paintOut("bold", h)),
      style: { head: [], border: [], compact: true },
      colWidths: widths,
      wordWrap: false,
      truncate: "…",
    });
    const rowLines: number[] = [];
    let line = headers.length ? 3 : 1;
    for (const row of rows) {
      // Wrapped here rather than by cli-table3, so that each line is coloured on its own and the
      // height of every row is known.
      const cells = [...Array(columns).keys()].map((i) => {
        const cell = cellOf(row, i);
        const lines = wrap ? wrapText(cell.text, Math.max(1, widths[i]! - 2)) : [cell.text];
        return lines.map((l) => (cell.tone ? this.paintOut(cell.tone, l) : l));
      });
      rowLines.push(line);
      line += Math.max(1, ...cells.map((c) => c.length));
      table.push(cells.map((c) => c.join("\n")));
    }
    return { text: table.toString(), rowLines };
  }

  /**
   * A single record, label and value per line (`Balance  Rp 1.250.000`). On a terminal a long value
   * wraps under itself within the width; a value people copy is never wrapped: when it does not fit
   * beside its label it gets a line of its own.
   */
  record(pairs: [string, Cell][]): void {
    if (this.mode === "plain") {
      for (const [label, value] of pairs) this.options.stdout.write(`${plainCell(label.toLowerCase().replace(/\s+/g, "_"))}\t${plainCell(plainOf(value))}\n`);
      return;
    }
    const labelWidth = Math.max(...pairs.map(([l]) => l.length));
    const indent = " ".repeat(labelWidth + 2);
    const room = Math.max(20, this.width - indent.length);
    for (const [label, value] of pairs) {
      const shownLabel = this.paintOut("dim", label.padEnd(labelWidth));
      const lines = this.humanText(value).split("\n");
      const tone = typeof value === "object" && value !== null ? value.tone : undefined;
      const paint = (line: string) => (tone ? this.paintOut(tone, line) : line);
      if (isCopy(value) && lines.some((line) => textWidth(line) > room)) {
        this.options.stdout.write(`${shownLabel}\n${lines.map(paint).join("\n")}\n`);
        continue;
      }
      const shown = isCopy(value) ? lines : lines.flatMap((line) => wrapText(line, room));
      this.options.stdout.write(`${shownLabel}  ${shown.map(paint).join(`\n${indent}`)}\n`);
    }
  }

  /** A heading between sections on a terminal; nothing when piped, where rows must stay rows. */
  heading(text: string): void {
    if (this.mode === "table") this.options.stdout.write(`\n${this.paintOut("bold", text)}\n`);
  }

  /**
   * A bare result line on stdout (a token, a link) that scripts can capture. On a terminal a
   * sentence wraps between words within the width; a word (a token, a link) is never split.
   */
  result(text: string, tone?: Tone): void {
    const safe = neutralize(text);
    if (this.mode !== "table") return void this.options.stdout.write(`${safe}\n`);
    const lines = wrapText(safe, this.width, false);
    this.options.stdout.write(`${lines.map((line) => (tone ? this.paintOut(tone, line) : line)).join("\n")}\n`);
  }

  /**
   * Messages for people: stderr, never stdout. They often quote the service (item names, notes),
   * so they are neutralised like every cell.
   */
  info(message: string): void {
    this.options.stderr.write(`${neutralize(message, { keepNewlines: true })}\n`);
  }

  success(message: string): void {
    this.options.stderr.write(`${this.paintErr("good", "✓")} ${neutralize(message, { keepNewlines: true })}\n`);
  }

  warn(message: string): void {
    this.options.stderr.write(`${this.paintErr("warn", "!")} ${neutralize(message, { keepNewlines: true })}\n`);
  }

  /** A summary for a person on stderr (before a confirmation): labels dimmed, values neutralised. */
  summary(pairs: [string, string, Tone?][]): void {
    const width = Math.max(...pairs.map(([label]) => label.length));
    for (const [label, value, tone] of pairs) {
      const text = neutralize(value);
      this.options.stderr.write(`  ${this.paintErr("dim", label.padEnd(width))}  ${tone ? this.paintErr(tone, text) : text}\n`);
    }
  }

  /** A picture drawn by reseller itself (the QR code), escape sequences and all: never service text. */
  drawing(picture: string): void {
    this.options.stderr.write(`${picture}\n`);
  }

  paintStderr(tone: Tone, text: string): string {
    return this.paintErr(tone, text);
  }

  /**
   * A one-line spinner on stderr while something is awaited, only when stderr is a terminal
   * (piped runs and CI logs get no animation). `update` takes text that may quote the service.
   */
  spinner(text: string): { update(next: string): void; stop(): void } {
    if (!this.stderrIsTTY) return { update: () => undefined, stop: () => undefined };
    const stderr = this.options.stderr;
    let shown = neutralize(text);
    let frame = 0;
    const draw = () => stderr.write(`\r\u001b[2K${this.paintErr("highlight", spinnerFrames[frame++ % spinnerFrames.length]!)} ${shown}`);
    draw();
    const timer = setInterval(draw, 100);
    timer.unref?.();
    return {
      update(next: string) {
        shown = neutralize(next);
      },
      stop() {
        clearInterval(timer);
        stderr.write("\r\u001b[2K");
      },
    };
  }

  private humanCell(cell: Cell, keepNewlines: boolean): string {
    const text = this.humanText(cell, keepNewlines);
    return typeof cell === "object" && cell !== null && cell.tone ? this.paintOut(cell.tone, text) : text;
  }

  /** A cell for a table's box: on one line, neutralised, its tone kept for each line it may wrap to. */
  private shownCell(cell: Cell): ShownCell {
    const tone = typeof cell === "object" && cell !== null ? cell.tone : undefined;
    return { text: this.humanText(cell, true).split("\n").join(" "), ...(tone ? { tone } : {}) };
  }

  /** What a cell shows a person, neutralised, not yet coloured. */
  private humanText(cell: Cell, keepNewlines = true): string {
    if (cell === null || cell === undefined) return "-";
    if (typeof cell === "number") return String(cell);
    if (typeof cell === "string") return neutralize(cell, { keepNewlines });
    return neutralize(cell.human, { keepNewlines });
  }
}

interface ShownCell {
  text: string;
  tone?: Tone;
}

function isCopy(cell: Cell): boolean {
  return typeof cell === "object" && cell !== null && cell.copy === true;
}

/** Narrowest a column is cut to: two characters and `…` between its padding. */
const minimumColumnWidth = 5;
/** Narrowest a column is cut to so that copied values can stand beside the table. */
const besideFloor = 10;

/** Columns this narrow (money, statuses, ids, short words) are the last to be cut. */
const shortColumn = 12;

/**
 * Column widths that add up to at most `available`. The widest columns are cut first, all down to
 * one level, and none below its floor; short columns keep their width as long as cutting the long
 * ones to `narrowest` makes room. Undefined when even every column at `narrowest` cannot fit.
 */
export function fitWidths(natural: number[], available: number, narrowest = minimumColumnWidth): number[] | undefined {
  const sum = (widths: number[]) => widths.reduce((total, w) => total + w, 0);
  if (sum(natural) <= available) return natural;
  const tiers = [
    natural.map((w) => (w <= shortColumn ? w : Math.min(w, Math.max(narrowest, 8)))),
    natural.map((w) => (w <= shortColumn ? w : Math.min(w, narrowest))),
    natural.map((w) => Math.min(w, narrowest)),
  ];
  const floors = tiers.find((floor) => sum(floor) <= available);
  if (!floors) return undefined;
  const at = (level: number) => natural.map((w, i) => Math.max(floors[i]!, Math.min(w, level)));
  // The highest level at which everything fits, then what is left one column each to the cut ones.
  let level = 0;
  while (sum(at(level + 1)) <= available) level += 1;
  const widths = at(level);
  let spare = available - sum(widths);
  for (let i = 0; i < widths.length && spare > 0; i++) {
    if (widths[i]! < natural[i]!) {
      widths[i] = widths[i]! + 1;
      spare -= 1;
    }
  }
  return widths;
}

/** Columns a text takes on a terminal: colour codes take none, wide characters two. */
function textWidth(text: string): number {
  return tableUtils().strlen(text);
}

/** Words that do not fit in `width` columns go to the next line; a word longer than that is cut into pieces unless `splitWords` is false. */
function wrapText(text: string, width: number, splitWords = true): string[] {
  if (textWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/(?<= )/)) {
    if (line && textWidth(line + word.trimEnd()) > width) {
      lines.push(line.trimEnd());
      line = "";
    }
    let rest = word;
    while (splitWords && textWidth(rest.trimEnd()) > width) {
      const [head, tail] = splitAt(rest, width);
      lines.push(head);
      rest = tail;
    }
    line += rest;
  }
  if (line.trimEnd()) lines.push(line.trimEnd());
  return lines;
}

function splitAt(text: string, width: number): [string, string] {
  let taken = "";
  for (const char of text) {
    if (textWidth(taken + char) > width) break;
    taken += char;
  }
  return [taken, text.slice(taken.length)];
}

function plainOf(cell: Cell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "string") return cell;
  return cell.plain;
}

type TableConstructor = new (options: Record<string, unknown>) => { push(row: string[]): void; toString(): string };
let tableClass: TableConstructor | undefined;
let tableUtilities: { strlen(text: string): number } | undefined;

/** cli-table3 is loaded when a table is drawn, not at start-up. */
function loadTable(): TableConstructor {
  tableClass ??= createRequire(import.meta.url)("cli-table3") as TableConstructor;
  return tableClass;
}

/** cli-table3's own measure of a cell (string-width without colour codes), so widths agree with its drawing. */
function tableUtils(): { strlen(text: string): number } {
  tableUtilities ??= createRequire(import.meta.url)("cli-table3/src/utils") as { strlen(text: string): number };
  return tableUtilities;
}
