/**
 * Where results and messages go. Results to stdout in one of three modes (tables on a terminal,
 * tab-separated rows when piped, the service's JSON with --json); people's messages to stderr.
 * Every string is neutralised here, so no handler can forget to.
 */
import { formatIsoUtc, formatLocalTime, formatRupiah, formatTimestamp, relativeHint, zonelessTimes } from "./format.js";
import { jsonForTerminal, neutralize, plainCell } from "./sanitize.js";
import { breakCopied, partLongWords, unbroken, wordsOf, wrapMessage } from "./message.js";
import {
  endCut,
  fitCell,
  formOf,
  planTable,
  textWidth,
  wrapText,
  type Column,
  type LaidCell,
  type TablePlan,
} from "./layout.js";
import type { Status } from "../api/model.js";
import { AnswerBody } from "../api/answer.js";
import { statusKindOf } from "../api/status.js";
import { statusWord } from "./status-words.js";
import type { JqFilter, JqFiltered } from "./jq.js";
import { present } from "../errors.js";
import { requirePackage } from "../packages.js";
import { steadyYoungGeneration } from "../young-generation.js";
import { en, type Messages } from "../messages/en.js";

export type { Column } from "./layout.js";
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
  /** Shorter forms a person may be shown when space is short, in order (a time without its hint, then without seconds). */
  shorter?: string[];
  /**
   * The whole of a long text (a problem's message) whose cell shows only `human` on one line (its
   * code): on a terminal said below the table by row number, wrapped between words.
   */
  detail?: string;
}
export type Cell = string | number | null | undefined | RichCell;

export type Paint = (tone: Tone, text: string) => string;

export interface Writable {
  /** `false` when the reader is behind: what was written is held until it catches up. */
  write(chunk: string): unknown;
  /** Resolves once a reader that was behind has taken what was held (a stream's 'drain'), or went away. */
  drained?(): Promise<void>;
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
  /**
   * `--jq`: every JSON document is filtered through this before it is printed. Given while jq still
   * loads (a command that moves no money loads it while its request travels: src/context.ts), the
   * documents wait for it in their order; `settled()` resolves once they are printed.
   */
  jq?: JqFilter | Promise<JqFilter>;
  /** How many columns a message on stderr may take; not given (a pipe, a log), messages are not wrapped. */
  stderrWidth?: number;
  /** The catalogue of the reader's language (the context's); English when not given. */
  say?: Messages;
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

/** A customer's number, game id or link: copied to the customer, so never cut, never split, not highlighted. */
export function customerCell(text: string): RichCell {
  return { human: text, plain: text, copy: true };
}

export function money(amount: number | null | undefined): RichCell {
  return { human: formatRupiah(amount), plain: amount === null || amount === undefined ? "" : String(amount) };
}

const goodStatuses = new Set(["completed", "success", "done", "active", "released"]);
const badStatuses = new Set(["failed", "expired", "cancelled", "canceled", "refused", "error"]);

/** A status, in the reader's words on a screen and as the service wrote it when piped, coloured by what it means; `-` when there is none. */
export function statusCell(status: Status | string | null | undefined, say: Messages): Cell {
  if (status === null || status === undefined) return undefined;
  const text = typeof status === "string" ? status : status.text;
  const kind = typeof status === "string" ? statusKindOf(status) : status.kind;
  const word = text.toLowerCase();
  const tone: Tone =
    goodStatuses.has(word) || kind === "completed"
      ? "good"
      : badStatuses.has(word) || kind === "failed" || kind === "canceled" || kind === "expired"
        ? "bad"
        : "warn";
  // A person reads the status in their language; a script the service's own word.
  return { human: statusWord({ text, kind }, say), plain: text, tone };
}

export class Output {
  readonly mode: OutputMode;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  /** Whether stderr gets colours (NO_COLOR, --no-color and the rest already weighed). */
  readonly stderrColour: boolean;
  /** The catalogue of the reader's language: renderers word what they show from it. */
  readonly say: Messages;
  private options: OutputOptions;
  /** A pager shows the results: no spinner then, since its line would be drawn over the pager's screen. */
  private paging = false;
  private readonly paintOut: Paint;
  private readonly paintErr: Paint;
  /** `--jq`'s filter once jq is loaded. */
  private jqFilter?: JqFilter;
  /** Documents made before jq was loaded, printed in order once it is; rejected with jq's error. */
  private held?: Promise<void>;

