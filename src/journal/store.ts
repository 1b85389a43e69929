/**
 * Where the journal lives on disk and how it is read without reading all of it.
 *
 * - `journal.jsonl` is the active log: every record is appended there (one fsync'd O_APPEND write),
 *   exactly as older releases wrote it. Appending never touches anything else in this file, so
 *   nothing here can block a purchase.
 * - `journal.d/segments/NNNNNN-YYYY-MM.jsonl` are sealed logs: at the first read of a new month the
 *   active log becomes a segment (linked to the new name, then the old name removed: nothing copied,
 *   nothing replaced). Nothing reads a segment unless a lookup's index points into it or a reader
 *   walks that far back.
 * - `journal.d/index/` is derived and disposable: `meta.json` lists the logs with the byte offset
 *   the index covers in each and the entries not settled yet; 1,024 bucket files hold one line per
 *   key (`e` entry -> where each of its records is, `r` ref_id -> entry, `i` invoice -> entry).
 *   Whoever reads first takes `journal.d/index.lock` (../config/file-lock.ts: never from a live
 *   holder) and catches the index up from each log's covered offset: bucket lines first, then
 *   meta.json replaced whole (fsync'd, renamed) with each bucket's size. Before it replaces the
 *   index or seals a log it checks the lock is still its own, and sealing checks that the active
 *   log is the file it indexed; when either has changed it starts over from what is on disk. A crash in between leaves repeated bucket lines, which readers drop; a bucket
 *   shorter than meta says, or holding zeros, means a power loss ate its tail, and the index is
 *   rebuilt. A reader that cannot take the lock reads the uncovered tail itself. Every record a
 *   bucket points at is checked to be the entry's. A missing or inconsistent index is rebuilt from
 *   the logs; when it cannot be, lookups scan the logs in bounded memory. The index is a real
 *   directory: one behind a symbolic link is neither read nor written, but replaced.
 */
