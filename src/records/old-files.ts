/**
 * An earlier release's files as the importers read them: what an importer is, the lines of an old
 * file read a megabyte at a time and never through a link.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { fileProblem, linkRefusedHint } from "../config/config-dir.js";
import { UsageError, type Wording } from "../errors.js";
import type { RecordsDatabase } from "./database.js";

/** One kind of old file. */
export interface Importer {
  /**
   * The old files present now, in the order their records were written, grouped by what is renamed
   * after the import (a file, or a directory of them).
   */
  find(dir: string): { rename: string; files: string[] }[];
  /** Imports their records inside the open transaction, skipping any already held. */
  import(db: RecordsDatabase, files: string[]): ImportCount;
}

export interface ImportCount {
  /** Records read from the files (torn lines not counted). */
  read: number;
  /** Of those, written now. */
  written: number;
  /** Of those, already in the database (an import interrupted after its commit). */
  present: number;
  /** What the database holds more after the import, by its own count: must equal `written`. */
  added: number;
  /** What was wrong with the files (lines skipped), for the person who uses them next. */
  problems?: Wording[];
}

/** One old file, when it is there (a link too: the importer refuses it by name, never reads through it). */
export function single(path: string): { rename: string; files: string[] }[] {
  try {
    lstatSync(path);
  } catch {
    return [];
  }
  return [{ rename: path, files: [path] }];
}

/**
 * A record line, or the record a torn line (a write cut short by a crash) has glued to its end: a
 * record's text never holds its own opening (`{"v":1,`) inside a string, its quotes escaped, so the
 * last one on the line starts the glued record.
 */
export function recordOfLine<T>(line: string, opening: string, parse: (text: string) => T | undefined): T | undefined {
  const whole = parse(line);
  if (whole !== undefined) return whole;
  const last = line.lastIndexOf(opening);
  return last > 0 ? parse(line.slice(last)) : undefined;
}

/** An old file found a moment ago is gone: another process imported it and renamed it. */
export class RenamedMeanwhile extends Error {}

const noFollow = constants.O_NOFOLLOW ?? 0;
const noBlock = constants.O_NONBLOCK ?? 0;

/**
 * The lines of an old file, a megabyte at a time, never through a link; a file that cannot be read
 * is said with its path (the import stops: nothing is half-imported).
 */
export function* oldFileLines(path: string): Generator<string> {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | noFollow | noBlock);
    if (!fstatSync(fd).isFile()) {
      const directory = fstatSync(fd).isDirectory();
      closeSync(fd);
      throw Object.assign(new Error(`${path} is not a regular file`), { code: directory ? "EISDIR" : "ENOTREG" });
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new RenamedMeanwhile(path);
    throw new UsageError((say) => say.orders.journal.cannotRead(path, fileProblem(error, say)), {
      code: "JOURNAL_UNREADABLE",
      suggestion:
        (error as NodeJS.ErrnoException).code === "ELOOP"
          ? linkRefusedHint
          : (say) => say.orders.journal.cannotReadHint,
    });
  }
  try {
    const chunk = Buffer.allocUnsafe(1 << 20);
    // A character cut by a chunk's end is finished by the next chunk.
    const decoder = new StringDecoder("utf8");
    let carry = "";
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const text = carry + decoder.write(chunk.subarray(0, n));
      const lines = text.split("\n");
      carry = lines.pop() ?? "";
      for (const line of lines) if (line) yield line;
    }
    if (carry) yield carry;
  } finally {
    closeSync(fd);
  }
}
