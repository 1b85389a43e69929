/**
 * The catalogue kept on this machine, so that finding an item is a file read, not a download of
 * thousands of variants. One file per profile and service address, `catalogue/<profile>-<hash>.json`
 * under the config dir, mode 0600 (what a reseller sells, and at what price, is their business).
 * It is only a copy: a missing, damaged or foreign file (another profile, address or API key) reads
 * as none, and the next `reseller items` fetches the whole catalogue again.
 *
 * The file is JSON Lines: a header, then one variant a line as a JSON array. A search reads the lines
 * as text and parses only those that hold every word, so finding two items among 5,000 costs a few
 * milliseconds rather than a parse of the whole. This module is what `items` and shell completion
 * load on a warm start: node:fs and nothing of the HTTP client.
 */
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { withOwnFile } from "../config/config-dir.js";
import { type HeldLock, tryTakeLock } from "../config/file-lock.js";
import { fnv1aHex } from "../short-hash.js";
import { en } from "../messages/en.js";
import type { Wording } from "../errors.js";

/**
 * Like the config dir's other files, the copy is never read or written through a symbolic link: one
 * put in its place reads as no copy, and the whole catalogue is written anew over the link itself.
 */
const noFollow = constants.O_NOFOLLOW ?? 0;

/** One buyable variant as `reseller items --json` prints it. */
export interface CatalogueEntry {
  id: number;
  sku: string | null;
  category: string | null;
  product: string | null;
  name: string;
  price: number | null;
  /** auto, h2h, smm or manual (an SMM item the live service marks h2h reads smm), or the service's own word. */
  process: string | null;
  /** Units left; null when the service counts none. */
  stock: number | null;
  unlimited: boolean;
  min_order: number;
  /** An open amount: the customer names it within these bounds and pays it plus the price. Absent otherwise. */
  open_amount?: { min: number | null; max: number | null; step: number | null };
  /** The service's word when it says the item cannot be bought now (`gangguan`). Absent when it can. */
  disrupted?: string;
}

/**
 * The first line of the file, padded to a fixed size so that it can be written again in place: a
 * delta appends what changed and rewrites this line, never the thousands of variants before it.
 */
export interface CatalogueHeader {
  version: 2;
  profile: string;
  base_url: string;
  /** A fingerprint of the API key it was fetched with (not the key): another account's prices are not ours. */
  account: string;
  /** The service's `server_time` of the last sync: the next one asks `updated_since` it. */
  server_time: string | null;
  /** This machine's clock (ms) at the last sync, and at the last whole fetch. */
  synced_at: number;
  full_synced_at: number;
  /** How many variants the copy holds. */
  count: number;
  /** Byte offsets: where the whole fetch's lines end (changes follow), and where the last whole line ends. */
  base_end: number;
  end: number;
}

export interface KeptCatalogue extends CatalogueHeader {
  /** Every variant, parsed on first use. */
  entries(): CatalogueEntry[];
  /**
   * The variants whose line holds every one of `words` (lower case): all those whose fields do, and
   * perhaps a few more (a word found in a price, a variant changed since), so the caller still applies its own test.
   */
  entriesHolding(words: string[]): CatalogueEntry[];
  /** Every variant, in the copy's order, a few hundred at a time: a list of all 200,000 printed without holding them all. */
  entryBatches(): Iterable<CatalogueEntry[]>;
  /**
   * Finds what `entriesHolding(words)` gives, 64 KB at a time, letting the event loop run between
   * the pieces until `sent` settles: a request made meanwhile is connected and sent while the copy
   * is read, and the rest is read without stopping while the service works out its answer (each
   * stop costs a turn of the event loop, and the answer waits in the socket until the search is done).
   * `entriesHolding(words)` then answers from what was found.
   */
  searchAhead(words: string[], sent?: Promise<unknown>): Promise<void>;
  /** The file's text as read: what a delta is appended to. */
  readonly file?: KeptFile;
}

/** Which copy: one per profile, service address and account. */
export interface CatalogueOwner {
  configDir: string;
  profile: string;
  baseUrl: string;
  apiKey: string;
}