  constructor(options: OutputOptions, paintOut: Paint = noPaint, paintErr: Paint = noPaint) {
    this.options = options;
    const { jq } = options;
    if (typeof jq === "function") this.jqFilter = jq;
    else
      jq?.then(
        (filter) => {
          this.jqFilter = filter;
        },
        () => undefined, // said by the context, which stops the command
      );
    this.mode = options.mode;
    this.stdoutIsTTY = options.stdoutIsTTY;
    this.stderrIsTTY = options.stderrIsTTY;
    this.paintOut = paintOut;
    this.paintErr = paintErr;
    this.stderrColour = paintErr !== noPaint;
    this.say = options.say ?? en;
  }

  /**
   * A time: local with a hint of how far it is (`2026-11-21 21:40:12 (in 9m 41s)`), the hint and then
   * the seconds given up when space is short; piped, ISO 8601 in UTC. `hint: false` when a column
   * beside it already says how long (a lock's time left).
   */
  time(value: string | null | undefined, options: { hint?: boolean } = {}): RichCell {
    const plain = formatIsoUtc(value);
    const seconds = formatLocalTime(value, this.say);
    if (seconds === undefined) return { human: value ? value : "-", plain };
    const minute = present(formatLocalTime(value, this.say, { seconds: false }), "a time read a moment ago");
    if (options.hint === false) return { human: seconds, plain, shorter: [minute] };
    return { human: formatTimestamp(value, this.options.now(), this.say), plain, shorter: [seconds, minute] };
  }

  /**
   * A table's column of times: the zone they share named once, in its header (`Time (WIB)`), each
   * cell without it and giving way as room runs short: the hint, the seconds, then the day when it is
   * today and the year when it is this year (`20.40`, `28 Nov 20.40`); piped, ISO 8601 in UTC. Times
   * in more than one zone (a zone with summer time) keep theirs in each cell. `seconds: false`: to the
   * minute at most, with no hint (a history's rows); `hint: false`: no hint (a column beside says how
   * long ago); `short`: the header's short form, before the zone (`At (WIB)`).
   */
  timeColumn(
    header: string,
    values: (string | null | undefined)[],
    options: { seconds?: boolean; hint?: boolean; short?: string } = {},
  ): { column: Column; cells: Cell[] } {
    const now = this.options.now();
    const forms = values.map((value) => zonelessTimes(value, now, this.say));
    const zones = [...new Set(forms.flatMap((f) => (f ? [f.zone] : [])))];
    if (zones.length !== 1) {
      const whole = (value: string | null | undefined): Cell =>
        options.seconds === false
          ? { human: formatLocalTime(value, this.say, { seconds: false }) ?? value ?? "-", plain: formatIsoUtc(value) }
          : this.time(value, { hint: options.hint });
      return { column: { header }, cells: values.map(whole) };
    }
    const cells = values.map((value, i): Cell => {
      const f = forms[i];
      const plain = formatIsoUtc(value);
      if (!f) return { human: value ? value : "-", plain };
      if (options.seconds === false) return { human: f.minute, plain, shorter: [f.compact] };
      if (options.hint === false) return { human: f.seconds, plain, shorter: [f.minute, f.compact] };
      return {
        human: `${f.seconds} (${relativeHint(f.at, now, this.say)})`,
        plain,
        shorter: [f.seconds, f.minute, f.compact],
      };
    });
    const zone = zones[0];
    const short = options.short === undefined ? {} : { short: `${options.short} (${zone})` };
    return { column: { header: `${header} (${zone})`, ...short }, cells };
  }

  /**
   * The whole result for scripts: one document, indented for a person, one line for a pipe. An
   * answer from the service is printed as it came: piped, byte for byte (re-serialised only to make
   * a multi-line body one line); on a terminal, indented, with C1 controls and bidirectional
   * overrides escaped so the terminal shows them rather than obeys them.
   */
  json(body: unknown): void {
    if (this.options.jq)
      return this.filtered(body instanceof AnswerBody ? body.text : JSON.stringify(body), this.stdoutIsTTY);
    let text: string;
    if (body instanceof AnswerBody) {
      const oneLine = !body.text.includes("\n") || body.cut;
      if (this.stdoutIsTTY) text = body.cut ? body.text.trim() : JSON.stringify(body.value, null, 2);
      else text = oneLine ? body.text.trim() : JSON.stringify(body.value);
    } else {
      text = JSON.stringify(body, null, this.stdoutIsTTY ? 2 : undefined);
    }
    this.options.stdout.write(`${this.stdoutIsTTY ? jsonForTerminal(text) : text}\n`);
  }

