/**
 * The deliveries `webhook listen` has received, kept across restarts in `webhook-deliveries.jsonl`
 * under the config dir (mode 0600, like the journal). The service gives each delivery about 10 s and
 * retries it up to five times, so the listener answers 2xx as soon as the delivery is written down
 * and flushed, and hands it on afterwards from a queue: a `received` record carries the body, a
 * `settled` record says it was handed on (or dropped, and why). A restart hands on again whatever
 * was received and not settled: at least once, each hand-off named by the delivery's id, so a target
 * can drop the rare repeat.
 *
 * Listeners of several profiles may share the config dir and so this file: each appends and compacts
 * under the file's lock (`webhook-deliveries.jsonl.lock`), and a compaction starts from the file as
 * it is on disk and drops only records of its own profile, so nothing another listener wrote is lost.
 *
 * A delivery is known by what its signature covers, never by what it does not: the checked event
 * name, ref_id, invoice and signed status. Two exceptions, both said in docs/webhooks.md: the items of one
 * order are all signed alike, so `order.item.sent` is also named by the item the body names; and a
 * `webhook.test` is signed alike every time, so it is also named by the minute it came in (our clock).
 */
import { createHash } from "node:crypto";
import {
  close,
  closeSync,
  constants,
  existsSync,
  fdatasync,
  fstatSync,
  ftruncateSync,
  lstatSync,
  openSync,
  readSync,
  write,
} from "node:fs";
import { promisify } from "node:util";
import { join } from "node:path";
import {
  fileProblem,
  linkRefusedHint,
  openOwnFileForAppend,
  quietly,
  readOwnFile,
  replaceOwnFile,
  syncDirectory,
} from "../config/config-dir.js";
import { tryTakeLock, waitForLock } from "../config/file-lock.js";
import { UsageError } from "../errors.js";
import { say } from "../messages/messages.js";
import type { SignedFields } from "./signature.js";

export const deliveriesFileName = "webhook-deliveries.jsonl";

/** Settled deliveries remembered: the service gives up on a delivery within a minute. */
export const rememberedDeliveries = 5_000;

/**
 * How long an append waits for another listener's compaction (a few ms for 10,000 lines) before the
 * delivery is answered 500 instead: the service gives a delivery about 10 s.
 */
const appendWaitsForLockMs = 5_000;

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

/**
 * How a delivery was settled. An earlier release also wrote `failed` after five minutes of failed
 * tries: such a record settles nothing, and its delivery is handed on again while its body is in the file.
 */
export type SettledAs = "handed" | "dropped";