export const catalogueDirName = "catalogue";

export function catalogueCachePath(owner: Pick<CatalogueOwner, "configDir" | "profile" | "baseUrl">): string {
  const readable = owner.profile.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40);
  return join(owner.configDir, catalogueDirName, `${readable}-${fnv1aHex(`${owner.profile}\n${owner.baseUrl}`)}.jsonl`);
}

const accountOf = (apiKey: string) => fnv1aHex(`reseller-account\n${apiKey}`);

type Line = [
  id: number,
  sku: string | null,
  category: string | null,
  product: string | null,
  name: string,
  price: number | null,
  process: string | null,
  stock: number | null,
  unlimited: boolean,
  minOrder: number,
  openAmount?: [min: number | null, max: number | null, step: number | null] | null,
  disrupted?: string | null,
];

const toLine = (e: CatalogueEntry): string =>
  JSON.stringify([
    e.id,
    e.sku,
    e.category,
    e.product,
    e.name,
    e.price,
    e.process,
    e.stock,
    e.unlimited,
    e.min_order,
    e.open_amount ? [e.open_amount.min, e.open_amount.max, e.open_amount.step] : null,
    e.disrupted ?? null,
  ] satisfies Line);

export function fromLine(text: string): CatalogueEntry | undefined {
  let line: unknown;
  try {
    line = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(line) || typeof line[0] !== "number" || typeof line[4] !== "string") return undefined;
  const [id, sku, category, product, name, price, process, stock, unlimited, minOrder, openAmount, disrupted] =
    line as Line;
  const bound = (n: unknown) => (typeof n === "number" ? n : null);
  return {
    id,
    sku,
    category,
    product,
    name,
    price,
    process,
    stock,
    unlimited: unlimited === true,
    min_order: typeof minOrder === "number" ? minOrder : 1,
    // A copy kept before these were written has neither: the next whole fetch brings them.
    ...(Array.isArray(openAmount)
      ? { open_amount: { min: bound(openAmount[0]), max: bound(openAmount[1]), step: bound(openAmount[2]) } }
      : {}),
    ...(typeof disrupted === "string" ? { disrupted } : {}),
  };
}

const parseAll = (lines: string[]) => lines.flatMap((text) => fromLine(text) ?? []);

/** A change line that says a variant was withdrawn: its id alone. */
const goneLine = (id: number) => `[${id}]`;

/** The copy could not be written or read back as it must be: said in the reader's words where it is shown. */
export class CopyProblem extends Error {
  constructor(readonly said: Wording) {
    super(said(en));
  }
}

/** The header line's size, newline included: room for any profile name and address the CLI accepts. */
export const headerBytes = 4096;

function headerLine(header: object): string {
  const json = JSON.stringify(header);
  if (Buffer.byteLength(json) >= headerBytes) throw new CopyProblem((say) => say.catalogue.headerTooLong);
  return `${json.padEnd(headerBytes - 1 - (Buffer.byteLength(json) - json.length), " ")}\n`;
}

/** The copy's first line as its header, when it is this owner's copy (shell completion reads only this line). */
export function headerFor(owner: CatalogueOwner, line: string): CatalogueHeader | undefined {
  return readHeader(line, owner);
}

function readHeader(text: string, owner: CatalogueOwner): CatalogueHeader | undefined {
  let header: Partial<CatalogueHeader> | null;
  try {
    header = JSON.parse(text) as Partial<CatalogueHeader> | null;
  } catch {
    return undefined;
  }
  if (
    header?.version !== 2 ||
    header.profile !== owner.profile ||
    header.base_url !== owner.baseUrl ||
    header.account !== accountOf(owner.apiKey) ||
    typeof header.synced_at !== "number" ||
    typeof header.count !== "number" ||
    typeof header.base_end !== "number" ||
    typeof header.end !== "number" ||
    header.base_end < headerBytes ||
    header.end < header.base_end
  ) {
    return undefined;
  }
  return {
    ...(header as CatalogueHeader),
    full_synced_at: typeof header.full_synced_at === "number" ? header.full_synced_at : 0,
  };
}

