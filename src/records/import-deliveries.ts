/**
 * The deliveries file of earlier releases (`webhook-deliveries.jsonl`, JSON Lines), imported with
 * the other old files in migrate.ts's one transaction. The only reader of that format. A delivery is
 * named by its key, and a key already in the table is left as it is (a settled one never made
 * unsettled again), so importing the file again adds nothing.
 */
import { join } from "node:path";
import { fileProblem, linkRefusedHint } from "../config/config-dir.js";
import { UsageError } from "../errors.js";
import { createDeliveriesTable, deliveryIdOf, insertReceivedSql, type ReceivedDelivery } from "./deliveries.js";
import { type Importer, oldFileLines, recordOfLine, single } from "./old-files.js";

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
  at?: string;
  reason?: string;
  line?: string;
}
type FileRecord = ReceivedRecord | SettledRecord;

/**
 * Refused (and the file left as it is) when it cannot be read or none of its lines is a record: the
 * service's retries of deliveries it names would otherwise be handed on again. Damaged lines are
 * skipped and said to the listener.
 */
export const deliveriesImporter: Importer = {
  find: (dir) => single(join(dir, deliveriesFileName)),

  table: "webhook_deliveries",
  make: createDeliveriesTable,

  *import(db, [path = ""], problems) {
    const insertReceived = db.prepare(insertReceivedSql);
    const insertSettled = db.prepare(`
      INSERT INTO webhook_deliveries (key, id, profile, settled_as, settled_at, reason, line)
      VALUES (@key, @id, @profile, @as, @at, @reason, @line)
      ON CONFLICT (key) DO UPDATE SET settled_as = excluded.settled_as, settled_at = excluded.settled_at,
        reason = excluded.reason, line = excluded.line, body = NULL, headers = NULL
      WHERE settled_as IS NULL`);
    const held = db.prepare("SELECT 1 FROM webhook_deliveries WHERE key = ?").pluck();
    // Counted once per delivery the file names, however many records it has of it.
    const keys = new Set<string>();
    let records = 0;
    let damaged = 0;
    let lastLineCut = false;
    for (const { text, cut } of oldFileLines(path, (error) => unreadable(path, error))) {
      if (!text.trim()) continue;
      const record = recordOfLine(text, '{"v":2,', parseRecord);
      // The last line, cut short by a crash mid-write, is expected once in a while; others are not.
      if (!record) {
        if (cut) lastLineCut = true;
        else damaged++;
        continue;
      }
      records++;
      if (record.type === "settled" && record.as === "failed") continue;
      const named = !keys.has(record.key);
      const written = named && held.get(record.key) === undefined;
      keys.add(record.key);
      if (record.type === "received")
        insertReceived.run({
          ...record,
          ref_id: record.ref_id ?? null,
          invoice: record.invoice ?? null,
          signed_status: record.signed_status ?? null,
          received_at: record.received_at ?? null,
          headers: JSON.stringify(record.headers ?? {}),
        });
      else
        insertSettled.run({
          key: record.key,
          id: record.id,
          profile: record.profile ?? "",
          as: record.as,
          at: record.at ?? null,
          reason: record.reason?.slice(0, 300) ?? null,
          line: record.line ?? null,
        });
      if (named) yield written;
    }
    if (damaged > 0 && records === 0)
      throw new UsageError((say) => say.listener.deliveriesDamaged(path, damaged), {
        code: "WEBHOOK_DELIVERIES_DAMAGED",
        suggestion: (say) => say.listener.deliveriesDamagedHint,
      });
    if (lastLineCut) problems.push((say) => say.listener.lastLineCut);
    if (damaged) problems.push((say) => say.listener.linesDamaged(damaged));
  },
};

function unreadable(path: string, error: unknown): UsageError {
  return new UsageError((say) => say.listener.deliveriesUnreadable(path, fileProblem(error, say)), {
    code: "WEBHOOK_DELIVERIES_UNREADABLE",
    suggestion:
      (error as NodeJS.ErrnoException).code === "ELOOP"
        ? linkRefusedHint
        : (say) => say.listener.deliveriesUnreadableHint,
  });
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
    // What the file held before deliveries were queued: one line per delivery handed on.
    if (value.v === undefined)
      return { v: 2, type: "settled", key: value.key, id: deliveryIdOf(value.key), as: "handed", profile: "" };
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
