/**
 * The deliveries `webhook listen` has received, kept across restarts in `webhook-deliveries.jsonl`
 * under the config dir (mode 0600, like the journal). The service gives each delivery about 10 s and
 * retries it up to five times, so the listener answers 2xx as soon as the delivery is written down
 * and flushed, and hands it on afterwards from a queue: a `received` record carries the body, a
 * `settled` record says it was handed on (or dropped, and why). A restart hands on again whatever
 * was received and not settled: at least once, each hand-off named by the delivery's id, so a target
 * can drop the rare repeat.
 *
 * A delivery is known by what its signature covers, never by what it does not: the checked event
 * name, ref_id, invoice and signed status. Two exceptions, both said in docs/webhooks.md: the items of one
 * order are all signed alike, so `order.item.sent` is also named by the item the body names; and a
 * `webhook.test` is signed alike every time, so it is also named by the minute it came in (our clock).
 */
import { createHash } from "node:crypto";
import { close, closeSync, existsSync, fdatasync, fstatSync, ftruncateSync, write } from "node:fs";
import { promisify } from "node:util";
import { join } from "node:path";
import {
  fileProblem,
  linkRefusedHint,
  openOwnFileForAppend,
  readOwnFile,
  replaceOwnFile,
  syncDirectory,
} from "../config/config-dir.js";
import { UsageError } from "../errors.js";
import type { SignedFields } from "./signature.js";

export const deliveriesFileName = "webhook-deliveries.jsonl";

/** Settled deliveries remembered: the service gives up on a delivery within a minute. */
export const rememberedDeliveries = 5_000;

const writeAsync = promisify(write);
const datasyncAsync = promisify(fdatasync);
const closeAsync = promisify(close);

/** One received delivery, as written down before the service is answered. */
export interface ReceivedDelivery {
  /** The name a target can drop a repeat by: the same for every attempt, and after a restart. */
  id: string;
  key: string;
  profile: string;
  /** The event name as checked against the signed status. */
  event: string;
  ref_id: string;
  invoice: string;
  signed_status: string;
  received_at: string;
  /** The body as it came (UTF-8). */
  body: string;
  /** The headers a --forward-to target needs to verify it too. */
  headers: Record<string, string>;
}

export type SettledAs = "handed" | "dropped" | "failed";

interface ReceivedRecord extends ReceivedDelivery {
  v: 2;
  type: "received";
}
interface SettledRecord {
  v: 2;
  type: "settled";
  id: string;
  key: string;
  as: SettledAs;
  at: string;
  reason?: string;
  /** order.item.sent: the service's order line handed on (`ref_id#index`), each handed on once. */
  line?: string;
}
/** What this file held before deliveries were queued: one line per delivery handed on. */
interface LegacyRecord {
  key: string;
}

/** The name of one delivery, the same for every attempt the service makes at it. */
export function deliveryKey(
  profile: string,
  event: string,
  fields: SignedFields,
  extra: { itemHint?: string | null; minute?: number } = {},
): string {
  const parts = [
    profile,
    event,
    fields.refId,
    fields.invoice,
    fields.status.trim().toLowerCase(),
    extra.itemHint ?? null,
    extra.minute ?? null,
  ];
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
}

export function deliveryIdOf(key: string): string {
  return `whd_${key.slice(0, 32)}`;
}