interface KeptFile {
  header: string;
  base: BaseLines;
  changes: string;
}

/**
 * The whole fetch's lines, read from the file only as far as they are needed: a search reads them
 * 64 KB at a time (a copy of 200,000 variants is never held whole, nor in lower case, to find a
 * few), the full list reads them all, and a piped list of everything a piece at a time. Shared by a copy and the copy a delta makes of it, so that a search
 * made while the delta was asked for is not made twice. The file stays open: a copy renamed over it
 * meanwhile does not change what this one reads.
 */
class BaseLines {
  private text: string | undefined;
  private readonly found = new Map<string, CatalogueEntry[]>();
  private readonly finding = new Map<string, Promise<void>>();
  private all: CatalogueEntry[] | undefined;

  constructor(
    private readonly fd: number,
    private readonly start: number,
    private readonly end: number,
  ) {}

  /** All the lines, without the last one's break. */
  get body(): string {
    if (this.text === undefined) {
      const bytes = Buffer.allocUnsafe(this.end - this.start);
      readFully(this.fd, bytes, this.start);
      const text = bytes.toString("utf8");
      this.text = text.endsWith("\n") ? text.slice(0, -1) : text;
    }
    return this.text;
  }

  /** The lines in pieces of whole lines, each without its last break. */
  private *pieces(): Generator<string> {
    if (this.text !== undefined) {
      yield this.text;
      return;
    }
    for (const bytes of this.byteChunks()) yield bytes.toString("utf8");
  }

  /**
   * The lines as bytes, 64 KB of whole lines at a time, each without its last break, read into one
   * buffer: so a search of 200,000 variants holds a few hundred KB, not the tens of MB of
   * megabyte-sized buffers and texts that wait for a collection. Each is used before the next is
   * asked for (it is overwritten then).
   */
  private *byteChunks(): Generator<Buffer> {
    if (this.text !== undefined) {
      yield Buffer.from(this.text, "utf8");
      return;
    }
    let buffer = Buffer.allocUnsafe(64 * 1024);
    /** Bytes of a line not yet whole, at the buffer's start. */
    let held = 0;
    for (let at = this.start; at < this.end; ) {
      // A line longer than the buffer: a larger one.
      if (held === buffer.length) {
        const larger = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(larger, 0, 0, held);
        buffer = larger;
      }
      const read = Math.min(buffer.length - held, this.end - at);
      readFully(this.fd, buffer.subarray(held, held + read), at);
      at += read;
      const filled = held + read;
      const last = buffer.lastIndexOf(0x0a, filled - 1);
      if (last === -1) {
        held = filled;
        continue;
      }
      if (last > 0) yield buffer.subarray(0, last);
      held = filled - last - 1;
      buffer.copy(buffer, 0, last + 1, filled);
    }
    if (held) yield buffer.subarray(0, held);
  }

  entries(): CatalogueEntry[] {
    return (this.all ??= this.body === "" ? [] : parseAll(this.body.split("\n")));
  }

  *batches(): Generator<CatalogueEntry[]> {
    if (this.all) {
      yield this.all;
      return;
    }
    for (const piece of this.pieces()) yield parseAll(piece.split("\n"));
  }

  holding(words: string[]): CatalogueEntry[] {
    const key = words.join("\u0000");
    let found = this.found.get(key);
    if (!found) {
      found = [];
      for (const piece of this.pieces()) found.push(...baseHolding(piece, words));
      this.found.set(key, found);
    }
    return found;
  }