  /**
   * A JSON array printed as its items come, exactly as json() would print the whole array: a long
   * history goes out in bounded memory. Written 16 KiB at a time: what waits to be written survives
   * V8's young collections and so grows its young generation (64 KiB at a time cost `history --json`
   * of 100k orders 8 MiB more). When the reader is behind (a non-blocking pipe whose reader is slow)
   * the next item is not even read until it catches up, or a year of orders would wait in memory for
   * it. jq needs the whole document, so --jq still collects it.
   */
  async jsonArray(items: Iterable<unknown>): Promise<void> {
    if (this.options.jq) return this.json([...items]);
    const pretty = this.stdoutIsTTY;
    const stdout = this.options.stdout;
    const out = async (text: string) => {
      if (stdout.write(pretty ? jsonForTerminal(text) : text) === false) await stdout.drained?.();
    };
    let pending = "";
    let count = 0;
    await steadyYoungGeneration(async () => {
      for (const item of items) {
        const text = pretty ? `  ${JSON.stringify(item, null, 2).replace(/\n/g, "\n  ")}` : JSON.stringify(item);
        pending += `${count++ === 0 ? (pretty ? "[\n" : "[") : pretty ? ",\n" : ","}${text}`;
        if (pending.length >= 16_384) {
          await out(pending);
          pending = "";
        }
      }
      await out(`${count === 0 ? "[]" : `${pending}${pretty ? "\n]" : "]"}`}\n`);
    });
  }

  /** One JSON object per line, for streams of results (bulk buy); on a terminal, shown like json(). */
  jsonLine(body: unknown): void {
    if (this.options.jq) return this.filtered(JSON.stringify(body), false);
    const text = JSON.stringify(body);
    this.options.stdout.write(`${this.stdoutIsTTY ? jsonForTerminal(text) : text}\n`);
  }

  /** `--jq`: what jq made of the document, printed as jq prints it; a jq error after what it did print. */
  private filtered(json: string, pretty: boolean): void {
    if (this.jqFilter && !this.held) return this.showFiltered(this.jqFilter(json, pretty));
    const loading = present(this.options.jq, "the --jq filter");
    this.afterHeld(() => this.showFiltered(present(this.jqFilter, "jq, loaded")(json, pretty)), loading);
  }

  /**
   * `step` once jq has loaded and the documents held for it are printed, in order with them; never,
   * if jq stopped on one of them (settled() throws why).
   */
  private afterHeld(step: () => void, loading?: unknown): void {
    const held = (this.held ?? Promise.resolve(loading)).then(step);
    this.held = held;
    // Once all are printed, the next document is filtered at once; a jq error stays for settled().
    held.then(
      () => {
        if (this.held === held) this.held = undefined;
      },
      () => undefined,
    );
  }

  /** Whether a document waits for jq to load. */
  get holdsForJq(): boolean {
    return this.held !== undefined;
  }

  /** Once the documents held for jq while it loaded are printed; throws jq's error, if it stopped on one. */
  async settled(): Promise<void> {
    await this.held;
  }

  private showFiltered({ text, error }: JqFiltered): void {
    // On a terminal, jq's strings are service text like any other: shown, not obeyed.
    if (text) this.options.stdout.write(this.stdoutIsTTY ? neutralize(text, { keepNewlines: true }) : text);
    if (error) throw error;
  }

  /**
   * Results (and, given, people's messages) go to a pager until the returned function is called; once
   * results have gone to it, no spinner is drawn.
   */
  pageTo(stdout: Writable, stderr?: Writable): () => void {
    const before = this.options;
    const results: Writable = {
      write: (chunk) => {
        // A spinner's line is cleared before the pager takes the screen, and not drawn again.
        if (!this.paging && this.spinnerShown) before.stderr.write("\r\u001b[2K");
        this.paging = true;
        return stdout.write(chunk);
      },
      drained: () => stdout.drained?.() ?? Promise.resolve(),
    };
    this.options = { ...before, stdout: results, ...(stderr ? { stderr } : {}) };
    return () => {
      this.options = before;
      this.paging = false;
    };
  }

