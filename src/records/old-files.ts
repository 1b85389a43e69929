/**
 * An earlier release's files as the importers read them: what an importer is, the lines of an old
 * file read a megabyte at a time and never through a link.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { notRegular } from "../config/config-dir.js";
import type { Wording } from "../errors.js";
import type { RecordsDatabase } from "./database.js";

/** One kind of old file. */
export interface Importer {
  /**
   * The old files present now, in the order their records were written, grouped by what is renamed
   * after the import (a file, or a directory of them).
   */
  find(dir: string): { rename: string; files: string[] }[];
  /** The table the import adds rows to, and what makes it (idempotent): its rows are counted first. */
  table: string;
  make(db: RecordsDatabase): unknown;
  /**
   * Imports their records inside the open transaction, skipping any already held: for each record,
   * whether it was written now (false: held already). What was wrong with the files goes in `problems`.
   */
  import(db: RecordsDatabase, files: string[], problems: Wording[]): Iterable<boolean>;
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
 * The lines of an old file, a megabyte at a time, never through a link, each with whether it is a
 * last line with no newline (`cut`: a write a crash cut short). A file that cannot be opened is
 * refused with `unreadable`'s error (the import stops: nothing is half-imported).
 */
export function* oldFileLines(
  path: string,
  unreadable: (error: unknown) => Error,
): Generator<{ text: string; cut: boolean }> {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | noFollow | noBlock);
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      closeSync(fd);
      throw notRegular(path, stats.isDirectory());
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new RenamedMeanwhile(path);
    throw unreadable(error);
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
      for (const line of lines) if (line) yield { text: line, cut: false };
    }
    if (carry) yield { text: carry, cut: true };
  } finally {
    closeSync(fd);
  }
}