  /**
   * As `holding`, a piece at a time with the event loop let run between pieces until `sent`
   * settles (the request being made meanwhile), then the rest at once; kept for `holding`.
   */
  holdingAhead(words: string[], sent?: Promise<unknown>): Promise<void> {
    const key = words.join("\u0000");
    if (this.found.has(key)) return Promise.resolve();
    let finding = this.finding.get(key);
    if (!finding) {
      finding = (async () => {
        const found: CatalogueEntry[] = [];
        let waiting = true;
        sent?.then(
          () => (waiting = false),
          () => (waiting = false),
        );
        for (const piece of this.pieces()) {
          // setImmediate runs after the poll phase: a connection made meanwhile is handled now.
          if (waiting) await new Promise((resolve) => setImmediate(resolve));
          found.push(...baseHolding(piece, words));
        }
        // A `holding` made meanwhile already found the same.
        if (!this.found.has(key)) this.found.set(key, found);
      })();
      this.finding.set(key, finding);
    }
    return finding;
  }

  /**
   * Which of `wanted` have a line here: each line's id read from its first bytes (`[12,…`), nothing
   * parsed and no list of every id built, so that a delta of a few changes costs one pass over the bytes.
   */
  has(wanted: Set<number>): Set<number> {
    const present = new Set<number>();
    if (wanted.size === 0) return present;
    if (this.all) {
      for (const entry of this.all) if (wanted.has(entry.id)) present.add(entry.id);
      return present;
    }
    for (const bytes of this.byteChunks()) {
      for (let start = 0; start < bytes.length; ) {
        let at = start;
        if (bytes[at] === 0x5b) {
          at++;
          const negative = bytes[at] === 0x2d;
          if (negative) at++;
          let id = 0;
          for (let c = bytes[at]; c !== undefined && c >= 0x30 && c <= 0x39; c = bytes[++at]) id = id * 10 + c - 0x30;
          if (bytes[at] === 0x2c && wanted.has(negative ? -id : id)) present.add(negative ? -id : id);
        }
        const next = bytes.indexOf(0x0a, at);
        if (next === -1) break;
        start = next + 1;
      }
    }
    return present;
  }
}

function readFully(fd: number, into: Buffer, position: number): void {
  for (let done = 0; done < into.length; ) {
    const read = readSync(fd, into, done, into.length - done, position + done);
    if (read === 0) throw new CopyProblem((say) => say.catalogue.copyEndedEarly);
    done += read;
  }
}

/** The kept catalogue of this owner, or undefined when there is none worth using. */
export function readCatalogue(owner: CatalogueOwner): KeptCatalogue | undefined {
  let fd: number;
  try {
    fd = openSync(catalogueCachePath(owner), constants.O_RDONLY | noFollow);
  } catch {
    return undefined;
  }
  let kept: KeptCatalogue | undefined;
  try {
    const head = Buffer.alloc(headerBytes);
    const size = fstatSync(fd).size;
    if (size >= headerBytes) readFully(fd, head, 0);
    const headerText = head.toString("utf8");
    const header = size >= headerBytes && head[headerBytes - 1] === 0x0a ? readHeader(headerText, owner) : undefined;
    // Only what the header counts is whole: a change cut short by a crash lies past `end`.
    if (header && header.end <= size) {
      const changes = Buffer.allocUnsafe(header.end - header.base_end);
      readFully(fd, changes, header.base_end);
      kept = keptFrom(header, {
        header: headerText,
        base: new BaseLines(fd, headerBytes, header.base_end),
        changes: changes.toString("utf8"),
      });
    }
  } catch {
    kept = undefined;
  }
  if (!kept) closeSync(fd);
  return kept;
}

/** The changes appended since the whole fetch, the last word on each variant winning: replaced or added, or withdrawn. */
function readChanges(text: string): { changed: CatalogueEntry[]; withdrawn: number[] } {
  const last = new Map<number, CatalogueEntry | null>();
  for (const line of text.split("\n")) {
    if (!line) continue;
    const gone = /^\[(-?\d+)\]$/.exec(line);
    const entry = gone ? null : fromLine(line);
    if (entry === undefined) continue;
    const id = entry === null ? Number(gone?.[1]) : entry.id;
    // Moved to the end: a later change is placed after an earlier one, as it was appended.
    last.delete(id);
    last.set(id, entry);
  }
  const changed: CatalogueEntry[] = [];
  const withdrawn: number[] = [];
  for (const [id, entry] of last) {
    if (entry) changed.push(entry);
    else withdrawn.push(id);
  }
  return { changed, withdrawn };
}