export class DeliveryStore {
  readonly path: string;
  /** Key -> whether it was settled; absent: never received. */
  private readonly known = new Map<string, "pending" | "settled">();
  /** Received and not settled, in the order they came: what a restart hands on. */
  private readonly pending = new Map<string, ReceivedDelivery>();
  /** Order lines handed on by an order.item.sent (`ref_id#index`). */
  private readonly handedLines = new Set<string>();
  /** Settled keys, oldest first, for forgetting. */
  private readonly settledOrder: SettledRecord[] = [];
  /** Deliveries being written right now: a second attempt waits for the first's write. */
  private readonly writing = new Map<string, Promise<void>>();
  /** What was wrong with the file when it was read, for the person starting the listener. */
  readonly problems: string[] = [];
  private fd: number | undefined;
  /**
   * The file does not end with a whole line (a crash mid-write, or a write that failed and could not
   * be taken back): the next record starts on a line of its own, so it is never glued to the torn one.
   */
  private torn = false;
  private batch: { line: string; done: (error?: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;
  private linesWritten = 0;

  constructor(readonly dir: string) {
    this.path = join(dir, deliveriesFileName);
    let text: string;
    try {
      text = readOwnFile(this.path) ?? "";
    } catch (error) {
      // Without it every retry of a delivery would be handed on again: refused before listening.
      throw new UsageError(`Cannot read the webhook deliveries at ${this.path}: ${fileProblem(error)}.`, {
        code: "WEBHOOK_DELIVERIES_UNREADABLE",
        suggestion:
          (error as NodeJS.ErrnoException).code === "ELOOP"
            ? linkRefusedHint
            : "Make it a readable file of yours again, or move it aside (deliveries already handed on may then be handed on again).",
      });
    }
    const lines = text.split("\n");
    const torn = text !== "" && !text.endsWith("\n");
    this.torn = torn;
    let damaged = 0;
    let read = 0;
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      const record = parseRecordLine(line);
      if (!record) {
        // The last line, cut short by a crash mid-write, is expected once in a while; others are not.
        if (!(torn && index === lines.length - 1)) damaged++;
        else
          this.problems.push(
            `its last line was cut short (a crash while writing); the delivery it named, if any, is handed on again when the service retries it`,
          );
        return;
      }
      read++;
      this.load(record);
    });
    if (damaged > 0 && read === 0) {
      throw new UsageError(
        `The webhook deliveries at ${this.path} cannot be read: none of its ${damaged} lines is a delivery record.`,
        {
          code: "WEBHOOK_DELIVERIES_DAMAGED",
          suggestion:
            "Move it aside and start again: deliveries the service retries will then be handed on again, each with its delivery id (X-Reseller-Delivery, RESELLER_DELIVERY_ID).",
        },
      );
    }
    if (damaged > 0)
      this.problems.push(
        `${damaged} of its lines are damaged and were skipped; a delivery they named is handed on again if the service retries it`,
      );
    this.linesWritten = read;
    if (this.settledOrder.length > rememberedDeliveries * 2) this.compact();
  }

  private load(record: ReceivedRecord | SettledRecord | LegacyRecord): void {
    if (!("type" in record)) {
      if (this.known.get(record.key) !== "settled")
        this.settledOrder.push({
          v: 2,
          type: "settled",
          id: deliveryIdOf(record.key),
          key: record.key,
          as: "handed",
          at: "",
        });
      this.known.set(record.key, "settled");
      return;
    }
    if (record.type === "received") {
      if (this.known.has(record.key)) return;
      const { v: _v, type: _t, ...delivery } = record;
      this.known.set(record.key, "pending");
      this.pending.set(record.key, delivery);
      return;
    }
    this.pending.delete(record.key);
    if (this.known.get(record.key) !== "settled") this.settledOrder.push(record);
    this.known.set(record.key, "settled");
    if (record.line && record.as === "handed") this.handedLines.add(record.line);
  }

  /** Whether an order.item.sent already handed on this order line. */
  lineHandedOn(line: string): boolean {
    return this.handedLines.has(line);
  }

  /** Received earlier and not yet settled, oldest first: handed on again after a restart. */
  unsettled(): ReceivedDelivery[] {
    return [...this.pending.values()];
  }

  /**
   * Writes a new delivery down and flushes it before resolving, so the service may be answered 2xx.
   * "duplicate" when this delivery was received before (an attempt the service repeated): then
   * nothing is written, and when that first attempt is still being written, this waits for it.
   */
  async receive(delivery: ReceivedDelivery): Promise<"new" | "duplicate"> {
    const underway = this.writing.get(delivery.key);
    if (underway) {
      await underway;
      return "duplicate";
    }
    if (this.known.has(delivery.key)) return "duplicate";
    const record: ReceivedRecord = { v: 2, type: "received", ...delivery };
    const written = this.append(JSON.stringify(record));
    this.writing.set(delivery.key, written);
    try {
      await written;
    } finally {
      this.writing.delete(delivery.key);
    }
    this.known.set(delivery.key, "pending");
    this.pending.set(delivery.key, delivery);
    return "new";
  }

  /** Notes that a delivery needs no more handing on. */
  async settle(delivery: ReceivedDelivery, as: SettledAs, at: string, reason?: string, line?: string): Promise<void> {
    const record: SettledRecord = {
      v: 2,
      type: "settled",
      id: delivery.id,
      key: delivery.key,
      as,
      at,
      ...(reason ? { reason: reason.slice(0, 300) } : {}),
      ...(line ? { line } : {}),
    };
    await this.append(JSON.stringify(record));
    this.pending.delete(delivery.key);
    this.known.set(delivery.key, "settled");
    this.settledOrder.push(record);
    if (line && as === "handed") this.handedLines.add(line);
    if (this.linesWritten > rememberedDeliveries * 2 + this.pending.size) await this.whenIdle(() => this.compact());
  }

