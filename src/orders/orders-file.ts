/**
 * Orders files (`buy --file orders.csv|orders.jsonl`): rows read and checked for form before any
 * item is fetched, each row named by the number the user sees (the CSV line, the JSON line). Each
 * row's ref_id is derived from its own content (repeats.ts), so the same orders never buy twice.
 */
import { basename } from "node:path";
import { parse } from "csv-parse/sync";
import { isRecord } from "../api/decode.js";
import { InputError, UsageError } from "../errors.js";
import * as rules from "../rules/input.js";
import { maxAlternatives } from "./alternatives.js";
import { noteText } from "./cart-file.js";
import { en, type Messages } from "../messages/en.js";
import { inEnglish, say, spoken } from "../messages/messages.js";

export interface OrderRow {
  /** The line of the file the row starts on, as an editor shows it (a CSV's header is line 1). */
  row: number;
  /** The file's name as the user sees it; with `row`, where the row is, worded by `placeOf`. */
  file: string;
  itemId: number;
  quantity: number;
  note?: string;
  target?: string;
  opt: string[];
  comment?: string;
  refId?: string;
  /** Open amounts: the amount asked for; the note is then the target. */
  nominal?: number;
  zoneId?: string;
  /** This row's alternatives, first choice first: the file's own, instead of those kept for the item. */
  alternatives?: number[];
}

const columns: Record<string, keyof Omit<OrderRow, "row">> = {
  item_id: "itemId",
  item: "itemId",
  quantity: "quantity",
  qty: "quantity",
  note: "note",
  target: "target",
  opt: "opt",
  opt_smm: "opt",
  comment: "comment",
  comment_smm: "comment",
  ref_id: "refId",
  nominal: "nominal",
  provider_qty: "nominal",
  zone_id: "zoneId",
  alternatives: "alternatives",
};

/**
 * Rows of a CSV file, through csv-parse: quoted fields with commas, doubled quotes and newlines,
 * a byte-order mark, and `;`-separated files as spreadsheets in Indonesian locales save them.
 */
export function parseCsv(text: string): { fields: string[]; line: number }[] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  try {
    const rows = parse(body, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    // csv-parse counts the line a record ends on; a quoted note may span lines, so step back to its first.
    return rows
      .filter((r) => r.record.some((f) => f.trim() !== ""))
      .map((r) => ({ fields: r.record, line: r.info.lines - r.record.join("").split("\n").length + 1 }));
  } catch (error) {
    throw new InputError(say.orders.file.csvUnreadable((error as Error).message));
  }
}

function rowFrom(values: Record<string, unknown>, row: number, file: string): OrderRow {
  const where = `${say.orders.file.place(file, row)}: `;
  const out: Partial<OrderRow> & { opt: string[] } = { row, file, opt: [] };
  for (const [key, raw] of Object.entries(values)) {
    const name = columns[key.trim().toLowerCase()];
    if (!name) throw new InputError(say.orders.file.unknownColumn(where, key));
    if (raw === undefined || raw === null || raw === "") continue;
    switch (name) {
      case "itemId":
      case "quantity":
      case "nominal":
        if (typeof raw !== "number" && typeof raw !== "string")
          throw new InputError(say.orders.file.mustBeNumber(`${where}${key}`));
        // A nominal is Rupiah as people write them (75.000, 75rb); a quantity may be grouped (1.000); ids are plain.
        out[name] =
          name === "nominal"
            ? rules.rupiah(`${where}${key}`, raw)
            : name === "quantity"
              ? rules.quantity(`${where}${key}`, raw)
              : rules.positiveInteger(`${where}${key}`, raw);
        break;
      case "opt":
        if (Array.isArray(raw) && raw.every((o) => typeof o === "string")) out.opt = raw as string[];
        else if (typeof raw === "string")
          out.opt = raw
            .split("|")
            .map((o) => o.trim())
            .filter(Boolean);
        else throw new InputError(say.orders.file.optList(where));
        break;
      case "note":
        out.note = noteText(raw, where);
        break;
      case "refId":
        if (typeof raw !== "string") throw new InputError(say.orders.file.mustBeText(`${where}ref_id`));
        out.refId = rules.refId(raw, `${where}ref_id`);
        break;
      case "alternatives":
        out.alternatives = alternativeIds(raw, where);
        break;
      case "zoneId":
        if (typeof raw !== "string" && typeof raw !== "number")
          throw new InputError(say.orders.file.mustBeText(`${where}${key}`));
        out.zoneId = String(raw);
        break;
      default:
        if (typeof raw !== "string") throw new InputError(say.orders.file.mustBeText(`${where}${key}`));
        out[name] = raw;
    }
  }
  if (out.itemId === undefined) throw new InputError(say.orders.file.missing(`${where}item_id`));
  if (out.quantity === undefined) throw new InputError(say.orders.file.missing(`${where}quantity`));
  return out as OrderRow;
}

