/**
 * The deliveries file of earlier releases (`webhook-deliveries.jsonl`, JSON Lines), imported with
 * the other old files in migrate.ts's one transaction. The only reader of that format. A delivery is
 * named by its key, and a key already in the table is left as it is (a settled one never made
 * unsettled again), so importing the file again adds nothing.
 */
import { join } from "node:path";
import { fileProblem, linkRefusedHint, readOwnFile } from "../config/config-dir.js";
import { UsageError } from "../errors.js";
import { createDeliveriesTable, deliveryIdOf, insertReceivedSql, type ReceivedDelivery } from "./deliveries.js";
import { type ImportCount, type Importer, RenamedMeanwhile, recordOfLine, single } from "./old-files.js";

export const deliveriesFileName = "webhook-deliveries.jsonl";

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
 * Refused (and the file left as it is) when it cannot be read or none of its lines is a record: the
 * service's retries of deliveries it names would otherwise be handed on again. Damaged lines are
 * skipped and said to the listener.
 */
export const deliveriesImporter: Importer = {
  find: (dir) => single(join(dir, deliveriesFileName)),

  import(db, [path]) {
    let text: string | undefined;
    try {
      text = readOwnFile(path!);
    } catch (error) {
      throw new UsageError((say) => say.listener.deliveriesUnreadable(path!, fileProblem(error, say)), {
        code: "WEBHOOK_DELIVERIES_UNREADABLE",
        suggestion:
          (error as NodeJS.ErrnoException).code === "ELOOP"
            ? linkRefusedHint
            : (say) => say.listener.deliveriesUnreadableHint,
      });
    }
    if (text === undefined) throw new RenamedMeanwhile(path);
    const { records, damaged, lastLineCut } = parseFile(text);
    if (damaged > 0 && records.length === 0)
      throw new UsageError((say) => say.listener.deliveriesDamaged(path!, damaged), {
        code: "WEBHOOK_DELIVERIES_DAMAGED",
        suggestion: (say) => say.listener.deliveriesDamagedHint,
      });
    createDeliveriesTable(db);
    const insertReceived = db.prepare(insertReceivedSql);
    const insertSettled = db.prepare(`
      INSERT INTO webhook_deliveries (key, id, profile, settled_as, settled_at, reason, line)
      VALUES (@key, @id, @profile, @as, @at, @reason, @line)
      ON CONFLICT (key) DO UPDATE SET settled_as = excluded.settled_as, settled_at = excluded.settled_at,
        reason = excluded.reason, line = excluded.line, body = NULL, headers = NULL
      WHERE settled_as IS NULL`);
    const held = db.prepare("SELECT 1 FROM webhook_deliveries WHERE key = ?").pluck();
    const rows = db.prepare("SELECT COUNT(*) FROM webhook_deliveries").pluck();
    const before = rows.get() as number;
    const count: ImportCount = { read: 0, written: 0, present: 0, added: 0 };
    // A count per delivery the file names, however many records it has of it.
    const named = (key: string) => {
      if (keys.has(key)) return;
      keys.add(key);
      count.read++;
      if (held.get(key) === undefined) count.written++;
      else count.present++;
    };
    const keys = new Set<string>();
    const noSettling = { at: null, reason: null, line: null };
    for (const record of records) {
      if (!("type" in record)) {
        named(record.key);
        insertSettled.run({ ...noSettling, key: record.key, id: deliveryIdOf(record.key), profile: "", as: "handed" });
      } else if (record.type === "received") {
        named(record.key);
        insertReceived.run({
          ...record,
          ref_id: record.ref_id ?? null,
          invoice: record.invoice ?? null,
          signed_status: record.signed_status ?? null,
          received_at: record.received_at ?? null,
          headers: JSON.stringify(record.headers ?? {}),
        });
      } else if (record.as !== "failed") {
        named(record.key);
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
    count.added = (rows.get() as number) - before;
    if (lastLineCut) count.problems = [(say) => say.listener.lastLineCut];
    if (damaged) (count.problems ??= []).push((say) => say.listener.linesDamaged(damaged));
    return count;
  },
};

function parseFile(text: string): { records: FileRecord[]; damaged: number; lastLineCut: boolean } {
  const lines = text.split("\n");
  const torn = text !== "" && !text.endsWith("\n");
  const records: FileRecord[] = [];
  let damaged = 0;
  let lastLineCut = false;
  lines.forEach((line, index) => {
    if (!line.trim()) return;
    const record = recordOfLine(line, '{"v":2,', parseRecord);
    if (record) records.push(record);
    // The last line, cut short by a crash mid-write, is expected once in a while; others are not.
    else if (torn && index === lines.length - 1) lastLineCut = true;
    else damaged++;
  });
  return { records, damaged, lastLineCut };
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