import {
  closeSync,
  constants,
  fstatSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { quietly, replaceOwnFile, syncDirectory } from "../config/config-dir.js";
import { type HeldLock, lockRenewedAgoMs, tryTakeLock } from "../config/file-lock.js";
import type { JournalRecord } from "./journal.js";
import { fnv1a } from "../short-hash.js";

export const activeFileName = "journal.jsonl";
export const storeDirName = "journal.d";
const bucketCount = 1024;
const chunkBytes = 1 << 20;
/** Bucket lines kept in memory while rebuilding before they are written out. */
const rebuildFlushBytes = 16 << 20;
/** How long after sealing a segment is checked for a late append (one write by a process that opened the log just before). */
const lateAppendMs = 10 * 60_000;
/** How long a reader waits for another process's first index of the journal before scanning it itself. */
const firstIndexWaitMs = 120_000;
/** A reader waits for that index only while its builder renews the lock (every second or so): not for a paused one. */
const builderStalledMs = 5_000;
const renewEveryMs = 1_000;

const noFollow = constants.O_NOFOLLOW ?? 0;
const noBlock = constants.O_NONBLOCK ?? 0;

/** One log file as the index knows it. Ids grow with time, so id order is log order. */
interface LogFile {
  id: number;
  /** Relative to the config dir. */
  name: string;
  ino: number;
  /** Bytes of this file the index covers (always at a line's end). */
  covered: number;
  /** When its first and last covered records were written. */
  first?: string;
  last?: string;
  damaged: number;
  sealed: boolean;
  /** When it was sealed: for a short while after, a late append may still land in it. */
  sealedAt?: number;
}

interface Meta {
  v: 1;
  nextId: number;
  files: LogFile[];
  /** Entries that may be pending or unknown: every intent until an outcome other than `unknown` settles it. */
  open: string[];
  /** Each bucket's size when meta was written: a bucket found shorter was damaged, and the index is rebuilt. */
  buckets: Record<string, number>;
}

interface Located {
  record: JournalRecord;
  file: number;
  offset: number;
}

/** What a reader works from: the index as of now, plus the records it does not cover yet. */
interface View {
  meta: Meta;
  tail: Located[];
}

/** The index does not match the logs (a file replaced, a bucket line pointing at another record). */
class IndexMismatch extends Error {}

/** The index lock is no longer this process's (its lease ran out while it was paused): it starts over. */
class LockLost extends IndexMismatch {}

/** A directory itself, not a link to one. */
function isRealDirectory(path: string): boolean {
  return quietly(() => lstatSync(path).isDirectory()) === true;
}

function sameFile(a: { dev: number; ino: number } | undefined, b: { dev: number; ino: number } | undefined): boolean {
  return a !== undefined && b !== undefined && a.dev === b.dev && a.ino === b.ino;
}

/** A record line, or a record that a torn line (a crash mid-write) has glued to its end. */
function parseRecordLine(line: string): { record: JournalRecord; start: number } | undefined {
  const whole = parseRecord(line);
  if (whole) return { record: whole, start: 0 };
  // A record torn by a power loss leaves no newline, so the next record lands on its line: keep that one.
  const last = line.lastIndexOf('{"v":1,');
  if (last <= 0) return undefined;
  const glued = parseRecord(line.slice(last));
  return glued ? { record: glued, start: Buffer.byteLength(line.slice(0, last)) } : undefined;
}

function parseRecord(text: string): JournalRecord | undefined {
  try {
    const value = JSON.parse(text) as Partial<JournalRecord>;
    return value && value.v === 1 && typeof value.entry === "string" && typeof value.type === "string"
      ? (value as JournalRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Opens one of our logs for reading, never through a link; undefined when there is none. */
function openLog(path: string): { fd: number; size: number; ino: number; dev: number } | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | noFollow | noBlock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const stats = fstatSync(fd);
  if (!stats.isFile()) {
    closeSync(fd);
    const code = stats.isDirectory() ? "EISDIR" : "ENOTREG";
    throw Object.assign(new Error(`${code}: ${path} is not a regular file`), { code, path });
  }
  return { fd, size: stats.size, ino: stats.ino, dev: stats.dev };
}

interface Line {
  text: string;
  offset: number;
  /** Ends with a newline; the last line of a log may not (torn, or still being written). */
  whole: boolean;
  /** Where the next line starts. */
  next: number;
}

/**
 * Reads chunks into one buffer reused for the whole walk, with the unfinished line carried over:
 * a fresh megabyte per chunk would sit outside V8's heap until a collection, and a walk over a
 * year of orders would hold hundreds of them.
 */
class ChunkBuffer {
  // Grown to what the walk needs: the active log is often a few kilobytes.
  private work = Buffer.alloc(0);

  /** `size` bytes of the file at `position`, then `carry` after them (backward) or before them (forward). */
  fill(fd: number, position: number, size: number, carry: Buffer, carryFirst: boolean): Buffer {
    const total = size + carry.length;
    if (this.work.length < total) this.work = Buffer.allocUnsafe(total * 2);
    const at = carryFirst ? carry.length : 0;
    let read = 0;
    while (read < size) {
      const n = readSync(fd, this.work, at + read, size - read, position + read);
      if (n === 0) break;
      read += n;
    }
    carry.copy(this.work, carryFirst ? 0 : read);
    return this.work.subarray(0, read + carry.length);
  }
}

/** The lines of [start, end) in order, read a chunk at a time. */
function* linesForward(fd: number, start: number, end: number): Generator<Line> {
  const chunks = new ChunkBuffer();
  let carry: Buffer = Buffer.alloc(0);
  let carryAt = start;
  let position = start;
  while (position < end) {
    const size = Math.min(chunkBytes, end - position);
    const buffer = chunks.fill(fd, position, size, carry, true);
    const read = buffer.length - carry.length;
    if (read === 0) break;
    position += read;
    let from = 0;
    for (let nl = buffer.indexOf(10, from); nl !== -1; nl = buffer.indexOf(10, from)) {
      if (nl > from)
        yield { text: buffer.toString("utf8", from, nl), offset: carryAt + from, whole: true, next: carryAt + nl + 1 };
      from = nl + 1;
    }
    carry = Buffer.from(buffer.subarray(from));
    carryAt += from;
  }
  if (carry.length) yield { text: carry.toString("utf8"), offset: carryAt, whole: false, next: carryAt + carry.length };
}

/** The lines of [0, end) last first, read a chunk at a time from the end. */
function* linesBackward(fd: number, end: number): Generator<Line> {
  const chunks = new ChunkBuffer();
  let carry: Buffer = Buffer.alloc(0);
  let position = end;
  let first = true;
  while (position > 0) {
    const size = Math.min(chunkBytes, position);
    position -= size;
    const buffer = chunks.fill(fd, position, size, carry, false);
    let to = buffer.length;
    for (let nl = buffer.lastIndexOf(10, to - 1); nl !== -1; nl = to > 0 ? buffer.lastIndexOf(10, to - 1) : -1) {
      if (to > nl + 1)
        yield {
          text: buffer.toString("utf8", nl + 1, to),
          offset: position + nl + 1,
          whole: !first,
          next: position + to + (first ? 0 : 1),
        };
      first = false;
      to = nl;
    }
    carry = Buffer.from(buffer.subarray(0, to));
  }
  if (carry.length)
    yield { text: carry.toString("utf8"), offset: 0, whole: !first, next: carry.length + (first ? 0 : 1) };
}

function located(line: Line, file: number): Located | undefined {
  const parsed = parseRecordLine(line.text);
  return parsed ? { record: parsed.record, file, offset: line.offset + parsed.start } : undefined;
}

/**
 * One buffer for the reads that finish before they return (a record, a bucket): a lookup of 700
 * unsettled entries made thousands of fresh ones, held outside V8's heap until a collection (80 MiB
 * in a listener). Never handed out: what is read is copied into strings.
 */
let scratch = Buffer.allocUnsafe(64 * 1024);
function scratchOf(size: number): Buffer {
  if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2));
  return scratch;
}

/** The record that starts at this offset (records are kept under 4 KiB; older ones may be longer). */
function recordAt(fd: number, offset: number): JournalRecord | undefined {
  let size = 8192;
  for (;;) {
    const buffer = scratchOf(size).subarray(0, size);
    const read = readSync(fd, buffer, 0, size, offset);
    const nl = buffer.subarray(0, read).indexOf(10);
    if (nl !== -1 || read < size) return parseRecord(buffer.toString("utf8", 0, nl === -1 ? read : nl));
    size *= 4;
  }
}

type KeyKind = "e" | "r" | "i";

function keyOf(kind: KeyKind, key: string): string {
  return `${kind}${JSON.stringify(key)}\t`;
}

function bucketName(prefix: string): string {
  return `b${(fnv1a(prefix) % bucketCount).toString(16).padStart(3, "0")}`;
}

/** The bucket lines one record adds, by bucket. */
function indexLines(
  r: JournalRecord,
  file: number,
  offset: number,
  add: (prefix: string, value: string) => void,
): void {
  add(keyOf("e", r.entry), `${file}:${offset}`);
  if (r.type === "intent" && typeof r.ref_id === "string" && r.ref_id) add(keyOf("r", r.ref_id), r.entry);
  if ((r.type === "outcome" || r.type === "status") && typeof r.invoice === "string" && r.invoice)
    add(keyOf("i", r.invoice), r.entry);
}

function noteOpen(open: Set<string>, r: JournalRecord): void {
  if (r.type === "intent") open.add(r.entry);
  else if (r.type === "outcome") {
    if (r.outcome === "unknown") open.add(r.entry);
    else open.delete(r.entry);
  }
}

/** An entry the index lists as open must be in the logs it covers, and not settled there. */
function checkOpen(listed: string[], covered: JournalRecord[]): void {
  const open = new Set<string>();
  for (const r of covered) noteOpen(open, r);
  for (const entry of listed)
    if (!open.has(entry)) throw new IndexMismatch(`the index lists ${entry} as open, and the logs do not`);
}

function monthOf(at: string | undefined): string | undefined {
  return at && /^\d{4}-\d{2}/.test(at) ? at.slice(0, 7) : undefined;
}

/**
 * Bucket lines waiting to be written, as bytes outside V8's heap: held as strings until a flush
 * they outlive young collections, and a rebuild of a year's journal spent most of its time in GC.
 */
class BucketLines {
  private readonly buffers = new Map<string, { data: Buffer; length: number }>();
  bytes = 0;

  add(bucket: string, line: string): void {
    let held = this.buffers.get(bucket);
    if (!held) this.buffers.set(bucket, (held = { data: Buffer.allocUnsafe(4096), length: 0 }));
    const size = Buffer.byteLength(line);
    if (held.length + size > held.data.length) {
      const grown = Buffer.allocUnsafe(Math.max(held.data.length * 2, held.length + size));
      held.data.copy(grown, 0, 0, held.length);
      held.data = grown;
    }
    held.length += held.data.write(line, held.length);
    this.bytes += size;
  }

  drain(write: (bucket: string, bytes: Buffer) => void): void {
    for (const [bucket, held] of this.buffers) {
      if (held.length) write(bucket, held.data.subarray(0, held.length));
      held.length = 0;
    }
    this.bytes = 0;
  }
}

/** Returns the bucket's size after the append. */
function appendToBucket(path: string, bytes: Buffer): number {
  const fd = openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | noFollow, 0o600);
  try {
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}

function sleepMs(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export class JournalStore {
  readonly activePath: string;
  readonly storeDir: string;
  readonly segmentsDir: string;
  readonly indexDir: string;
  private readonly lockPath: string;
  private readonly metaPath: string;
  /** Lines that could not be read, met by the last walk over the logs. */
  damaged = 0;
  /** The index lock, while this process holds it. */
  private lock: HeldLock | undefined;
  private renewedAt = 0;

  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.activePath = join(dir, activeFileName);
    this.storeDir = join(dir, storeDirName);
    this.segmentsDir = join(this.storeDir, "segments");
    this.indexDir = join(this.storeDir, "index");
    this.lockPath = join(this.storeDir, "index.lock");
    this.metaPath = join(this.indexDir, "meta.json");
  }

  /** The sealed segments (oldest first) then the active log, as paths, whether or not indexed. */
  logPaths(): string[] {
    let names: string[] = [];
    try {
      names = readdirSync(this.segmentsDir)
        .filter((n) => /^\d{6}-.*\.jsonl$/.test(n))
        .sort();
    } catch {
      // No segments yet.
    }
    return [...names.map((n) => join(this.segmentsDir, n)), this.activePath];
  }

  // ---- lookups through the index ----

  /**
   * Every record of the entries a ref_id (`r`), an invoice (`i`) or an entry id (`e`) names, or of
   * the entries that may be unsettled (`open`), in log order, wherever each was written. The ids
   * are a superset (a hash bucket, a settled entry): callers fold and compare.
   */
  lookup(kind: "r" | "i" | "e" | "open", key = ""): JournalRecord[] {
    const names = (r: JournalRecord): boolean =>
      kind === "e"
        ? r.entry === key
        : kind === "r"
          ? r.type === "intent" && r.ref_id === key
          : kind === "i"
            ? (r.type === "outcome" || r.type === "status") && r.invoice === key
            : false;
    return this.withView(
      (view) => {
        let ids: Set<string>;
        if (kind === "open") {
          ids = new Set(view.meta.open);
          for (const { record } of view.tail) noteOpen(ids, record);
        } else if (kind === "e") {
          ids = new Set([key]);
        } else {
          ids = new Set(this.bucketValues(view, keyOf(kind, key)));
          for (const { record } of view.tail) if (names(record)) ids.add(record.entry);
        }
        // The index's word on what is open is checked against the logs: each entry it lists is there, unsettled.
        if (kind !== "open") return this.recordsOf(view, ids);
        const listed = view.meta.open;
        return this.recordsOf(view, new Set([...listed, ...ids]), (covered) => checkOpen(listed, covered));
      },
      () => {
        // No index to use: two passes over the logs, holding only what is asked for.
        const ids = new Set<string>();
        if (kind === "open") for (const { record } of this.forward()) noteOpen(ids, record);
        else for (const { record } of this.forward()) if (names(record)) ids.add(record.entry);
        const records: JournalRecord[] = [];
        if (ids.size) for (const { record } of this.forward()) if (ids.has(record.entry)) records.push(record);
        return records;
      },
    );
  }

  /** The records of these entries; `check` sees those the index covers, in log order, before the tail joins them. */
  private recordsOf(view: View, entries: Set<string>, check?: (covered: JournalRecord[]) => void): JournalRecord[] {
    if (entries.size === 0) return [];
    const found = new Map<string, Located>();
    const fds = new Map<number, number>();
    try {
      for (const entry of entries) {
        for (const where of this.bucketValues(view, keyOf("e", entry))) {
          if (found.has(where)) continue;
          const [file, offset] = where.split(":").map(Number) as [number, number];
          const log = view.meta.files.find((f) => f.id === file);
          if (!log) throw new IndexMismatch(`no log ${file}`);
          let fd = fds.get(file);
          if (fd === undefined) {
            const opened = this.openForReading(join(this.dir, log.name));
            if (!opened || opened.ino !== log.ino) {
              if (opened) closeSync(opened.fd);
              throw new IndexMismatch(`${log.name} was replaced`);
            }
            fd = opened.fd;
            fds.set(file, fd);
          }
          const record = recordAt(fd, offset);
          if (!record || record.entry !== entry)
            throw new IndexMismatch(`${log.name}:${offset} is not a record of ${entry}`);
          found.set(where, { record, file, offset });
        }
      }
    } finally {
      for (const fd of fds.values()) closeSync(fd);
    }
    const inLogOrder = (a: Located, b: Located) => a.file - b.file || a.offset - b.offset;
    check?.([...found.values()].sort(inLogOrder).map((l) => l.record));
    for (const t of view.tail) if (entries.has(t.record.entry)) found.set(`${t.file}:${t.offset}`, t);
    return [...found.values()].sort(inLogOrder).map((l) => l.record);
  }

  /**
   * Records newest first across the logs, a chunk at a time: a caller that stops iterating stops the
   * reading. `sinceFile` skips sealed segments whose last record is older than it.
   */
  *backward(since?: string): Generator<JournalRecord> {
    const meta = this.readMeta();
    const paths = this.logPaths();
    const read: { dev: number; ino: number }[] = [];
    this.damaged = 0;
    for (let i = paths.length - 1; i >= 0; i--) {
      const path = paths[i]!;
      if (since && meta && i < paths.length - 1) {
        const known = meta.files.find((f) => join(this.dir, f.name) === path);
        if (known?.sealed && known.last && known.last < since && known.covered === safeSize(path)) continue;
      }
      const opened = this.openForReading(path);
      if (!opened) continue;
      // Sealing names the active log as a segment a moment before it removes the old name: read it once.
      if (read.some((f) => sameFile(f, opened))) {
        closeSync(opened.fd);
        continue;
      }
      read.push(opened);
      try {
        for (const line of linesBackward(opened.fd, opened.size)) {
          const found = parseRecordLine(line.text);
          if (found) yield found.record;
          else this.damaged++;
        }
      } finally {
        closeSync(opened.fd);
      }
    }
  }

  /** Records oldest first across the logs, a chunk at a time. */
  *forward(): Generator<Located> {
    this.damaged = 0;
    const paths = this.logPaths();
    const read: { dev: number; ino: number }[] = [];
    for (let i = 0; i < paths.length; i++) {
      const opened = this.openForReading(paths[i]!);
      if (!opened) continue;
      if (read.some((f) => sameFile(f, opened))) {
        closeSync(opened.fd);
        continue;
      }
      read.push(opened);
      try {
        for (const line of linesForward(opened.fd, 0, opened.size)) {
          const found = located(line, i);
          if (found) yield found;
          else this.damaged++;
        }
      } finally {
        closeSync(opened.fd);
      }
    }
  }

  /** Lines the index found damaged (torn or not JSON) in what it covers. */
  damagedCovered(): number {
    return this.readMeta()?.files.reduce((n, f) => n + f.damaged, 0) ?? 0;
  }

  /** Opens a log for a reader; an unreadable log is the caller's error to word (JournalUnreadable). */
  private openForReading(path: string): ReturnType<typeof openLog> {
    try {
      return openLog(path);
    } catch (error) {
      throw Object.assign(error as Error, { journalPath: path });
    }
  }

  // ---- the index ----

  /**
   * Runs `indexed` on a view of the index caught up to now. On a mismatch (a rotation by another
   * process just then, a damaged index) it looks again with a fresh view, then rebuilds the index,
   * and as a last resort runs `scan` over every record (bounded memory, slow but never wrong).
   */
  private withView<T>(indexed: (view: View) => T, scan: (walk: Iterable<Located>) => T): T {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (attempt === 1) sleepMs(15);
      let view: View | undefined;
      try {
        view = this.view(attempt === 2);
        if (!view) break;
        return indexed(view);
      } catch (error) {
        if (!(error instanceof IndexMismatch)) throw error;
        if (process.env.RESELLER_DEBUG_JOURNAL) process.stderr.write(`journal index: ${error.message}\n`);
      }
    }
    return scan(this.forward());
  }

  /**
   * The index caught up (when the lock is free), else as it is with the uncovered tail read here;
   * undefined when there is no index to use.
   */
  private view(rebuild: boolean): View | undefined {
    let meta = this.readMeta();
    // Nothing bought yet: reading makes no files.
    if (!meta && !this.anyLog()) return { meta: { v: 1, nextId: 1, files: [], open: [], buckets: {} }, tail: [] };
    let lock = this.tryLock();
    // Another process is building the first index (a migration): waiting for it costs less than
    // every command scanning the whole journal meanwhile, while it is at work (not paused).
    const until = Date.now() + firstIndexWaitMs;
    while (
      lock === "busy" &&
      !meta &&
      Date.now() < until &&
      (lockRenewedAgoMs(this.lockPath) ?? 0) < builderStalledMs
    ) {
      sleepMs(100);
      meta = this.readMeta();
      if (!meta) lock = this.tryLock();
    }
    const held = typeof lock === "object" ? lock : undefined;
    if (held) {
      this.lock = held;
      this.renewedAt = Date.now();
      try {
        this.finishSeal();
        let fresh: Meta;
        if (!meta || rebuild) fresh = this.rebuild();
        else {
          try {
            fresh = this.catchUp(meta);
          } catch (error) {
            if (!(error instanceof IndexMismatch) || error instanceof LockLost) throw error;
            fresh = this.rebuild();
          }
        }
        // A last line still being written is not covered, but is read.
        return { meta: fresh, tail: this.uncovered(fresh) };
      } catch (error) {
        if ((error as { journalPath?: string }).journalPath || error instanceof LockLost) throw error;
        // The index cannot be written (read-only, full disk): read around it.
        meta = this.readMeta();
      } finally {
        this.lock = undefined;
        held.release();
      }
    }
    if (!meta) return undefined;
    return { meta, tail: this.uncovered(meta) };
  }

  private anyLog(): boolean {
    for (const path of [this.activePath, this.segmentsDir]) {
      try {
        lstatSync(path);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") return true;
      }
    }
    return false;
  }

  private readMeta(): Meta | undefined {
    // An index behind a link is not ours to trust (nor to write into): it is rebuilt in a dir of its own.
    if (!isRealDirectory(this.indexDir)) return undefined;
    const opened = (() => {
      try {
        return openLog(this.metaPath);
      } catch {
        return undefined;
      }
    })();
    if (!opened) return undefined;
    try {
      const buffer = Buffer.allocUnsafe(opened.size);
      let read = 0;
      while (read < opened.size) {
        const n = readSync(opened.fd, buffer, read, opened.size - read, read);
        if (n === 0) break;
        read += n;
      }
      const meta = JSON.parse(buffer.toString("utf8", 0, read)) as Meta;
      return meta &&
        meta.v === 1 &&
        Array.isArray(meta.files) &&
        Array.isArray(meta.open) &&
        typeof meta.nextId === "number" &&
        meta.buckets &&
        typeof meta.buckets === "object"
        ? meta
        : undefined;
    } catch {
      return undefined;
    } finally {
      closeSync(opened.fd);
    }
  }

  /** Records the index does not cover yet: the active log's tail, and a segment's if a late append landed after sealing. */
  private uncovered(meta: Meta): Located[] {
    const tail: Located[] = [];
    const active = this.openForReading(this.activePath);
    if (active) {
      try {
        const known = meta.files.find((f) => f.ino === active.ino && !f.sealed);
        // Also named as the segment it was just sealed into (sealing removes the old name next): read there.
        const sealedAs = !known && meta.files.some((f) => f.ino === active.ino && f.sealed);
        const from = sealedAs ? active.size : (known?.covered ?? 0);
        // A log the index has not met yet gets an id past every known one, so it sorts last.
        const id = known?.id ?? meta.nextId;
        for (const line of linesForward(active.fd, from, active.size)) {
          const found = located(line, id);
          if (found) tail.push(found);
        }
      } finally {
        closeSync(active.fd);
      }
    }
    const lastSealed = this.recentlySealed(meta);
    if (lastSealed) {
      const opened = quietly(() => openLog(join(this.dir, lastSealed.name)));
      if (opened) {
        try {
          if (opened.ino !== lastSealed.ino) throw new IndexMismatch(`${lastSealed.name} was replaced`);
          for (const line of linesForward(opened.fd, lastSealed.covered, opened.size)) {
            const found = located(line, lastSealed.id);
            if (found) tail.push(found);
          }
        } finally {
          closeSync(opened.fd);
        }
      }
    }
    return tail;
  }

  /** Reads a bucket's values for one key; a line still being written (no newline yet) is left out. */
  private bucketValues(view: View, prefix: string): string[] {
    const name = bucketName(prefix);
    const expected = view.meta.buckets[name] ?? 0;
    let opened: ReturnType<typeof openLog>;
    try {
      opened = openLog(join(this.indexDir, name));
    } catch (error) {
      throw new IndexMismatch(`bucket ${name} cannot be read (${(error as NodeJS.ErrnoException).code})`);
    }
    if (!opened) {
      if (expected > 0) throw new IndexMismatch(`bucket ${name} is gone`);
      // No key of this bucket was ever indexed.
      return [];
    }
    if (opened.size < expected) {
      closeSync(opened.fd);
      throw new IndexMismatch(`bucket ${name} is shorter than the index wrote it`);
    }
    let buffer: Buffer;
    try {
      buffer = scratchOf(opened.size).subarray(0, opened.size);
      let read = 0;
      while (read < opened.size) {
        const n = readSync(opened.fd, buffer, read, opened.size - read, read);
        if (n === 0) break;
        read += n;
      }
      buffer = buffer.subarray(0, read);
    } finally {
      closeSync(opened.fd);
    }
    // Blocks a power loss left unwritten read as zeros: this index is not to be trusted.
    if (buffer.indexOf(0) !== -1) throw new IndexMismatch(`bucket ${name} holds NUL bytes`);
    const key = Buffer.from(prefix, "utf8");
    const needle = Buffer.from(`\n${prefix}`, "utf8");
    const values = new Set<string>();
    const take = (valueStart: number) => {
      const nl = buffer.indexOf(10, valueStart);
      if (nl !== -1) values.add(buffer.toString("utf8", valueStart, nl));
    };
    if (buffer.subarray(0, key.length).equals(key)) take(key.length);
    for (let i = buffer.indexOf(needle); i !== -1; i = buffer.indexOf(needle, i + 1)) take(i + needle.length);
    return [...values];
  }

  /** The lock, "busy" when another live process holds it, undefined when it cannot be taken at all. */
  private tryLock(): HeldLock | "busy" | undefined {
    try {
      mkdirSync(this.storeDir, { recursive: true, mode: 0o700 });
    } catch {
      // A file in its place, a read-only disk: no index can be kept here.
      return undefined;
    }
    // Nor in a dir a link points to.
    if (!isRealDirectory(this.storeDir)) return undefined;
    try {
      return tryTakeLock(this.lockPath);
    } catch {
      return undefined;
    }
  }

  /** Throws LockLost when the lock is no longer this process's: what it was about to do is not its to do. */
  private stillHolding(): void {
    if (this.lock && !this.lock.held()) throw new LockLost("the index lock was taken over");
  }

  /** Renews the lock's lease now and then during a long walk, so others see its holder at work. */
  private renewLock(): void {
    const now = Date.now();
    if (!this.lock || now - this.renewedAt < renewEveryMs) return;
    this.renewedAt = now;
    this.lock.renew();
  }

  /**
   * A crash between sealing's link and its removal of the old name leaves the active log named as the
   * newest segment too: the removal is finished (under the lock) so it is not read twice.
   */
  private finishSeal(): void {
    const newest = this.logPaths().at(-2);
    const active = quietly(() => lstatSync(this.activePath));
    const segment = newest ? quietly(() => lstatSync(newest)) : undefined;
    if (!sameFile(active, segment)) return;
    unlinkSync(this.activePath);
    syncDirectory(this.dir);
  }

  /** Under the lock: indexes what the logs gained since `meta`, seals a past month's active log. */
  private catchUp(meta: Meta): Meta {
    const next: Meta = {
      ...meta,
      files: meta.files.map((f) => ({ ...f })),
      open: [...meta.open],
      buckets: { ...meta.buckets },
    };
    const open = new Set(next.open);
    const pending = new BucketLines();
    const add = (prefix: string, value: string) => pending.add(bucketName(prefix), `${prefix}${value}\n`);
    let changed = false;

    // A late append can land in the segment sealed last (its writer opened the log before the rename).
    const lastSealed = this.recentlySealed(next);
    if (lastSealed && quietly(() => statSync(join(this.dir, lastSealed.name)).size) !== lastSealed.covered) {
      try {
        changed = this.indexFile(lastSealed, join(this.dir, lastSealed.name), add, open) || changed;
      } catch (error) {
        // Unreadable now: said to whoever asks for what it holds, never to a reader of this month.
        if (!(error as { journalPath?: string }).journalPath) throw error;
      }
    }

    const active = this.openForReading(this.activePath);
    if (active) {
      closeSync(active.fd);
      let log = next.files.find((f) => !f.sealed && f.ino === active.ino);
      if (!log) {
        // A stale active entry (its file replaced by hand) would point lookups at the wrong file.
        if (next.files.some((f) => !f.sealed)) throw new IndexMismatch("the active log was replaced");
        log = { id: next.nextId++, name: activeFileName, ino: active.ino, covered: 0, damaged: 0, sealed: false };
        next.files.push(log);
        changed = true;
      }
      changed = this.indexFile(log, this.activePath, add, open) || changed;
    } else if (next.files.some((f) => !f.sealed)) {
      throw new IndexMismatch("the active log is gone");
    }

    if (changed) {
      this.stillHolding();
      this.flushBuckets(this.indexDir, pending, next.buckets);
      next.open = [...open];
      this.writeMeta(this.indexDir, next);
    }
    return this.sealIfPastMonth(next);
  }

  private recentlySealed(meta: Meta): LogFile | undefined {
    const last = [...meta.files].reverse().find((f) => f.sealed);
    return last && this.now() - (last.sealedAt ?? 0) < lateAppendMs ? last : undefined;
  }

  /** Indexes a log from its covered offset to its last whole line; returns whether anything was added. */
  private indexFile(
    log: LogFile,
    path: string,
    add: (prefix: string, value: string) => void,
    open: Set<string>,
  ): boolean {
    const opened = this.openForReading(path);
    if (!opened) throw new IndexMismatch(`${log.name} is gone`);
    try {
      if (opened.ino !== log.ino) throw new IndexMismatch(`${log.name} was replaced`);
      if (opened.size < log.covered) throw new IndexMismatch(`${log.name} shrank`);
      if (opened.size === log.covered) return false;
      let covered = log.covered;
      for (const line of linesForward(opened.fd, log.covered, opened.size)) {
        // A last line without its newline may be a record being written: left for the next reader.
        if (!line.whole) break;
        this.renewLock();
        covered = line.next;
        const found = located(line, log.id);
        if (!found) {
          log.damaged++;
          continue;
        }
        const r = found.record;
        indexLines(r, log.id, found.offset, add);
        noteOpen(open, r);
        if (typeof r.at === "string") {
          if (!log.first || r.at < log.first) log.first = r.at;
          if (!log.last || r.at > log.last) log.last = r.at;
        }
      }
      if (covered === log.covered) return false;
      log.covered = covered;
      return true;
    } finally {
      closeSync(opened.fd);
    }
  }

  /**
   * Appends each bucket's new lines, without an fsync each (that cost every command ~10 fsyncs):
   * meta.json, written after and fsync'd, records each bucket's size, and a bucket found shorter or
   * holding NUL bytes after a power loss makes readers rebuild the index rather than trust it.
   */
  private flushBuckets(dir: string, pending: BucketLines, sizes: Record<string, number>): void {
    if (pending.bytes === 0) return;
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isRealDirectory(dir)) throw new IndexMismatch(`${dir} is not a directory of its own`);
    pending.drain((name, bytes) => (sizes[name] = appendToBucket(join(dir, name), bytes)));
  }

  private writeMeta(dir: string, meta: Meta): void {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (!isRealDirectory(dir)) throw new IndexMismatch(`${dir} is not a directory of its own`);
    replaceOwnFile(join(dir, "meta.json"), JSON.stringify(meta));
  }

  /**
   * At the first read of a new month the active log becomes a sealed segment, whole (an old journal
   * on its first use becomes one segment). Only the file that was indexed is sealed, and never over
   * a segment already there: a hard link to the new name (link never replaces), then the old name
   * removed. Records appended by a process that opened the log just before land in that segment,
   * which the next catch-up indexes.
   */
  private sealIfPastMonth(meta: Meta): Meta {
    const active = meta.files.find((f) => !f.sealed);
    const month = monthOf(active?.first);
    const thisMonth = new Date(this.now()).toISOString().slice(0, 7);
    if (!active || !month || month >= thisMonth || active.covered === 0) return meta;
    // A newer log in its place (another process sealed this one meanwhile) is not this one to seal.
    const indexed = quietly(() => lstatSync(this.activePath));
    if (indexed?.ino !== active.ino) throw new IndexMismatch("the active log is not the file that was indexed");
    this.stillHolding();
    mkdirSync(this.segmentsDir, { recursive: true, mode: 0o700 });
    if (!isRealDirectory(this.segmentsDir)) return meta;
    const sequence = Math.max(meta.files.filter((f) => f.sealed).length, this.lastSegmentNumber()) + 1;
    const name = `${String(sequence).padStart(6, "0")}-${month}.jsonl`;
    const target = join(this.segmentsDir, name);
    try {
      linkSync(this.activePath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new IndexMismatch(`segment ${name} exists already`);
      throw error;
    }
    if (
      !sameFile(
        indexed,
        quietly(() => lstatSync(target)),
      )
    ) {
      // The active log was replaced between the look and the link: the new name goes, the log stays.
      unlinkSync(target);
      throw new IndexMismatch("the active log changed while it was being sealed");
    }
    syncDirectory(this.segmentsDir);
    unlinkSync(this.activePath);
    syncDirectory(this.dir);
    const next: Meta = {
      ...meta,
      files: meta.files.map((f) =>
        f.id === active.id
          ? { ...f, name: join(storeDirName, "segments", name), sealed: true, sealedAt: this.now() }
          : f,
      ),
    };
    this.writeMeta(this.indexDir, next);
    return next;
  }

  /** The highest segment number on disk: a new segment is numbered past it, whatever the index says. */
  private lastSegmentNumber(): number {
    let last = 0;
    for (const path of this.logPaths().slice(0, -1)) {
      const n = Number(/(\d{6})-[^/]*\.jsonl$/.exec(path)?.[1] ?? 0);
      if (n > last) last = n;
    }
    return last;
  }

  /**
   * Under the lock: indexes every log from scratch into a new directory, then puts it in place of
   * the old index. Also what migrates a journal written before segments existed.
   */
  private rebuild(): Meta {
    // Left by a rebuild that died: only ever this process's own, or one whose lock was taken over.
    for (const name of readdirSync(this.storeDir)) {
      if (name.startsWith("index.new.") || name.startsWith("index.old."))
        rmSync(join(this.storeDir, name), { recursive: true, force: true });
    }
    const building = join(this.storeDir, `index.new.${process.pid}`);
    mkdirSync(building, { recursive: true, mode: 0o700 });
    const meta: Meta = { v: 1, nextId: 1, files: [], open: [], buckets: {} };
    const open = new Set<string>();
    const pending = new BucketLines();
    const add = (prefix: string, value: string) => {
      pending.add(bucketName(prefix), `${prefix}${value}\n`);
      if (pending.bytes > rebuildFlushBytes) this.flushBuckets(building, pending, meta.buckets);
    };
    const paths = this.logPaths();
    const indexed: { dev: number; ino: number }[] = [];
    for (const path of paths) {
      const opened = this.openForReading(path);
      if (!opened) continue;
      closeSync(opened.fd);
      if (indexed.some((f) => sameFile(f, opened))) continue;
      indexed.push(opened);
      const sealed = path !== this.activePath;
      const name = sealed ? join(storeDirName, "segments", path.slice(this.segmentsDir.length + 1)) : activeFileName;
      const log: LogFile = { id: meta.nextId++, name, ino: opened.ino, covered: 0, damaged: 0, sealed };
      this.indexFile(log, path, add, open);
      meta.files.push(log);
    }
    this.flushBuckets(building, pending, meta.buckets);
    meta.open = [...open];
    this.writeMeta(building, meta);
    try {
      this.stillHolding();
    } catch (error) {
      rmSync(building, { recursive: true, force: true });
      throw error;
    }
    const old = join(this.storeDir, `index.old.${process.pid}`);
    rmSync(old, { recursive: true, force: true });
    try {
      renameSync(this.indexDir, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    renameSync(building, this.indexDir);
    syncDirectory(this.storeDir);
    rmSync(old, { recursive: true, force: true });
    return this.sealIfPastMonth(meta);
  }
}

function safeSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return -1;
  }
}