  /** How many columns a line on stdout may take. */
  get width(): number {
    return this.options.width ?? 80;
  }

  /**
   * Rows: tab-separated when piped; on a terminal a table that fits the width, each column giving way
   * as it declares (see layout.ts): low-value columns and time hints first, then names cut in the
   * middle; money, counts, times to the minute, statuses and ids never. A plain header is a column
   * that may be cut at its end (or, with `wrap`, wrapped between words). Values people copy
   * (`copyable`) stay whole and outside the borders: beside each row while the table keeps readable
   * columns, else listed below it by row number; when not even that fits, each row is a record.
   */
  table(headers: (string | Column)[], rows: Cell[][], options: { wrap?: boolean } = {}): void {
    if (this.mode === "plain") {
      // Written some 64 KB at a time: a write (and a mask) per row costs more than the rows for a
      // long list, and one string of all of them would hold a whole catalogue in memory.
      let pending = "";
      for (const row of rows) {
        pending += `${row.map((c) => plainCell(plainOf(c))).join("\t")}\n`;
        if (pending.length >= 64 * 1024) {
          this.options.stdout.write(pending);
          pending = "";
        }
      }
      if (pending) this.options.stdout.write(pending);
      return;
    }
    const details = rows.map((row) => row.map(detailOf).find((d) => d !== undefined));
    if (!details.some((d) => d !== undefined)) return this.laidOut(headers, rows, options, false);
    // Each row numbered, so that the details below the table can name their row.
    this.laidOut(headers, rows, options, true);
    const numberWidth = String(rows.length).length;
    details.forEach((detail, r) => {
      if (detail === undefined) return;
      const text = wrapMessage(neutralize(detail), this.width, numberWidth + 2, numberWidth + 2);
      this.options.stdout.write(`${this.paintOut("dim", String(r + 1).padStart(numberWidth))}  ${text}\n`);
    });
  }