/** `14 12`, `14|12` or a JSON list `[14, 12]`: item ids, first choice first. */
function alternativeIds(raw: unknown, where: string): number[] {
  const parts = Array.isArray(raw)
    ? raw
    : typeof raw === "string" || typeof raw === "number"
      ? String(raw)
          .split(/[\s|]+/)
          .filter(Boolean)
      : undefined;
  const ids = parts?.map((p) => (typeof p === "number" || typeof p === "string" ? String(p).trim() : ""));
  if (!ids || ids.some((id) => !/^\d+$/.test(id) || Number(id) <= 0))
    throw new InputError(say.alternatives.badList(where, typeof raw === "string" ? raw : JSON.stringify(raw)));
  if (ids.length > maxAlternatives)
    throw new InputError(`${where}${say.alternatives.tooMany(maxAlternatives, ids.length)}`);
  return ids.map(Number);
}

/** A row that cannot be bought as written: where it is (the line an editor shows) and what to fix. */
export interface RowProblem {
  line: number;
  message: string;
  suggestion?: string;
  /** The error's code when the problem is one (`ITEM_NOT_FOUND`): what decides, never the words. */
  code?: string;
  /** The same problem in English, for the details of a JSON error (the same in every language). */
  english?: { message: string; suggestion?: string };
}

/** Where a row is, in the given words: `shop.csv baris 2`, or (for a JSON error's details) `shop.csv line 2`. */
export function placeOf(row: Pick<OrderRow, "file" | "row">, words: Messages = say): string {
  return words.orders.file.place(row.file, row.row);
}

/** A problem said in the language in use, and again in English for a JSON error's details. */
export function bothLanguages(
  line: number,
  problem: () => { message: string; suggestion?: string; code?: string },
): RowProblem {
  const said = problem();
  return { line, ...said, ...(spoken === "en" ? {} : { english: inEnglish(problem) }) };
}

/**
 * Every problem of a file in one message, so a reseller fixes them all at once: `3 rows need
 * fixing; nothing was sent:` then each on its own line. One problem reads as itself.
 */
export function problemsError(problems: RowProblem[]): InputError {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  const [only] = sorted;
  if (sorted.length === 1 && only)
    return new InputError(only.message, only.suggestion ? { suggestion: only.suggestion } : {});
  const rows = new Set(sorted.map((p) => p.line)).size;
  // Each problem is a detail of its own, `orders.csv line 4: …`: one line each on stderr, a field each
  // in --json. The JSON's are English in every language, so a script reads the same keys; people read theirs.
  const details = detailsOf(sorted, (p) => p.english ?? p, en);
  const error = new InputError(say.orders.file.problems(rows), { details });
  if (sorted.some((p) => p.english)) error.detailsSaid = detailsOf(sorted, (p) => p, say);
  return error;
}

function detailsOf(
  problems: RowProblem[],
  wordsOf: (p: RowProblem) => { message: string; suggestion?: string },
  words: Messages,
): Record<string, string> {
  const details: Record<string, string> = {};
  for (const p of problems) {
    const { message, suggestion } = wordsOf(p);
    const placed = placedAt(message, p.line, words);
    const [place, text] = placed ?? [words.orders.file.line(p.line), message];
    const said = `${text}${suggestion ? ` (${suggestion.replace(/\.$/, "")})` : ""}`;
    details[place] = details[place] ? `${details[place]}; ${said}` : said;
  }
  return details;
}

