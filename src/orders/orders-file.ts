/**
 * Orders files (`buy --file orders.csv|orders.jsonl`): rows read and checked for form before any
 * item is fetched, each row named by the number the user sees (the CSV line, the JSON line). Each
 * row's ref_id is derived from the file's content and its row, so the same file never buys twice.
 */
import { basename } from "node:path";
import { parse } from "csv-parse/sync";
import { isRecord } from "../api/decode.js";
import { InputError, UsageError } from "../errors.js";
import * as rules from "../rules/input.js";
import { noteText } from "./cart-file.js";

export interface OrderRow {
  /** 1-based number of the order in the file (data rows only). */
  row: number;
  /** Where the user finds it: `orders.csv row 3` (the spreadsheet's row, header is 1), `orders.jsonl line 2`. */
  place: string;
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
};

/** `BLK-3f9a1c2b7d4e-0007`: the same file gives the same ref_ids, row by row. */
export function bulkRefId(contentHash: string, row: number): string {
  return `BLK-${contentHash.slice(0, 12)}-${String(row).padStart(4, "0")}`;
}

/**
 * Rows of a CSV file, through csv-parse: quoted fields with commas, doubled quotes and newlines,
 * a byte-order mark, and `;`-separated files as spreadsheets in Indonesian locales save them.
 */
export function parseCsv(text: string): { fields: string[]; line: number }[] {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  try {
    const rows = parse(body, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as { record: string[]; info: { lines: number } }[];
    // csv-parse counts the line a record ends on; a quoted note may span lines, so step back to its first.
    return rows
      .filter((r) => r.record.some((f) => f.trim() !== ""))
      .map((r) => ({ fields: r.record, line: r.info.lines - r.record.join("").split("\n").length + 1 }));
  } catch (error) {
    throw new InputError(`The CSV file cannot be read: ${(error as Error).message}`);
  }
}

function rowFrom(values: Record<string, unknown>, row: number, place: string): OrderRow {
  const where = `${place}: `;
  const out: Partial<OrderRow> & { opt: string[] } = { row, place, opt: [] };
  for (const [key, raw] of Object.entries(values)) {
    const name = columns[key.trim().toLowerCase()];
    if (!name) throw new InputError(`${where}unknown column "${key}" (columns: item_id, quantity, note, target, opt, comment, ref_id, nominal, zone_id).`);
    if (raw === undefined || raw === null || raw === "") continue;
    switch (name) {
      case "itemId":
      case "quantity":
      case "nominal":
        if (typeof raw !== "number" && typeof raw !== "string") throw new InputError(`${where}${key} must be a number.`);
        // A nominal is Rupiah as people write them (75.000, 75rb); ids and quantities are plain counts.
        out[name] = name === "nominal" ? rules.rupiah(`${where}${key}`, raw) : rules.positiveInteger(`${where}${key}`, raw);
        break;
      case "opt":
        if (Array.isArray(raw) && raw.every((o) => typeof o === "string")) out.opt = raw as string[];
        else if (typeof raw === "string") out.opt = raw.split("|").map((o) => o.trim()).filter(Boolean);
        else throw new InputError(`${where}opt must be a list of strings (in CSV: separated by |).`);
        break;
      case "note":
        out.note = noteText(raw, where);
        break;
      case "refId":
        if (typeof raw !== "string") throw new InputError(`${where}ref_id must be text.`);
        try {
          out.refId = rules.refId(raw);
        } catch (error) {
          if (error instanceof UsageError) error.message = `${where}${error.message.replace("--ref-id", "ref_id")}`;
          throw error;
        }
        break;
      case "zoneId":
        if (typeof raw !== "string" && typeof raw !== "number") throw new InputError(`${where}${key} must be text.`);
        out.zoneId = String(raw);
        break;
      default:
        if (typeof raw !== "string") throw new InputError(`${where}${key} must be text.`);
        out[name] = raw;
    }
  }
  if (out.itemId === undefined) throw new InputError(`${where}item_id is missing.`);
  if (out.quantity === undefined) throw new InputError(`${where}quantity is missing.`);
  return out as OrderRow;
}

/** Reads the orders and names the row of the first problem. */
export function readOrders(path: string, text: string): OrderRow[] {
  const isJsonLines = /\.(jsonl|ndjson)$/i.test(path) || (!/\.csv$/i.test(path) && text.trimStart().startsWith("{"));
  const rows: OrderRow[] = [];
  if (isJsonLines) {
    const lines = text.split(/\r?\n/);
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      const place = `${basename(path)} line ${index + 1}`;
      const where = `${place}: `;
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch (error) {
        throw new InputError(`${where}not JSON (${(error as Error).message}).`);
      }
      if (!isRecord(parsed)) throw new InputError(`${where}each line must be a JSON object {item_id, quantity, note, …}.`);
      rows.push(rowFrom(parsed, rows.length + 1, place));
    });
  } else {
    const [header, ...data] = parseCsv(text);
    if (!header) throw new InputError(`${basename(path)} is empty.`);
    const names = header.fields.map((h) => h.trim());
    data.forEach(({ fields: values, line }) => {
      const place = `${basename(path)} line ${line}`;
      const where = `${place}: `;
      if (values.length > names.length) throw new InputError(`${where}${values.length} fields but the header has ${names.length} (quote a note that contains commas).`);
      rows.push(rowFrom(Object.fromEntries(names.map((n, i) => [n, values[i] ?? ""])), rows.length + 1, place));
    });
  }
  if (rows.length === 0) throw new InputError(`${basename(path)} has no orders.`);
  return rows;
}