  /** A table on a terminal (see table()); `numbered`: the rows numbered even with nothing to copy below. */
  private laidOut(headers: (string | Column)[], rows: Cell[][], options: { wrap?: boolean }, numbered: boolean): void {
    const count = Math.max(headers.length, ...rows.map((r) => r.length));
    const columns: Column[] = [...Array(count).keys()].map((i) => {
      const h = headers[i];
      if (typeof h === "object") return h;
      // A column declared by its header alone may be cut, unless it holds only what is never cut.
      return {
        header: h ?? "",
        fit: rows.every((row) => neverCut(row[i])) ? "keep" : options.wrap ? "wrap" : "end",
        min: 3,
      };
    });
    const indices = [...Array(count).keys()];
    const copyColumns = indices.filter((i) => rows.some((r) => isCopy(r[i])));
    const boxColumns = indices.filter((i) => !copyColumns.includes(i));
    const boxSpecs = columns.filter((_, i) => !copyColumns.includes(i));
    const boxRows = rows.map((row) => boxColumns.map((i) => this.shownCell(row[i])));
    const hasHeaders = headers.length > 0;
    if (copyColumns.length === 0 && !numbered) {
      const plan = planBoxedOrNot(boxSpecs, boxRows, this.width);
      if (plan) return void this.options.stdout.write(`${this.draw(boxSpecs, boxRows, plan, hasHeaders).text}\n`);
      return this.stacked(columns, rows);
    }
    const copies = rows.map((row) =>
      copyColumns.map((i) => (row[i] === null || row[i] === undefined ? "" : this.humanCell(row[i], true))),
    );

    // Beside the box: each copy column as wide as its longest value, two spaces before each. Only
    // while the box's columns keep a readable width; else below it.
    const copyHeaders = columns.filter((_, i) => copyColumns.includes(i)).map((c) => c.header);
    const copyWidths = copyHeaders.map((header, k) =>
      Math.max(textWidth(header), ...copies.map((c) => textWidth(present(c[k], "a copy value")))),
    );
    const listing = (values: string[]) =>
      values
        .map((v, k) => `${v}${" ".repeat(present(copyWidths[k], "a copy width") - textWidth(v))}`)
        .join("  ")
        .trimEnd();
    const listingWidth = copyWidths.reduce((sum, w) => sum + w, 0) + 2 * (copyColumns.length - 1);
    const singleLine = copies.every((c) => c.every((v) => !v.includes("\n")));
    const copyHead = copyHeaders.map((h) => this.paintOut("bold", h));
    const besidePlan =
      singleLine && boxColumns.length && !numbered
        ? planBoxedOrNot(boxSpecs, boxRows, this.width - 2 - listingWidth, besideFloor)
        : undefined;
    if (besidePlan) {
      const beside = this.draw(boxSpecs, boxRows, besidePlan, hasHeaders);
      // Borderless rows end where their text does: each line is padded to the table's width first.
      const lines = beside.text.split("\n");
      const tableWidth = Math.max(...lines.map((l) => textWidth(l)));
      const besideLine = (at: number | undefined, text: string) => {
        const line = at === undefined ? undefined : lines[at];
        if (at === undefined || line === undefined) throw new Error("internal error: a table line is missing");
        lines[at] = `${line}${" ".repeat(tableWidth - textWidth(line))}  ${text}`.trimEnd();
      };
      if (hasHeaders) besideLine(beside.headerLine, listing(copyHead));
      copies.forEach((values, r) => besideLine(beside.rowLines[r], listing(values)));
      this.options.stdout.write(`${lines.join("\n")}\n`);
      return;
    }
    // Below the box, the rows numbered: a listing of the values by row number when each fits on a
    // line, else each value on lines of its own after its row's number and header.
    const numberedBox = boxColumns.length > 0;
    if (numberedBox) {
      const numberedSpecs: Column[] = [{ header: "#" }, ...boxSpecs];
      const numberedRows = boxRows.map((row, n) => [{ text: String(n + 1) }, ...row]);
      const plan = planBoxedOrNot(numberedSpecs, numberedRows, this.width);
      if (!plan) return this.stacked(columns, rows);
      this.options.stdout.write(`${this.draw(numberedSpecs, numberedRows, plan, hasHeaders).text}\n`);
    }
    if (copyColumns.length === 0) return;
    const numberWidth = numberedBox ? String(rows.length).length + 2 : 0;
    const number = (r: number) => (numberedBox ? `${String(r + 1).padStart(numberWidth - 2)}  ` : "");
    if (singleLine && numberWidth + listingWidth <= this.width) {
      if (hasHeaders)
        this.options.stdout.write(`${numberedBox ? `${"#".padStart(numberWidth - 2)}  ` : ""}${listing(copyHead)}\n`);
      // A row with nothing to copy (a top-up in history) has no line here.
      copies.forEach(
        (values, r) => values.some(Boolean) && this.options.stdout.write(`${number(r)}${listing(values)}\n`),
      );
      return;
    }
    // One line per value, `1  Ref ID  RSL-…`, its label above it when the two do not fit on a line.
    const labelWidth = Math.max(...copyHeaders.map((h) => textWidth(h)));
    copies.forEach((values, r) => {
      values.forEach((value, k) => {
        if (!value) return;
        const label = `${number(r)}${(copyHeaders[k] ?? "").padEnd(labelWidth)}`;
        const together = !value.includes("\n") && textWidth(label) + 2 + textWidth(value) <= this.width;
        // Alone on its lines, a value wider than the window parts between its fields, never inside a word.
        const alone = value
          .split("\n")
          .flatMap((line) => breakCopied(line, this.width, textWidth))
          .join("\n");
        if (!label.trim()) return void this.options.stdout.write(`${alone}\n`);
        this.options.stdout.write(
          together
            ? `${this.paintOut("dim", label)}  ${value}\n`
            : `${this.paintOut("dim", label.trimEnd())}\n${alone}\n`,
        );
      });
    });
  }

  /** When no table fits (a very narrow window): each row as a record, a blank line between rows. */
  private stacked(columns: Column[], rows: Cell[][]): void {
    rows.forEach((row, r) => {
      if (r) this.options.stdout.write("\n");
      const pairs = columns
        .map((c, i): [string, Cell] => [c.short ?? c.header, row[i]])
        .filter(([, v]) => v !== null && v !== undefined && v !== "");
      if (pairs.length) this.record(pairs);
    });
  }

