/**
 * Where results and messages go. Results to stdout in one of three modes (tables on a terminal,
 * tab-separated rows when piped, the service's JSON with --json); people's messages to stderr.
 * Every string is neutralised here, so no handler can forget to.
 */
import { createRequire } from "node:module";
import { formatRupiah, formatTimestamp } from "./format.js";
import { neutralize, plainCell } from "./sanitize.js";
import type { Status } from "../api/model.js";
import { AnswerBody } from "../api/answer.js";
import { statusKindOf } from "../api/status.js";

export type OutputMode = "json" | "table" | "plain";
export type Tone = "highlight" | "good" | "bad" | "warn" | "dim" | "bold";

/** A value shown one way to people and another to scripts (`Rp 10.000` / `10000`). */
export interface RichCell {
  human: string;
  plain: string;
  tone?: Tone;
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
    let text: string;
    if (body instanceof AnswerBody) {
      const oneLine = !body.text.includes("\n") || body.cut;
      if (this.stdoutIsTTY) text = body.cut ? body.text.trim() : JSON.stringify(body.value, null, 2);
      else text = oneLine ? body.text.trim() : JSON.stringify(body.value);
    } else {
      text = JSON.stringify(body, null, this.stdoutIsTTY ? 2 : undefined);
    }
    // Inside JSON these characters only occur in strings, where the \u escape means the same.
    if (this.stdoutIsTTY) text = text.replace(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
    this.options.stdout.write(`${text}\n`);
  }

  /** One JSON object per line, for streams of results (bulk buy). */
  jsonLine(body: unknown): void {
    this.options.stdout.write(`${JSON.stringify(body)}\n`);
  }

  table(headers: string[], rows: Cell[][]): void {
    if (this.mode === "plain") {
      for (const row of rows) this.options.stdout.write(`${row.map((c) => plainCell(plainOf(c))).join("\t")}\n`);
      return;
    }
    const Table = loadTable();
    const table = new Table({
      head: headers.map((h) => this.paintOut("bold", h)),
      style: { head: [], border: [], compact: true },
      wordWrap: true,
    });
    for (const row of rows) table.push(row.map((c) => this.humanCell(c, true)));
    this.options.stdout.write(`${table.toString()}\n`);
  }

  /** A single record, label and value per line (`Balance  Rp 1.250.000`). */
  record(pairs: [string, Cell][]): void {
    if (this.mode === "plain") {
      for (const [label, value] of pairs) this.options.stdout.write(`${plainCell(label.toLowerCase().replace(/\s+/g, "_"))}\t${plainCell(plainOf(value))}\n`);
      return;
    }
    const width = Math.max(...pairs.map(([l]) => l.length));
    for (const [label, value] of pairs) {
      const text = this.humanCell(value, true).split("\n").join(`\n${" ".repeat(width + 2)}`);
      this.options.stdout.write(`${this.paintOut("dim", label.padEnd(width))}  ${text}\n`);
    }
  }

  /** A heading between sections on a terminal; nothing when piped, where rows must stay rows. */
  heading(text: string): void {
    if (this.mode === "table") this.options.stdout.write(`\n${this.paintOut("bold", text)}\n`);
  }

  /** A bare result line on stdout (a token, a link) that scripts can capture. */
  result(text: string, tone?: Tone): void {
    const safe = neutralize(text);
    this.options.stdout.write(`${tone && this.mode === "table" ? this.paintOut(tone, safe) : safe}\n`);
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
    if (cell === null || cell === undefined) return "-";
    if (typeof cell === "number") return String(cell);
    if (typeof cell === "string") return neutralize(cell, { keepNewlines });
    const text = neutralize(cell.human, { keepNewlines });
    return cell.tone ? this.paintOut(cell.tone, text) : text;
  }
}

function plainOf(cell: Cell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return String(cell);
  if (typeof cell === "string") return cell;
  return cell.plain;
}

type TableConstructor = new (options: Record<string, unknown>) => { push(row: string[]): void; toString(): string };
let tableClass: TableConstructor | undefined;

/** cli-table3 is loaded when a table is drawn, not at start-up. */
function loadTable(): TableConstructor {
  tableClass ??= createRequire(import.meta.url)("cli-table3") as TableConstructor;
  return tableClass;
}
