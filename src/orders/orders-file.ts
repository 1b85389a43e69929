/**
 * Orders files (`buy --file orders.csv|orders.jsonl`): rows read and checked for form before any
 * item is fetched, each row named by the number the user sees (the CSV line, the JSON line). Each
 * row's ref_id is derived from its own content (repeats.ts), so the same orders never buy twice.
 */
import { basename } from "node:path";
import { parse } from "csv-parse/sync";
import { isRecord } from "../api/decode.js";
import { InputError, placed, type Said, UsageError, type Wording, wordIn } from "../errors.js";
import * as rules from "../rules/input.js";
import { maxAlternatives } from "./alternatives.js";
import { noteText } from "./cart-file.js";
import { en } from "../messages/en.js";

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
    throw new InputError((say) => say.orders.file.csvUnreadable((error as Error).message));
  }
}

/** A row of values as an order, or the first rule it breaks, as a wording. */
function rowFrom(values: Record<string, unknown>, row: number, file: string): OrderRow {
  const where: Wording = (say) => `${say.orders.file.place(file, row)}: `;
  const out: Partial<OrderRow> & { opt: string[] } = { row, file, opt: [] };
  for (const [key, raw] of Object.entries(values)) {
    const name = columns[key.trim().toLowerCase()];
    if (!name) throw new InputError((say) => say.orders.file.unknownColumn(where(say), key));
    if (raw === undefined || raw === null || raw === "") continue;
    const column = placed(where, key);
    switch (name) {
      case "itemId":
      case "quantity":
      case "nominal":
        if (typeof raw !== "number" && typeof raw !== "string")
          throw new InputError((say) => say.orders.file.mustBeNumber(wordIn(column, say)));
        // A nominal is Rupiah as people write them (75.000, 75rb); a quantity may be grouped (1.000); ids are plain.
        out[name] =
          name === "nominal"
            ? rules.rupiah(column, raw)
            : name === "quantity"
              ? rules.quantity(column, raw)
              : rules.positiveInteger(column, raw);
        break;
      case "opt":
        if (Array.isArray(raw) && raw.every((o) => typeof o === "string")) out.opt = raw as string[];
        else if (typeof raw === "string")
          out.opt = raw
            .split("|")
            .map((o) => o.trim())
            .filter(Boolean);
        else throw new InputError((say) => say.orders.file.optList(where(say)));
        break;
      case "note":
        out.note = noteText(raw, where);
        break;
      case "refId":
        if (typeof raw !== "string")
          throw new InputError((say) => say.orders.file.mustBeText(wordIn(placed(where, "ref_id"), say)));
        out.refId = rules.refId(raw, placed(where, "ref_id"));
        break;
      case "alternatives":
        out.alternatives = alternativeIds(raw, where);
        break;
      case "zoneId":
        if (typeof raw !== "string" && typeof raw !== "number")
          throw new InputError((say) => say.orders.file.mustBeText(wordIn(column, say)));
        out.zoneId = String(raw);
        break;
      default:
        if (typeof raw !== "string") throw new InputError((say) => say.orders.file.mustBeText(wordIn(column, say)));
        out[name] = raw;
    }
  }
  if (out.itemId === undefined) throw new InputError((say) => say.orders.file.missing(`${where(say)}item_id`));
  if (out.quantity === undefined) throw new InputError((say) => say.orders.file.missing(`${where(say)}quantity`));
  return out as OrderRow;
}

/** `14 12`, `14|12` or a JSON list `[14, 12]`: item ids, first choice first. */
function alternativeIds(raw: unknown, where: Wording): number[] {
  const parts = Array.isArray(raw)
    ? raw
    : typeof raw === "string" || typeof raw === "number"
      ? String(raw)
          .split(/[\s|]+/)
          .filter(Boolean)
      : undefined;
  const ids = parts?.map((p) => (typeof p === "number" || typeof p === "string" ? String(p).trim() : ""));
  if (!ids || ids.some((id) => !/^\d+$/.test(id) || Number(id) <= 0)) {
    const given = typeof raw === "string" ? raw : JSON.stringify(raw);
    throw new InputError((say) => say.alternatives.badList(where(say), given));
  }
  if (ids.length > maxAlternatives) {
    const count = ids.length;
    throw new InputError((say) => `${where(say)}${say.alternatives.tooMany(maxAlternatives, count)}`);
  }
  return ids.map(Number);
}

/**
 * A row that cannot be bought as written: where it is (the line an editor shows), what decides, and
 * what is wrong as wordings, said by whoever shows it: in the reader's words for people, in English
 * for a JSON error's details, which are the same in every language.
 */
export interface RowProblem {
  line: number;
  /** The error's code when the problem is one (`ITEM_NOT_FOUND`): what decides, never the words. */
  code?: string;
  message: Wording;
  suggestion?: Wording;
}