  /**
   * A table drawn as planned, boxed or borderless; `rowLines` says on which line of the text each
   * row starts, `headerLine` where the headers are.
   */
  private draw(
    columns: Column[],
    rows: LaidShownCell[][],
    plan: TablePlan,
    hasHeaders: boolean,
  ): { text: string; rowLines: number[]; headerLine: number } {
    if (plan.shown.length === 0) return { text: "", rowLines: [], headerLine: 0 };
    // Cut and wrapped here rather than by cli-table3, so that each line is coloured on its own and
    // the height of every row is known.
    // The shown columns with their planned widths, in the order shown.
    const shown = plan.shown.map((i, k) => ({
      i,
      column: present(columns[i], "a shown column"),
      width: present(plan.widths[k], "a column width"),
    }));
    const cellLines = rows.map((row) => {
      const texts = shown.map(({ i, column, width }) => {
        const text = formOf(row[i], plan.level);
        return { text, cuts: ["middle", "end"].includes(column.fit ?? "keep"), column, width, cell: row[i] };
      });
      // A name is cut only when its row has no room for it: when another cell already takes lines
      // below, the name wraps into them instead (`Windows 11 Pr…Retail` had a line free under it).
      const height = Math.max(
        1,
        ...texts.map(({ text, cuts, width, column }) => (cuts ? 1 : fitCell(text, width, column.fit).length)),
      );
      return texts.map(({ text, cuts, width, column, cell }) => {
        const wrapped = cuts ? wrapText(text, width) : [];
        const fits = wrapped.length <= height && wrapped.every((l) => textWidth(l) <= width);
        const lines = fits && wrapped.length ? wrapped : fitCell(text, width, column.fit);
        return lines.map((l) => ({ text: l, shown: cell?.tone ? this.paintOut(cell.tone, l) : l }));
      });
    });
    if (!plan.borders) {
      const out: string[] = [];
      const rowLines: number[] = [];
      const join = (cells: { text: string; shown: string }[]) =>
        cells
          .map((c, k) =>
            k === cells.length - 1
              ? c.shown
              : `${c.shown}${" ".repeat(present(plan.widths[k], "a column width") - textWidth(c.text))}`,
          )
          .join("  ")
          .trimEnd();
      if (hasHeaders) out.push(join(plan.headers.map((h) => ({ text: h, shown: this.paintOut("bold", h) }))));
      for (const cells of cellLines) {
        rowLines.push(out.length);
        const height = Math.max(1, ...cells.map((c) => c.length));
        for (let l = 0; l < height; l++) out.push(join(cells.map((c) => c[l] ?? { text: "", shown: "" })));
      }
      return { text: out.join("\n"), rowLines, headerLine: 0 };
    }
    const Table = loadTable();
    const table = new Table({
      ...(hasHeaders ? { head: plan.headers.map((h) => this.paintOut("bold", h)) } : {}),
      style: { head: [], border: [], compact: true },
      colWidths: plan.widths.map((w) => w + 2),
      wordWrap: false,
      truncate: "…",
    });
    const rowLines: number[] = [];
    let line = hasHeaders ? 3 : 1;
    for (const cells of cellLines) {
      rowLines.push(line);
      line += Math.max(1, ...cells.map((c) => c.length));
      table.push(cells.map((c) => c.map((l) => l.shown).join("\n")));
    }
    return { text: table.toString(), rowLines, headerLine: 1 };
  }

  /**
   * A single record, label and value per line (`Balance  Rp 1.250.000`). On a terminal a long value
   * wraps under itself within the width; a value people copy is never wrapped: when it does not fit
   * beside its label it gets a line of its own. Piped, each line is `key<TAB>value`: the key given
   * third, which scripts read the same in every language, else the label made a key.
   */
  record(pairs: ([string, Cell] | [string, Cell, string])[]): void {
    if (this.mode === "plain") {
      for (const [label, value, key] of pairs)
        this.options.stdout.write(
          `${plainCell(key ?? label.toLowerCase().replace(/\s+/g, "_"))}\t${plainCell(plainOf(value))}\n`,
        );
      return;
    }
    // A label may be the service's own field name (an answer's unknown fields): shown, never obeyed.
    const labels = pairs.map(([label]) => neutralize(label));
    const labelWidth = Math.max(...labels.map((l) => l.length));
    const indent = " ".repeat(labelWidth + 2);
    const room = Math.max(20, this.width - indent.length);
    for (const [index, [, value]] of pairs.entries()) {
      const shownLabel = this.paintOut("dim", present(labels[index], "a label").padEnd(labelWidth));
      const lines = this.humanText(value).split("\n");
      const tone = typeof value === "object" && value !== null ? value.tone : undefined;
      const paint = (line: string) => (tone ? this.paintOut(tone, line) : line);
      if (isCopy(value) && lines.some((line) => textWidth(line) > room)) {
        const alone = lines.flatMap((line) => breakCopied(line, this.width, textWidth));
        this.options.stdout.write(`${shownLabel}\n${alone.map(paint).join("\n")}\n`);
        continue;
      }
      const shown = isCopy(value) ? lines : lines.flatMap((line) => wrapText(line, room));
      this.options.stdout.write(`${shownLabel}  ${shown.map(paint).join(`\n${indent}`)}\n`);
    }
  }