  async close(): Promise<void> {
    await this.flushing;
    if (this.fd !== undefined) await closeAsync(this.fd).catch(() => undefined);
    this.fd = undefined;
  }

  /**
   * Records written together share one write and one flush (group commit): fifty deliveries arriving
   * at once cost one fsync, not fifty, and each is answered only once its own line is on disk.
   */
  private append(line: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.batch.push({ line: `${line}\n`, done: (error) => (error ? reject(error) : resolve()) });
      this.flushing ??= this.flush().finally(() => (this.flushing = undefined));
    });
  }

  private async flush(): Promise<void> {
    while (this.batch.length) {
      const batch = this.batch.splice(0);
      try {
        // Never through a link, as for the journal; kept open between batches.
        if (this.fd === undefined) {
          const created = !existsSync(this.path);
          this.fd = openOwnFileForAppend(this.path);
          // A new file's name must be durable too: fsync of the file alone does not cover its directory entry.
          if (created) syncDirectory(this.dir);
        }
        const fd = this.fd;
        const bytes = Buffer.from((this.torn ? "\n" : "") + batch.map((b) => b.line).join(""), "utf8");
        const before = fstatSync(fd).size;
        let written = 0;
        try {
          while (written < bytes.length)
            written += (await writeAsync(fd, bytes, written, bytes.length - written)).bytesWritten;
        } catch (error) {
          this.takeBack(fd, before, written);
          throw error;
        }
        this.torn = false;
        // Whole and flushed before any of these deliveries is answered 2xx.
        await datasyncAsync(fd);
        this.linesWritten += batch.length;
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.done(error);
      }
    }
  }

  /**
   * A write cut short (a full disk) took back: the file is cut to where it ended before, so the next
   * attempt's record is never glued to a partial one. Only when the partial write is the file's last
   * bytes (another listener sharing the config dir may have appended since); otherwise, or when the
   * cut fails, the next record starts on a new line and the reader skips the partial one.
   */
  private takeBack(fd: number, before: number, written: number): void {
    if (written === 0) return;
    try {
      if (fstatSync(fd).size === before + written) {
        ftruncateSync(fd, before);
        return;
      }
    } catch {
      // Said below: the partial line stays, on a line of its own.
    }
    this.torn = true;
  }

  private async whenIdle(task: () => void): Promise<void> {
    while (this.flushing) await this.flushing;
    task();
  }

  /** Keeps the newest settled names and every unsettled delivery; a new file renamed over the old. */
  private compact(): void {
    const forgotten = this.settledOrder.splice(0, Math.max(0, this.settledOrder.length - rememberedDeliveries));
    for (const record of forgotten) if (this.known.get(record.key) === "settled") this.known.delete(record.key);
    const lines = [
      ...this.settledOrder.map((r) => JSON.stringify(r)),
      ...[...this.pending.values()].map((d) => JSON.stringify({ v: 2, type: "received", ...d })),
    ];
    try {
      replaceOwnFile(this.path, lines.length ? `${lines.join("\n")}\n` : "");
      if (this.fd !== undefined) closeSync(this.fd);
      this.fd = undefined;
      this.torn = false;
      this.linesWritten = lines.length;
    } catch {
      // A full disk: the file stays longer than it need be, and every name in it still counts.
    }
  }
}

/**
 * A record line, or the record a torn line (a write cut short by a crash or a full disk) has glued
 * to its end, as the journal reads its own. A record's text never holds `{"v":2,` inside a string
 * (its quotes would be escaped), so the last one on the line starts the glued record.
 */
function parseRecordLine(line: string): ReturnType<typeof parseRecord> {
  const whole = parseRecord(line);
  if (whole) return whole;
  const last = line.lastIndexOf('{"v":2,');
  return last > 0 ? parseRecord(line.slice(last)) : undefined;
}

function parseRecord(line: string): ReceivedRecord | SettledRecord | LegacyRecord | undefined {
  try {
    const value = JSON.parse(line) as {
      v?: unknown;
      type?: unknown;
      key?: unknown;
      id?: unknown;
      body?: unknown;
      event?: unknown;
    } | null;
    if (!value || typeof value !== "object" || typeof value.key !== "string") return undefined;
    if (value.v === undefined) return { key: value.key };
    if (value.v !== 2) return undefined;
    if (
      value.type === "received" &&
      typeof value.id === "string" &&
      typeof value.body === "string" &&
      typeof value.event === "string"
    )
      return value as unknown as ReceivedRecord;
    if (value.type === "settled" && typeof value.id === "string") return value as unknown as SettledRecord;
    return undefined;
  } catch {
    return undefined;
  }
}