function keptFrom(header: CatalogueHeader, file: KeptFile): KeptCatalogue {
  let all: CatalogueEntry[] | undefined;
  let changes: { changed: CatalogueEntry[]; withdrawn: number[] } | undefined;
  const withChanges = (found: CatalogueEntry[]) => {
    if (!file.changes) return found;
    changes ??= readChanges(file.changes);
    return mergeCatalogue(found, changes.changed, changes.withdrawn);
  };
  const entries = () => (all ??= withChanges(file.base.entries()));
  const readAsText = (words: string[]) =>
    !all && words.length > 0 && !words.some((word) => /["\\\u0000-\u001f]/.test(word));
  return {
    ...header,
    file,
    entries,
    *entryBatches() {
      // The changes are placed among the lines they change: then the list is read whole.
      if (all || file.changes) yield entries();
      else yield* file.base.batches();
    },
    entriesHolding(words) {
      // A word with a quote, a backslash or a control character is escaped in the line: test it parsed.
      if (!readAsText(words)) return entries();
      // The changes are few: all of them go to the caller's test, in their places among the lines found.
      return withChanges(file.base.holding(words));
    },
    async searchAhead(words, sent) {
      if (readAsText(words)) await file.base.holdingAhead(words, sent);
    },
  };
}

/** The whole fetch's lines that hold every word: only those are parsed. */
function baseHolding(body: string, words: string[]): CatalogueEntry[] {
  const lower = body.toLowerCase();
  // A few characters change length in lower case (İ): then offsets differ, and each line is lowered alone.
  if (lower.length !== body.length) {
    return parseAll(body.split("\n").filter((line) => holdsAll(line.toLowerCase(), words)));
  }
  // Found where the longest word occurs (the rarest, likely), each line checked for the rest once.
  const [first, ...rest] = [...words].sort((a, b) => b.length - a.length);
  const found: CatalogueEntry[] = [];
  for (let at = lower.indexOf(first!); at !== -1; at = lower.indexOf(first!, at)) {
    const start = lower.lastIndexOf("\n", at) + 1;
    const next = lower.indexOf("\n", at);
    const end = next === -1 ? lower.length : next;
    if (holdsAll(lower.slice(start, end), rest)) {
      const entry = fromLine(body.slice(start, end));
      if (entry) found.push(entry);
    }
    at = end + 1;
    if (next === -1) break;
  }
  return found;
}

const holdsAll = (line: string, words: string[]) => words.every((word) => line.includes(word));

/**
 * The kept entries with a delta applied: changed variants replaced where they stood, withdrawn ones
 * dropped, new ones placed after the last variant of their product (else at the end), so the list
 * keeps the service's grouping.
 */
export function mergeCatalogue(
  kept: CatalogueEntry[],
  changed: CatalogueEntry[],
  withdrawn: number[],
): CatalogueEntry[] {
  const gone = new Set(withdrawn);
  const byId = new Map(changed.map((entry) => [entry.id, entry]));
  const groupOf = (entry: CatalogueEntry) => `${entry.category ?? ""}\u0000${entry.product ?? ""}`;
  const groups = new Map<string, CatalogueEntry[]>();
  const place = (entry: CatalogueEntry) => {
    const key = groupOf(entry);
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  };
  for (const entry of kept) {
    if (gone.has(entry.id)) continue;
    const update = byId.get(entry.id);
    byId.delete(entry.id);
    place(update ?? entry);
  }
  for (const entry of byId.values()) if (!gone.has(entry.id)) place(entry);
  return [...groups.values()].flat();
}

export type KeptTimes = Pick<CatalogueHeader, "server_time" | "synced_at" | "full_synced_at">;

/** How a whole fetch cut short is kept, so that the next one goes on from there. */
export interface Unfinished {
  /** "whole", or the `updated_since` a delta asked from. */
  fetch: string;
  /** The first page's server_time: what the finished copy will ask the next delta from. */
  server_time: string | null;
  is_delta: boolean | null;
  per_page: number;
  /** The first page not yet kept. */
  next_page: number;
  last_page: number | null;
  /** This machine's clock when the fetch began: a fetch left too long is begun again. */
  started_at: number;
}

/** How many bytes of lines a writer holds before it writes them. */
const writtenEvery = 64 * 1024;

const unfinishedPath = (owner: CatalogueOwner) => `${catalogueCachePath(owner)}.partial`;

/**
 * A new copy written as the variants arrive, a line at a time, to a temporary file renamed into place
 * when whole: a crash or a second `reseller` never leaves half a catalogue where a whole one is read.
 * Each variant is kept once (the first time it comes), in the order it comes.
 */
export class CatalogueWriter {
  private readonly seen = new Set<number>();
  private readonly gone = new Set<number>();
  private buffered: string[] = [];
  private bufferedBytes = 0;
  private position = headerBytes;
  private closed = false;
  /** The lines, when the config dir cannot be written: the copy is then held in memory for this run. */
  private readonly memory: string[] | undefined;

  private constructor(
    private readonly owner: CatalogueOwner,
    private readonly temporary: string,
    private readonly fd: number,
    /** The fetch this writer goes on with, when it was left unfinished before. */
    readonly resumed?: Unfinished,
    /** Why the copy cannot be kept on disk, when it cannot. */
    readonly unwritable?: Error,
  ) {
    if (unwritable) this.memory = [];
  }

  /** Variants kept so far. */
  get count(): number {
    return this.seen.size;
  }

  static create(owner: CatalogueOwner): CatalogueWriter {
    const path = catalogueCachePath(owner);
    const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    let fd: number;
    try {
      mkdirSync(join(owner.configDir, catalogueDirName), { recursive: true, mode: 0o700 });
      fd = openSync(temporary, "w", 0o600);
    } catch (error) {
      // Finding an item still works this once; the caller says the copy could not be kept.
      return new CatalogueWriter(owner, temporary, -1, undefined, error as Error);
    }
    // The mode given to open passes through the umask; make sure.
    fchmodSync(fd, 0o600);
    writeSync(fd, headerLine({ version: 2, writing: true }));
    return new CatalogueWriter(owner, temporary, fd);
  }

  /**
   * The fetch left unfinished by an earlier run, when it is the same (`fetch`) and began less than
   * `youngerThanMs` ago: a writer that goes on after its last kept line. Undefined otherwise.
   */
  static resume(owner: CatalogueOwner, fetch: string, now: number, youngerThanMs: number): CatalogueWriter | undefined {
    const path = unfinishedPath(owner);
    let bytes: Buffer | undefined;
    try {
      bytes = withOwnFile(path, (fd) => readFileSync(fd));
    } catch {
      // A link or anything else in its place: no unfinished fetch to go on with.
      return undefined;
    }
    if (!bytes) return undefined;
    const header = bytes.length >= headerBytes ? readHeader(bytes.toString("utf8", 0, headerBytes), owner) : undefined;
    const unfinished = (header as (CatalogueHeader & { unfinished?: Unfinished }) | undefined)?.unfinished;
    if (
      !header ||
      !unfinished ||
      unfinished.fetch !== fetch ||
      !(now >= unfinished.started_at && now - unfinished.started_at < youngerThanMs) ||
      header.end > bytes.length
    ) {
      rmSync(path, { force: true });
      return undefined;
    }
    const temporary = `${catalogueCachePath(owner)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      renameSync(path, temporary);
    } catch {
      // Another reseller took it first: this one begins again.
      return undefined;
    }
    const fd = openSync(temporary, constants.O_RDWR | noFollow);
    ftruncateSync(fd, header.end);
    const writer = new CatalogueWriter(owner, temporary, fd, unfinished);
    writer.position = header.end;
    const { changed, withdrawn } = readChanges(bytes.toString("utf8", headerBytes, header.end));
    for (const entry of changed) writer.seen.add(entry.id);
    for (const id of withdrawn) writer.gone.add(id);
    return writer;
  }

  /** Keeps the variants not kept yet; returns how many were new. */
  add(entries: CatalogueEntry[]): number {
    let fresh = 0;
    let lines = "";
    for (const entry of entries) {
      if (this.seen.has(entry.id)) continue;
      this.seen.add(entry.id);
      lines += `${toLine(entry)}\n`;
      fresh++;
    }
    if (lines) {
      this.buffered.push(lines);
      this.bufferedBytes += lines.length;
    }
    // Written soon: lines held across many parts outlive the young generation, and a whole fetch of
    // 200,000 variants then grew the heap by some 50 MB of lines already written.
    if (this.bufferedBytes >= writtenEvery) this.flush();
    return fresh;
  }

  /** A delta's withdrawn variants, kept as a line each that says so. */
  addWithdrawn(ids: number[]): void {
    for (const id of ids) {
      if (this.gone.has(id)) continue;
      this.gone.add(id);
      const line = `${goneLine(id)}\n`;
      this.buffered.push(line);
      this.bufferedBytes += line.length;
    }
  }

  /** Withdrawn variants kept so far. */
  get withdrawnCount(): number {
    return this.gone.size;
  }

  /** A delta's lines, read back and the file let go: they are applied to the kept copy. */
  readBack(): { changed: CatalogueEntry[]; withdrawn: number[] } {
    this.flush();
    const text = this.memory ? this.memory.join("") : readFileSync(this.temporary, "utf8").slice(headerBytes);
    this.discard();
    return readChanges(text);
  }

  private flush(): void {
    if (!this.buffered.length) return;
    const chunk = Buffer.from(this.buffered.join(""), "utf8");
    this.buffered = [];
    this.bufferedBytes = 0;
    if (this.memory) {
      this.memory.push(chunk.toString("utf8"));
      return;
    }
    writeSync(this.fd, chunk, 0, chunk.length, this.position);
    this.position += chunk.length;
  }

  private seal(header: object, path: string): void {
    this.flush();
    const line = Buffer.from(headerLine(header), "utf8");
    writeSync(this.fd, line, 0, line.length, 0);
    closeSync(this.fd);
    this.closed = true;
    renameSync(this.temporary, path);
  }

  /** The copy, whole: put where `readCatalogue` finds it. */
  finish(times: KeptTimes): KeptCatalogue {
    const header: CatalogueHeader = { ...this.headerOf(), ...times, base_end: 0, end: 0 };
    this.flush();
    if (this.memory) return keptInMemory(header, readChanges(this.memory.join("")).changed);
    header.base_end = header.end = this.position;
    this.seal(header, catalogueCachePath(this.owner));
    rmSync(unfinishedPath(this.owner), { force: true });
    const kept = readCatalogue(this.owner);
    if (!kept) throw new CopyProblem((say) => say.catalogue.notReadBack);
    return kept;
  }

  /** What was fetched, kept for the next run to go on from. */
  keepUnfinished(unfinished: Unfinished): void {
    if (this.memory) return;
    this.flush();
    this.seal(
      {
        ...this.headerOf(),
        server_time: unfinished.server_time,
        synced_at: 0,
        full_synced_at: 0,
        base_end: this.position,
        end: this.position,
        unfinished,
      },
      unfinishedPath(this.owner),
    );
  }

  /** Nothing kept: the temporary file goes. */
  discard(): void {
    if (this.closed || this.memory) return;
    this.closed = true;
    closeSync(this.fd);
    rmSync(this.temporary, { force: true });
  }

  private headerOf() {
    return {
      version: 2 as const,
      profile: this.owner.profile,
      base_url: this.owner.baseUrl,
      account: accountOf(this.owner.apiKey),
      count: this.seen.size,
    };
  }
}

/** Written whole, at once (a test, or a copy rebuilt from another). */
export function writeCatalogue(owner: CatalogueOwner, times: KeptTimes, entries: CatalogueEntry[]): KeptCatalogue {
  const writer = CatalogueWriter.create(owner);
  try {
    writer.add(entries);
    return writer.finish(times);
  } catch (error) {
    writer.discard();
    throw error;
  }
}

/**
 * A delta kept: what changed appended after the last line and the header written again in place,
 * the variants before untouched, however many changes have gathered (a search on an old copy never
 * rewrites it; the whole fetch made once a day, or on --refresh, folds them into a copy written anew).
 * A copy another run wrote since this one was read, or one another run is changing now (it holds
 * the copy's lock), is left as it is: this run's answer is kept in memory, and the next asks for
 * what changed since that copy's time.
 */
export function applyChanges(
  owner: CatalogueOwner,
  kept: KeptCatalogue,
  changed: CatalogueEntry[],
  withdrawn: number[],
  times: KeptTimes,
): KeptCatalogue {
  const file = kept.file;
  if (!file) return writeCatalogue(owner, times, mergeCatalogue(kept.entries(), changed, withdrawn));
  const lines = [...changed.map(toLine), ...withdrawn.map(goneLine)];
  const added = lines.length ? `${lines.join("\n")}\n` : "";
  const count = kept.count + (added ? countChange(file, readChanges(added)) : 0);
  const end = kept.end + Buffer.byteLength(added);
  const header: CatalogueHeader = {
    version: 2,
    profile: kept.profile,
    base_url: kept.base_url,
    account: kept.account,
    ...times,
    count,
    base_end: kept.base_end,
    end,
  };
  const line = headerLine(header);
  const updated = keptFrom(header, { header: line, base: file.base, changes: file.changes + added });
  const path = catalogueCachePath(owner);
  // Two deltas at once would both find the header they read and both append at the same end: the
  // later header could then count bytes of the other's lines. One writes; the other answers from memory.
  let lock: HeldLock | "busy";
  try {
    lock = tryTakeLock(`${path}.lock`);
  } catch {
    return updated;
  }
  if (lock === "busy") return updated;
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDWR | noFollow);
  } catch {
    lock.release();
    // Gone since it was read: written whole again from what this run knows.
    return writeCatalogue(owner, times, mergeCatalogue(kept.entries(), changed, withdrawn));
  }
  try {
    const now = Buffer.alloc(headerBytes);
    readSync(fd, now, 0, headerBytes, 0);
    if (now.toString("utf8") !== file.header) return updated;
    if (added) {
      const bytes = Buffer.from(added, "utf8");
      writeSync(fd, bytes, 0, bytes.length, kept.end);
    }
    writeSync(fd, Buffer.from(line, "utf8"), 0, headerBytes, 0);
    return updated;
  } finally {
    closeSync(fd);
    lock.release();
  }
}

/**
 * How many variants a delta adds to the count (fewer when negative): each it lists, by whether it was
 * in the copy before (the earlier changes say, else the whole fetch's lines) and whether it is now.
 */
function countChange(file: KeptFile, delta: { changed: CatalogueEntry[]; withdrawn: number[] }): number {
  const before = readChanges(file.changes);
  const liveBefore = new Map<number, boolean>();
  for (const entry of before.changed) liveBefore.set(entry.id, true);
  for (const id of before.withdrawn) liveBefore.set(id, false);
  const listed = [...delta.changed.map((entry) => entry.id), ...delta.withdrawn];
  const inBase = file.base.has(new Set(listed.filter((id) => !liveBefore.has(id))));
  const wasLive = (id: number) => liveBefore.get(id) ?? inBase.has(id);
  let change = 0;
  for (const entry of delta.changed) if (!wasLive(entry.id)) change++;
  for (const id of delta.withdrawn) if (wasLive(id)) change--;
  return change;
}

/** A catalogue held only in memory (when it could not be written), answering as a read one does. */
export function keptInMemory(
  header: Omit<CatalogueHeader, "base_end" | "end">,
  entries: CatalogueEntry[],
): KeptCatalogue {
  return {
    ...header,
    base_end: 0,
    end: 0,
    entries: () => entries,
    entriesHolding: () => entries,
    entryBatches: () => [entries],
    searchAhead: async () => undefined,
  };
}