  /**
   * A document reseller composed to be copied whole (a price list, a receipt), its service text
   * already neutralised by whoever composed it: written as it is, in every mode.
   */
  document(text: string): void {
    this.options.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
  }

  /** A heading between sections on a terminal; nothing when piped, where rows must stay rows. */
  heading(text: string): void {
    if (this.mode === "table") this.options.stdout.write(`\n${this.paintOut("bold", text)}\n`);
  }

  /**
   * A bare result line on stdout (a token, a link) that scripts can capture. On a terminal a
   * sentence wraps between words within the width; a word (a token, a link) is never split. `whole`:
   * values copied from the line (serials, licences), beside it when all fit, else each on its own lines.
   */
  result(text: string, tone?: Tone, options: { whole?: string[] } = {}): void {
    const safe = neutralize(text);
    if (this.mode !== "table") return void this.options.stdout.write(`${safe}\n`);
    const whole = (options.whole ?? []).map((part) => neutralize(part));
    if (whole.length && textWidth([safe, ...whole].join("  ")) <= this.width)
      return this.result([text, ...(options.whole ?? [])].join("  "), tone);
    // What is copied (a serial, a licence with its password) is never broken inside a field: each on
    // a line of its own, a licence too long for one line parted only between its ` | ` fields.
    const lines = [...wrapText(safe, this.width), ...whole.flatMap((part) => breakCopied(part, this.width, textWidth))];
    // Words kept together (see unbroken) are parted by an ordinary space on the screen, as copied;
    // a line broken after a double space ends without it.
    const shown = lines.map((line) => line.replaceAll(unbroken, " ").trimEnd());
    this.options.stdout.write(`${shown.map((line) => (tone ? this.paintOut(tone, line) : line)).join("\n")}\n`);
  }

  /**
   * Messages for people: stderr, never stdout. They often quote the service (item names, notes),
   * so they are neutralised like every cell.
   */
  info(message: string): void {
    this.toPerson(`${this.wrapped(message, 0)}\n`);
  }

  success(message: string): void {
    this.toPerson(`${this.paintErr("good", "✓")} ${this.wrapped(message, 2)}\n`);
  }

  warn(message: string): void {
    this.toPerson(`${this.paintErr("warn", "!")} ${this.wrapped(message, 2)}\n`);
  }

  /** How many columns a message on stderr may take, when stderr is a terminal. */
  get stderrWidth(): number | undefined {
    return this.options.stderrWidth;
  }

  /** Service text neutralised, then wrapped to the terminal behind a prefix `indent` wide. */
  private wrapped(message: string, indent: number): string {
    return wrapMessage(neutralize(message, { keepNewlines: true }), this.options.stderrWidth, indent, indent);
  }

  /**
   * Text for stderr. A spinner's line is cleared first and the spinner drawn again below the text,
   * so a message (a `Retrying…` warning) never shares its line.
   */
  private toPerson(text: string): void {
    // Said after a document that waits for jq, it waits too: a typo jq finds in the expression is then
    // the only thing said, as when jq finds it before the command sends anything.
    if (this.held) return this.afterHeld(() => this.writeToPerson(text));
    this.writeToPerson(text);
  }

  private writeToPerson(text: string): void {
    if (this.spinnerShown && !this.paging) this.options.stderr.write("\r\u001b[2K");
    this.options.stderr.write(text);
    this.spinnerShown?.();
  }

  /** Draws the running spinner again; set while one runs. */
  private spinnerShown?: () => void;

