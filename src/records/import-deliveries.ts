/**
 * The deliveries file of earlier releases (`webhook-deliveries.jsonl`, JSON Lines) imported into the
 * records database: in one transaction, counts checked, then the file renamed and kept. The only
 * reader of that format. Safe to interrupt and run again: a delivery is named by its key, and a key
 * already in the table is left as it is.
 */
import { join } from "node:path";
import { fileProblem, linkRefusedHint, readOwnFile } from "../config/config-dir.js";
import { UsageError } from "../errors.js";
import { say } from "../messages/messages.js";
import type { RecordsDatabase } from "./database.js";
import { createDeliveriesTable, deliveryIdOf, insertReceivedSql, type ReceivedDelivery } from "./deliveries.js";
import { keepImported } from "./keep-imported.js";

export const deliveriesFileName = "webhook-deliveries.jsonl";

export interface DeliveriesImported {
  /** Delivery records read (lines, and records a torn line had glued to its end). */
  records: number;
  /** Lines that held no record; the last one cut short by a crash is said apart. */
  damaged: number;
  lastLineCut: boolean;
  /** Deliveries the file names (each once, however many records it has of it). */
  deliveries: number;
  /** Of those, how many were not in the database yet. */
  added: number;
  /** The name the file was kept under; undefined when another process had imported it first. */
  keptAs: string | undefined;
}

interface ReceivedRecord extends ReceivedDelivery {
  v: 2;
  type: "received";
}
interface SettledRecord {
  v: 2;
  type: "settled";
  id: string;
  key: string;
  /** An earlier release also wrote `failed` after five minutes of tries: it settles nothing. */
  as: "handed" | "dropped" | "failed";
  profile?: string;
  at: string;
  reason?: string;
  line?: string;
}
/** What the file held before deliveries were queued: one line per delivery handed on. */
interface LegacyRecord {
  key: string;
}
type FileRecord = ReceivedRecord | SettledRecord | LegacyRecord;

/**
 * Imports `webhook-deliveries.jsonl` from `dir`, if there is one. Refused (and the file left as it
 * is) when it cannot be read or none of its lines is a record: the service's retries of deliveries
 * it names would otherwise be handed on again.
 */
export function importDeliveriesFile(db: RecordsDatabase, dir: string): DeliveriesImported | undefined {
  const path = join(dir, deliveriesFileName);
  let text: string | undefined;
  try {
    text = readOwnFile(path);
  } catch (error) {
    throw new UsageError(say.listener.deliveriesUnreadable(path, fileProblem(error)), {
      code: "WEBHOOK_DELIVERIES_UNREADABLE",
      suggestion:
        (error as NodeJS.ErrnoException).code === "ELOOP" ? linkRefusedHint() : say.listener.deliveriesUnreadableHint,
    });
  }
  if (text === undefined) return undefined;
  const { records, damaged, lastLineCut } = parseFile(text);
  if (damaged > 0 && records.length === 0)
    throw new UsageError(say.listener.deliveriesDamaged(path, damaged), {
      code: "WEBHOOK_DELIVERIES_DAMAGED",
      suggestion: say.listener.deliveriesDamagedHint,
    });
  createDeliveriesTable(db);
  const insertReceived = db.prepare(insertReceivedSql);
  const insertSettled = db.prepare(`
    INSERT INTO webhook_deliveries (key, id, profile, settled_as, settled_at, reason, line)
    VALUES (@key, @id, @profile, @as, @at, @reason, @line)
    ON CONFLICT (key) DO UPDATE SET settled_as = excluded.settled_as, settled_at = excluded.settled_at,
      reason = excluded.reason, line = excluded.line, body = NULL, headers = NULL
    WHERE settled_as IS NULL`);
  const present = db.prepare<[string], { n: number }>(
    "SELECT COUNT(*) AS n FROM webhook_deliveries WHERE key IN (SELECT value FROM json_each(?))",
  );
  const count = db.prepare<[], { n: number }>("SELECT COUNT(*) AS n FROM webhook_deliveries");
  const imported = db
    .transaction(() => {
      const before = count.get()!.n;
      const keys = new Set<string>();
      for (const record of records) {
        if (!("type" in record)) {
          keys.add(record.key);
          insertSettled.run({
            key: record.key,
            id: deliveryIdOf(record.key),
            profile: "",
            as: "handed",
            at: null,
            reason: null,
            line: null,
          });
        } else if (record.type === "received") {
          keys.add(record.key);
          insertReceived.run({
            key: record.key,
            id: record.id,
            profile: record.profile,
            event: record.event,
            ref_id: record.ref_id ?? null,
            invoice: record.invoice ?? null,
            signed_status: record.signed_status ?? null,
            received_at: record.received_at ?? null,
            body: record.body,
            headers: JSON.stringify(record.headers ?? {}),
          });
        } else if (record.as !== "failed") {
          keys.add(record.key);
          insertSettled.run({
            key: record.key,
            id: record.id,
            profile: record.profile ?? "",
            as: record.as,
            at: record.at ?? null,
            reason: record.reason?.slice(0, 300) ?? null,
            line: record.line ?? null,
          });
        }
      }
      const added = count.get()!.n - before;
      // Every delivery the file names is in the table now, each once (the key is unique).
      const found = present.get(JSON.stringify([...keys]))!.n;
      if (found !== keys.size) throw new Error(`${path}: ${found} of ${keys.size} deliveries imported`);
      return { deliveries: keys.size, added };
    })
    .immediate();
  return { records: records.length, damaged, lastLineCut, ...imported, keptAs: keepImported(path) };
}

function parseFile(text: string): { records: FileRecord[]; damaged: number; lastLineCut: boolean } {
  const lines = text.split("\n");
  const torn = text !== "" && !text.endsWith("\n");
  const records: FileRecord[] = [];
  let damaged = 0;
  let lastLineCut = false;
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const record = parseRecordLine(line);
    if (record) records.push(record);
    // The last line, cut short by a crash mid-write, is expected once in a while; others are not.
    else if (torn && index === lines.length - 1) lastLineCut = true;
    else damaged++;
  });
  return { records, damaged, lastLineCut };
}

/**
 * A record line, or the record a torn line (a write cut short by a crash or a full disk) has glued
 * to its end. A record's text never holds `{"v":2,` inside a string (its quotes would be escaped),
 * so the last one on the line starts the glued record.
 */
function parseRecordLine(line: string): FileRecord | undefined {
  const whole = parseRecord(line);
  if (whole) return whole;
  const last = line.lastIndexOf('{"v":2,');
  return last > 0 ? parseRecord(line.slice(last)) : undefined;
}

function parseRecord(line: string): FileRecord | undefined {
  try {
    const value = JSON.parse(line) as {
      v?: unknown;
      type?: unknown;
      key?: unknown;
      id?: unknown;
      body?: unknown;
      event?: unknown;
      profile?: unknown;
    } | null;
    if (!value || typeof value !== "object" || typeof value.key !== "string") return undefined;
    if (value.v === undefined) return { key: value.key };
    if (value.v !== 2) return undefined;
    if (
      value.type === "received" &&
      typeof value.id === "string" &&
      typeof value.body === "string" &&
      typeof value.event === "string" &&
      typeof value.profile === "string"
    )
      return value as unknown as ReceivedRecord;
    if (value.type === "settled" && typeof value.id === "string") return value as unknown as SettledRecord;
    return undefined;
  } catch {
    return undefined;
  }
}