interface ReceivedRecord extends ReceivedDelivery {
  v: 2;
  type: "received";
}
interface SettledRecord {
  v: 2;
  type: "settled";
  id: string;
  key: string;
  as: SettledAs | "failed";
  /** Whose it is, for a compaction by another profile's listener; absent in records of earlier releases. */
  profile?: string;
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

export interface DeliveryStoreOptions {
  /** The profile whose listener owns this store: its records are the ones its compaction may drop. */
  profile?: string;
  /** Settled names of this profile kept by a compaction (one runs past twice as many lines). */
  remember?: number;
}

export class DeliveryStore {
  readonly path: string;
  private readonly lockPath: string;
  private readonly profile: string | undefined;
  private readonly remember: number;
  /** Key -> whether it was settled; absent: never received. */
  private readonly known = new Map<string, "pending" | "settled">();
  /** Received and not settled, in the order they came: what a restart hands on. */
  private readonly pending = new Map<string, ReceivedDelivery>();
  /** Order lines handed on by an order.item.sent (`ref_id#index`). */
  private readonly handedLines = new Set<string>();
  /** Deliveries being written right now: a second attempt waits for the first's write. */
  private readonly writing = new Map<string, Promise<void>>();
  /** What was wrong with the file when it was read, for the person starting the listener. */
  readonly problems: string[] = [];
  private fd: number | undefined;
  private batch: { line: string; done: (error?: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;
  private linesWritten = 0;
  /** Lines past which the next compaction runs (more when other profiles' records fill the file). */
  private compactAfter: number;

  constructor(
    readonly dir: string,
    options: DeliveryStoreOptions = {},
  ) {
    this.path = join(dir, deliveriesFileName);
    this.lockPath = `${this.path}.lock`;
    this.profile = options.profile;
    this.remember = options.remember ?? rememberedDeliveries;
    this.compactAfter = this.remember * 2;
    let text: string;
    try {
      text = readOwnFile(this.path) ?? "";
    } catch (error) {
      // Without it every retry of a delivery would be handed on again: refused before listening.
      throw new UsageError(say.listener.deliveriesUnreadable(this.path, fileProblem(error)), {
        code: "WEBHOOK_DELIVERIES_UNREADABLE",
        suggestion:
          (error as NodeJS.ErrnoException).code === "ELOOP" ? linkRefusedHint() : say.listener.deliveriesUnreadableHint,
      });
    }
    const lines = text.split("\n");
    const torn = text !== "" && !text.endsWith("\n");
    let damaged = 0;
    let read = 0;
    lines.forEach((line, index) => {
      if (!line.trim()) return;
      const record = parseRecordLine(line);
      if (!record) {
        // The last line, cut short by a crash mid-write, is expected once in a while; others are not.
        if (!(torn && index === lines.length - 1)) damaged++;
        else this.problems.push(say.listener.lastLineCut);
        return;
      }
      read++;
      this.load(record);
    });
    if (damaged > 0 && read === 0) {
      throw new UsageError(say.listener.deliveriesDamaged(this.path, damaged), {
        code: "WEBHOOK_DELIVERIES_DAMAGED",
        suggestion: say.listener.deliveriesDamagedHint,
      });
    }
    if (damaged > 0) this.problems.push(say.listener.linesDamaged(damaged));
    this.linesWritten = read;
    if (this.linesWritten > this.compactAfter + this.pending.size) this.compact();
  }

  private load(record: ReceivedRecord | SettledRecord | LegacyRecord): void {
    if (!("type" in record)) {
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
    if (!settles(record)) return;
    this.pending.delete(record.key);
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

  /** Notes that a delivery needs no more handing on: its handler said it is done, or it is not to be handed on. */
  async settle(delivery: ReceivedDelivery, as: SettledAs, at: string, reason?: string, line?: string): Promise<void> {
    const record: SettledRecord = {
      v: 2,
      type: "settled",
      id: delivery.id,
      key: delivery.key,
      as,
      profile: delivery.profile,
      at,
      ...(reason ? { reason: reason.slice(0, 300) } : {}),
      ...(line ? { line } : {}),
    };
    await this.append(JSON.stringify(record));
    this.pending.delete(delivery.key);
    this.known.set(delivery.key, "settled");
    if (line && as === "handed") this.handedLines.add(line);
    if (this.linesWritten > this.compactAfter + this.pending.size) await this.whenIdle(() => this.compact());
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
        // Under the file's lock: another profile's listener compacting now would otherwise replace
        // the file after reading it and before these lines, and they would be lost with the old one.
        const lock = await waitForLock(this.lockPath, appendWaitsForLockMs);
        if (!lock)
          throw Object.assign(new Error("another listener holds the deliveries file's lock"), { code: "EBUSY" });
        try {
          await this.writeBatch(batch.map((b) => b.line).join(""));
        } finally {
          lock.release();
        }
        this.linesWritten += batch.length;
        for (const b of batch) b.done();
      } catch (error) {
        for (const b of batch) b.done(error);
      }
    }
  }

  /** Under the lock: appends whole lines to the file as it is on disk now, and flushes them. */
  private async writeBatch(lines: string): Promise<void> {
    // Never through a link, as for the journal; kept open between batches while it is the same file.
    const onDisk = quietly(() => lstatSync(this.path));
    if (
      this.fd !== undefined &&
      (!onDisk || onDisk.ino !== fstatSync(this.fd).ino || onDisk.dev !== fstatSync(this.fd).dev)
    ) {
      // Compacted by another listener: the old file is no longer read by anyone.
      closeSync(this.fd);
      this.fd = undefined;
    }
    if (this.fd === undefined) {
      const created = !existsSync(this.path);
      this.fd = openOwnFileForAppend(this.path);
      // A new file's name must be durable too: fsync of the file alone does not cover its directory entry.
      if (created) syncDirectory(this.dir);
    }
    const fd = this.fd;
    const before = fstatSync(fd).size;
    // A file that does not end with a whole line (a crash mid-write, or a write that failed and could
    // not be taken back): the next record starts on a line of its own, never glued to the torn one.
    const bytes = Buffer.from((endsTorn(this.path, before) ? "\n" : "") + lines, "utf8");
    let written = 0;
    try {
      while (written < bytes.length)
        written += (await writeAsync(fd, bytes, written, bytes.length - written)).bytesWritten;
    } catch (error) {
      this.takeBack(fd, before, written);
      throw error;
    }
    // Whole and flushed before any of these deliveries is answered 2xx.
    await datasyncAsync(fd);
  }

  /**
   * A write cut short (a full disk) taken back: the file is cut to where it ended before, so the next
   * attempt's record is never glued to a partial one. When the cut fails the next record starts on a
   * new line and the reader skips the partial one.
   */
  private takeBack(fd: number, before: number, written: number): void {
    if (written === 0) return;
    try {
      if (fstatSync(fd).size === before + written) ftruncateSync(fd, before);
    } catch {
      // Said below: the partial line stays, and the next record starts on a line of its own.
    }
  }

  private async whenIdle(task: () => void): Promise<void> {
    while (this.flushing) await this.flushing;
    task();
  }

  /**
   * Under the file's lock, from the file as it is on disk: keeps every unsettled delivery, the newest
   * settled names of this profile, and every record of another profile; a new file, flushed, renamed
   * over the old only while the old is still the file that was read. When the lock is busy or
   * anything fails (a full disk), the file stays longer than it need be, and every name in it still counts.
   */
  private compact(): void {
    let lock: ReturnType<typeof tryTakeLock>;
    try {
      lock = tryTakeLock(this.lockPath);
    } catch {
      return;
    }
    if (lock === "busy") return;
    try {
      const read = readAsItIs(this.path);
      if (!read) return;
      const { lines, forgotten } = this.keptLines(read.text);
      replaceOwnFile(this.path, lines.length ? `${lines.join("\n")}\n` : "", {
        // A writer that does not take the lock (an earlier release) may have appended meanwhile: then not now.
        stillTheOneRead: () => {
          const now = quietly(() => lstatSync(this.path));
          return !!now && now.ino === read.ino && now.dev === read.dev && now.size === read.size && lock.held();
        },
      });
      syncDirectory(this.dir);
      for (const key of forgotten) if (this.known.get(key) === "settled") this.known.delete(key);
      if (this.fd !== undefined) closeSync(this.fd);
      this.fd = undefined;
      this.linesWritten = lines.length;
      this.compactAfter = Math.max(this.remember * 2, lines.length + this.remember);
    } catch {
      // Said in the doc comment: nothing is lost, the file is only longer.
    } finally {
      lock.release();
    }
  }

  /** What a compaction writes, from the file's text: the lines kept, and the settled keys it forgets. */
  private keptLines(text: string): { lines: string[]; forgotten: string[] } {
    const records = text
      .split("\n")
      .filter((line) => line.trim())
      .map(parseRecordLine)
      .filter((record) => record !== undefined);
    const profileOf = new Map<string, string>();
    const settled = new Set<string>();
    for (const record of records) {
      if (!("type" in record)) settled.add(record.key);
      else if (record.type === "received") profileOf.set(record.key, record.profile);
      else if (settles(record)) settled.add(record.key);
    }
    // Of another profile's listener, when the record or the delivery it settles says so; records of
    // earlier releases name no profile and are anyone's to forget, oldest first.
    const others = (record: ReceivedRecord | SettledRecord | LegacyRecord) => {
      const profile = "type" in record ? (record.profile ?? profileOf.get(record.key)) : profileOf.get(record.key);
      return this.profile !== undefined && profile !== undefined && profile !== this.profile;
    };
    const ownSettled = records.filter((r) => (!("type" in r) || (r.type === "settled" && settles(r))) && !others(r));
    const forgetting = new Set(ownSettled.slice(0, Math.max(0, ownSettled.length - this.remember)));
    const forgotten = [...forgetting].map((r) => r.key);
    const lines: string[] = [];
    const received = new Set<string>();
    for (const record of records) {
      if (others(record)) {
        lines.push(JSON.stringify(record));
        continue;
      }
      if (!("type" in record) || (record.type === "settled" && settles(record))) {
        if (!forgetting.has(record)) lines.push(JSON.stringify(record));
      } else if (record.type === "received") {
        if (!settled.has(record.key) && !received.has(record.key)) {
          received.add(record.key);
          lines.push(JSON.stringify(record));
        }
      }
      // An earlier release's `failed` record settles nothing: its delivery stays, received and unsettled.
    }
    // Received here and not in the file (never expected): kept all the same.
    for (const delivery of this.pending.values())
      if (!received.has(delivery.key) && !settled.has(delivery.key) && !others({ ...delivery, v: 2, type: "received" }))
        lines.push(JSON.stringify({ v: 2, type: "received", ...delivery }));
    return { lines, forgotten };
  }
}

const noFollow = constants.O_NOFOLLOW ?? 0;

/** Whether a settled record settles its delivery: an earlier release's `failed` does not. */
function settles(record: SettledRecord): boolean {
  return record.as !== "failed";
}

/** Whether the file's last byte is not the end of a line (the descriptor appending to it cannot read). */
function endsTorn(path: string, size: number): boolean {
  if (size === 0) return false;
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | noFollow);
    const last = Buffer.alloc(1);
    return readSync(fd, last, 0, 1, size - 1) === 1 && last[0] !== 0x0a;
  } catch {
    // Unreadable for a moment: a record on a line of its own costs only an empty line.
    return true;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The file's text with the inode and size it was read at; undefined when it changed while being read. */
function readAsItIs(path: string): { text: string; ino: number; dev: number; size: number } | undefined {
  const before = lstatSync(path);
  const text = readOwnFile(path) ?? "";
  if (Buffer.byteLength(text, "utf8") !== before.size) return undefined;
  return { text, ino: before.ino, dev: before.dev, size: before.size };
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