/** `shop.csv line 2: …` split into its place and the rest, the place as these words name it. */
function placedAt(message: string, line: number, words: Messages): [string, string] | undefined {
  const named = words.orders.file.line(line);
  const at = message.indexOf(`${named}: `);
  return at < 0 ? undefined : [message.slice(0, at + named.length), message.slice(at + named.length + 2)];
}

/** The words of a single buy's flags, in the file's own terms: `--note` is the note column here. */
export function inFileTerms(text: string): string {
  const columnOf: Record<string, string> = {
    note: "note",
    target: "target",
    nominal: "nominal",
    "zone-id": "zone_id",
    qty: "quantity",
    item: "item_id",
    opt: "opt",
    comment: "comment",
    "ref-id": "ref_id",
  };
  const forExample = say.orders.file.forExample.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text
    .replace(new RegExp(`${forExample} --([a-z-]+) (\\S+)`, "gi"), (whole, flag: string, value: string) =>
      columnOf[flag] ? say.orders.file.columnExample(columnOf[flag], value) : whole,
    )
    .replace(/--([a-z-]+)\b/g, (whole, flag: string) =>
      columnOf[flag] ? say.orders.file.column(columnOf[flag]) : whole,
    );
}

/**
 * Reads every row, collecting every problem of form (each named by its line) instead of stopping at
 * the first; its problems read again in English when another language is in use, for a JSON error's
 * details (the rules that word them speak the language in use).
 */
export function readOrderRows(path: string, text: string): { rows: OrderRow[]; problems: RowProblem[] } {
  const said = readRows(path, text);
  if (spoken === "en" || said.problems.length === 0) return said;
  const english = inEnglish(() => readRows(path, text));
  return {
    rows: said.rows,
    problems: said.problems.map((problem, i) => {
      const other = english.problems[i];
      return other
        ? {
            ...problem,
            english: { message: other.message, ...(other.suggestion ? { suggestion: other.suggestion } : {}) },
          }
        : problem;
    }),
  };
}

function readRows(path: string, text: string): { rows: OrderRow[]; problems: RowProblem[] } {
  const isJsonLines = /\.(jsonl|ndjson)$/i.test(path) || (!/\.csv$/i.test(path) && text.trimStart().startsWith("{"));
  const rows: OrderRow[] = [];
  const problems: RowProblem[] = [];
  const attempt = (line: number, make: () => OrderRow) => {
    try {
      rows.push(make());
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      problems.push({
        line,
        message: error.message,
        ...(error.suggestion ? { suggestion: inFileTerms(error.suggestion) } : {}),
        code: error.code,
      });
    }
  };
  if (isJsonLines) {
    const lines = text.split(/\r?\n/);
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      const where = `${say.orders.file.place(basename(path), index + 1)}: `;
      attempt(index + 1, () => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch (error) {
          throw new InputError(say.orders.file.notJson(where, (error as Error).message));
        }
        if (!isRecord(parsed)) throw new InputError(say.orders.file.jsonObject(where));
        return rowFrom(parsed, index + 1, basename(path));
      });
    });
  } else {
    const [header, ...data] = parseCsv(text);
    if (!header) throw new InputError(say.orders.file.empty(basename(path)));
    const names = header.fields.map((h) => h.trim());
    const unknownColumn = names.find((n) => !columns[n.toLowerCase()]);
    // A header problem is the file's, said once.
    if (unknownColumn !== undefined)
      throw new InputError(
        say.orders.file.unknownColumn(`${say.orders.file.place(basename(path), header.line)}: `, unknownColumn),
      );
    data.forEach(({ fields: values, line }) => {
      const where = `${say.orders.file.place(basename(path), line)}: `;
      attempt(line, () => {
        if (values.length > names.length)
          throw new InputError(say.orders.file.tooManyFields(where, values.length, names.length));
        return rowFrom(Object.fromEntries(names.map((n, i) => [n, values[i] ?? ""])), line, basename(path));
      });
    });
  }
  if (rows.length === 0 && problems.length === 0) throw new InputError(say.orders.file.noOrders(basename(path)));
  return { rows, problems };
}

/** Reads the orders; every bad row is named in one error. */
export function readOrders(path: string, text: string): OrderRow[] {
  const { rows, problems } = readOrderRows(path, text);
  if (problems.length) throw problemsError(problems);
  return rows;
}