  /** A summary for a person on stderr (before a confirmation): labels dimmed, values neutralised. */
  summary(pairs: [string, string, Tone?][]): void {
    const width = Math.max(...pairs.map(([label]) => label.length));
    const room = this.options.stderrWidth;
    for (const [label, value, tone] of pairs) {
      const safe = neutralize(value);
      // A word too long for the room beside the label (a JSON note, a link) goes under the label,
      // where it has the most room, rather than being folded by the terminal.
      const below = room !== undefined && wordsOf(safe).some((word) => textWidth(word) > room - width - 4);
      const text = below
        ? wrapMessage(partLongWords(safe, room - 4), room - 4)
        : wrapMessage(safe, room, width + 4, width + 4);
      const lines = text.split("\n").map((line) => (tone ? this.paintErr(tone, line) : line));
      const shownLabel = `  ${this.paintErr("dim", label.padEnd(width))}`;
      this.toPerson(below ? `${shownLabel}\n    ${lines.join("\n    ")}\n` : `${shownLabel}  ${lines.join("\n")}\n`);
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
    // One line: the text is cut to the width, or the terminal would wrap it and `\r` clear only its end.
    const width = this.options.stderrWidth ?? 80;
    const draw = () =>
      !this.paging &&
      stderr.write(
        `\r\u001b[2K${this.paintErr("highlight", present(spinnerFrames[frame++ % spinnerFrames.length], "a spinner frame"))} ${endCut(shown, width - 3)}`,
      );
    draw();
    const timer = setInterval(draw, 100);
    timer.unref?.();
    this.spinnerShown = draw;
    const stopped = () => {
      clearInterval(timer);
      if (this.spinnerShown === draw) this.spinnerShown = undefined;
      if (!this.paging) stderr.write("\r\u001b[2K");
    };
    return {
      update(next: string) {
        shown = neutralize(next);
      },
      stop: stopped,
    };
  }

  private humanCell(cell: Cell, keepNewlines: boolean): string {
    const text = this.humanText(cell, keepNewlines);
    return typeof cell === "object" && cell !== null && cell.tone ? this.paintOut(cell.tone, text) : text;
  }

  /** A cell for a table's box: on one line, neutralised, its tone kept for each line it may wrap to. */
  private shownCell(cell: Cell): LaidShownCell {
    const rich = typeof cell === "object" && cell !== null ? cell : undefined;
    const oneLine = (text: string) => neutralize(text, { keepNewlines: true }).split("\n").join(" ");
    return {
      text: this.humanText(cell, true).split("\n").join(" "),
      ...(rich?.tone ? { tone: rich.tone } : {}),
      ...(rich?.shorter ? { shorter: rich.shorter.map(oneLine) } : {}),
    };
  }

  /** What a cell shows a person, neutralised, not yet coloured. */
  private humanText(cell: Cell, keepNewlines = true): string {
    if (cell === null || cell === undefined) return "-";
    if (typeof cell === "number") return String(cell);
    if (typeof cell === "string") return neutralize(cell, { keepNewlines });
    return neutralize(cell.human, { keepNewlines });
  }
}

interface LaidShownCell extends LaidCell {
  tone?: Tone;
}

/** Numbers, money and times: what a column declared by its header alone must still never cut. */
function neverCut(cell: Cell): boolean {
  if (cell === null || cell === undefined || typeof cell === "number") return true;
  if (typeof cell === "string") return cell === "";
  return cell.shorter !== undefined || /^[-+]?Rp \d/.test(cell.human);
}

function detailOf(cell: Cell): string | undefined {
  return typeof cell === "object" && cell !== null && cell.detail ? cell.detail : undefined;
}

function isCopy(cell: Cell): boolean {
  return typeof cell === "object" && cell !== null && cell.copy === true;
}

/** Narrowest a column is cut to so that copied values can stand beside the table. */
const besideFloor = 16;

/** Boxed when the box fits, else gh's borderless rows (the borders' space given to the text), else nothing. */
function planBoxedOrNot(columns: Column[], rows: LaidCell[][], width: number, floor?: number): TablePlan | undefined {
  return (
    planTable(columns, rows, width, { floor, borders: true }) ??
    planTable(columns, rows, width, { floor, borders: false })
  );
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
  tableClass ??= requirePackage<TableConstructor>("cli-table3");
  return tableClass;
}
