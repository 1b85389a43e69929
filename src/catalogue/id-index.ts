/**
 * The item ids of the kept catalogue, for shell completion: a Tab must answer in a fraction of a
 * second even when the copy holds 200,000 variants (24 MB). Beside the copy, `<copy>.ids` keeps each
 * variant's id and where its line is; it is made the first time completion needs it after the copy
 * changed (one scan of the copy's bytes, no JSON parsed), and then a Tab reads the copy's first line,
 * that small index and the few lines it shows. The index names the copy it was made from (size,
 * modification time, first line): a copy rewritten since is scanned again, never read through a stale
 * index. It is only ever a shortcut: anything wrong with it and the copy is scanned instead.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, readSync, renameSync, writeFileSync } from "node:fs";
import { endianness } from "node:os";
import { catalogueCachePath, fromLine, headerFor, type CatalogueEntry, type CatalogueOwner } from "./cache.js";
import { present } from "../errors.js";

const newline = 0x0a;

interface IdIndex {
  ids: Uint32Array;
  /** Where each id's line starts in the copy, and how many bytes it has. */
  starts: Uint32Array;
  lengths: Uint32Array;
}

/** What completion gets: every id, and the entries of the few it chose. */
export interface KeptIds {
  ids: Uint32Array;
  entriesOf(ids: number[]): CatalogueEntry[];
}

/**
 * The ids of this owner's kept copy and a way to read a few entries, given to `use` while the copy is
 * open; undefined when there is no copy of theirs.
 */
export function withKeptIds<T>(owner: CatalogueOwner, use: (kept: KeptIds) => T): T | undefined {
  const path = catalogueCachePath(owner);
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile() || stats.size === 0) return undefined;
    const head = Buffer.alloc(Math.min(stats.size, 64 * 1024));
    readSync(fd, head, 0, head.length, 0);
    const headerEnd = head.indexOf(newline);
    if (headerEnd === -1) return undefined;
    const headerLine = head.toString("utf8", 0, headerEnd);
    const header = headerFor(owner, headerLine);
    if (!header) return undefined;
    const stamp = JSON.stringify([stats.size, stats.mtimeMs, endianness(), headerLine]);
    const index =
      readIndex(`${path}.ids`, stamp) ??
      writeIndex(`${path}.ids`, stamp, scan(readFileSync(fd).subarray(0, header.end), headerEnd + 1));
    return use({
      ids: index.ids,
      entriesOf: (ids) => {
        // Where the few wanted are, found in one pass rather than a map of every id.
        const wanted = new Map(ids.map((id) => [id, -1]));
        index.ids.forEach((id, i) => wanted.get(id) === -1 && wanted.set(id, i));
        return ids.flatMap((id) => {
          // Every id asked for is in the map.
          const i = wanted.get(id) ?? -1;
          if (i === -1) return [];
          const [length, start] = [index.lengths[i], index.starts[i]];
          if (length === undefined || start === undefined) throw new Error("internal error: an id past the index");
          const line = Buffer.alloc(length);
          readSync(fd, line, 0, line.length, start);
          return fromLine(line.toString("utf8")) ?? [];
        });
      },
    });
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * Each line `[id,…` of the copy: the digits after `[`, read from the bytes, no JSON parsed. A delta's
 * lines follow the whole fetch's (cache.ts): a variant's last line is the one offered, and a line
 * `[id]` says it was withdrawn.
 */
function scan(bytes: Buffer, from: number): IdIndex {
  const lines = scanLines(bytes, from);
  const last = new Map<number, number>();
  lines.ids.forEach((id, i) => {
    last.delete(id);
    last.set(id, i);
  });
  const kept = [...last.values()].filter((i) => lines.lengths[i] !== 0).sort((a, b) => a - b);
  return {
    ids: Uint32Array.from(kept, (i) => present(lines.ids[i], "a line's id")),
    starts: Uint32Array.from(kept, (i) => present(lines.starts[i], "a line's start")),
    lengths: Uint32Array.from(kept, (i) => present(lines.lengths[i], "a line's length")),
  };
}

/** Every line's id, start and length; a withdrawn variant's line `[id]` has length 0. */
function scanLines(bytes: Buffer, from: number): { ids: number[]; starts: number[]; lengths: number[] } {
  const index = { ids: [] as number[], starts: [] as number[], lengths: [] as number[] };
  for (let start = from; start < bytes.length; ) {
    let end = bytes.indexOf(newline, start);
    if (end === -1) end = bytes.length;
    if (bytes[start] === 0x5b) {
      let id = 0;
      let at = start + 1;
      for (let c = bytes[at]; c !== undefined && c >= 0x30 && c <= 0x39; c = bytes[++at]) id = id * 10 + c - 0x30;
      // A copy past 4 GB, or an id past 2^32, cannot be indexed this way: such a line is not offered.
      if (
        at > start + 1 &&
        (bytes[at] === 0x2c || (bytes[at] === 0x5d && at + 1 === end)) &&
        id <= 0xffffffff &&
        end <= 0xffffffff
      ) {
        index.ids.push(id);
        index.starts.push(start);
        index.lengths.push(bytes[at] === 0x5d ? 0 : end - start);
      }
    }
    start = end + 1;
  }
  return index;
}

// The index file: its stamp on the first line, then every id, every start and every length as unsigned
// 32-bit numbers in this machine's byte order (the stamp names it), read back as typed arrays in one copy.
function readIndex(path: string, stamp: string): IdIndex | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  const stampEnd = bytes.indexOf(newline);
  if (stampEnd === -1 || bytes.toString("utf8", 0, stampEnd) !== stamp) return undefined;
  // Copied so the numbers start on a 4-byte boundary, as a Uint32Array needs.
  const body = new Uint32Array(Uint8Array.from(bytes.subarray(stampEnd + 1)).buffer);
  if ((bytes.length - stampEnd - 1) % 12 !== 0) return undefined;
  const n = body.length / 3;
  return { ids: body.subarray(0, n), starts: body.subarray(n, 2 * n), lengths: body.subarray(2 * n) };
}

/** Written beside the copy (0600, created exclusively, renamed into place); a read-only dir just goes without. */
function writeIndex(path: string, stamp: string, index: IdIndex): IdIndex {
  const n = index.ids.length;
  const body = new Uint32Array(3 * n);
  body.set(index.ids, 0);
  body.set(index.starts, n);
  body.set(index.lengths, 2 * n);
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([Buffer.from(`${stamp}\n`), Buffer.from(body.buffer)]), {
      mode: 0o600,
      flag: "wx",
    });
    renameSync(temporary, path);
  } catch {
    // Only a shortcut: the next Tab scans again.
  }
  return index;
}