/** A refusal of a row as its problem: its wordings, the hint in the file's terms. */
export function problemOf(line: number, refusal: UsageError): RowProblem {
  const { said, suggestion } = refusal;
  return {
    line,
    code: refusal.code,
    message: (say) => wordIn(said, say),
    ...(suggestion !== undefined ? { suggestion: inFileTerms(suggestion) } : {}),
  };
}

/** Where a row is: `shop.csv baris 2`, or (for a JSON error's details) `shop.csv line 2`. */
export function placeOf(row: Pick<OrderRow, "file" | "row">): Wording {
  return (say) => say.orders.file.place(row.file, row.row);
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
  const details = detailsOf(sorted)(en);
  const error = new InputError((say) => say.orders.file.problems(rows), { details });
  error.detailsSaid = detailsOf(sorted);
  return error;
}

function detailsOf(problems: RowProblem[]): (say: Parameters<Wording>[0]) => Record<string, string> {
  return (say) => {
    const details: Record<string, string> = {};
    for (const p of problems) {
      const message = p.message(say);
      const suggestion = p.suggestion?.(say);
      const [place, text] = placedAt(message, say.orders.file.line(p.line)) ?? [say.orders.file.line(p.line), message];
      const said = `${text}${suggestion ? ` (${suggestion.replace(/\.$/, "")})` : ""}`;
      details[place] = details[place] ? `${details[place]}; ${said}` : said;
    }
    return details;
  };
}

/** `shop.csv line 2: …` split into its place and the rest, the place as `named` (`line 2`) in the same words. */
function placedAt(message: string, named: string): [string, string] | undefined {
  const at = message.indexOf(`${named}: `);
  return at < 0 ? undefined : [message.slice(0, at + named.length), message.slice(at + named.length + 2)];
}

/** The words of a single buy's flags, in the file's own terms: `--note` is the note column here. */
export function inFileTerms(said: Said): Wording {
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
  return (say) => {
    const forExample = say.orders.file.forExample.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    return wordIn(said, say)
      .replace(new RegExp(`${forExample} --([a-z-]+) (\\S+)`, "gi"), (whole, flag: string, value: string) =>
        columnOf[flag] ? say.orders.file.columnExample(columnOf[flag], value) : whole,
      )
      .replace(/--([a-z-]+)\b/g, (whole, flag: string) =>
        columnOf[flag] ? say.orders.file.column(columnOf[flag]) : whole,
      );
  };
}

/**
 * Reads every row once, collecting every problem of form (each named by its line) instead of stopping
 * at the first. A problem is kept as wordings, said in whichever words show it.
 */
export function readOrderRows(path: string, text: string): { rows: OrderRow[]; problems: RowProblem[] } {
  const isJsonLines = /\.(jsonl|ndjson)$/i.test(path) || (!/\.csv$/i.test(path) && text.trimStart().startsWith("{"));
  const file = basename(path);
  const rows: OrderRow[] = [];
  const problems: RowProblem[] = [];
  const attempt = (line: number, make: () => OrderRow) => {
    try {
      rows.push(make());
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      problems.push(problemOf(line, error));
    }
  };
  if (isJsonLines) {
    const lines = text.split(/\r?\n/);
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      attempt(index + 1, () => {
        const where: Wording = (say) => `${say.orders.file.place(file, index + 1)}: `;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch (error) {
          const why = (error as Error).message;
          throw new InputError((say) => say.orders.file.notJson(where(say), why));
        }
        if (!isRecord(parsed)) throw new InputError((say) => say.orders.file.jsonObject(where(say)));
        return rowFrom(parsed, index + 1, file);
      });
    });
  } else {
    const [header, ...data] = parseCsv(text);
    if (!header) throw new InputError((say) => say.orders.file.empty(file));
    const names = header.fields.map((h) => h.trim());
    const unknownColumn = names.find((n) => !columns[n.toLowerCase()]);
    // A header problem is the file's, said once.
    if (unknownColumn !== undefined)
      throw new InputError((say) =>
        say.orders.file.unknownColumn(`${say.orders.file.place(file, header.line)}: `, unknownColumn),
      );
    data.forEach(({ fields: values, line }) => {
      attempt(line, () => {
        if (values.length > names.length)
          throw new InputError((say) =>
            say.orders.file.tooManyFields(`${say.orders.file.place(file, line)}: `, values.length, names.length),
          );
        return rowFrom(Object.fromEntries(names.map((n, i) => [n, values[i] ?? ""])), line, file);
      });
    });
  }
  if (rows.length === 0 && problems.length === 0) throw new InputError((say) => say.orders.file.noOrders(file));
  return { rows, problems };
}

/** Reads the orders; every bad row is named in one error. */
export function readOrders(path: string, text: string): OrderRow[] {
  const { rows, problems } = readOrderRows(path, text);
  if (problems.length) throw problemsError(problems);
  return rows;
}
