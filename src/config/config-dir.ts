/**
 * The config dir's files (config, journal, lock cache, webhook deliveries) hold the API key, what
 * was bought and customers' numbers: they are the owner's alone and never reached through a link.
 * Each is opened with O_NOFOLLOW, so a `config.json` or journal that someone turned into a symbolic
 * link is refused rather than read or written through; new ones are created 0600 in a 0700 dir.
 * Everything here is a few plain syscalls: it runs on every command's start.
 */
import {
  chmodSync,
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  type Stats,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { InputError, UsageError, type Wording } from "../errors.js";
import type { Messages } from "../messages/en.js";

/**
 * The files reseller keeps in the config dir: the config, the records database, the lock cache and the
 * webhook listener's deliveries (each module names its own; a unit test holds them to this list).
 */
export const localFileNames = ["config.json", "records.db", "locks.json", "webhook-deliveries.jsonl"] as const;

/** 0 where the platform has no such flag (Windows), where links need privileges to make. */
const noFollow = constants.O_NOFOLLOW ?? 0;
/** A FIFO named like one of our files would otherwise block the open for ever. */
const noBlock = constants.O_NONBLOCK ?? 0;

/** What went wrong with a file, in words a person can act on, with the system's code. */
export function fileProblem(error: unknown, say: Messages): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const words = say.settings.fileProblems;
  if (code && words[code]) return `${words[code]} (${code})`;
  return code ?? (error instanceof Error ? error.message : String(error));
}

/** What to do about a file of ours that is a symbolic link. */
export const linkRefusedHint: Wording = (say) => say.settings.linkRefused;

/**
 * A lock beside one of reseller's files (config.json.lock) that is a link, a directory or a device,
 * named as the lock it is (the fix is removing it, not the file it guards); undefined for any other
 * failure, which is the guarded file's to say (a dir that cannot be written).
 */
export function notALock(lock: string, error: unknown, code: string): UsageError | undefined {
  const errno = (error as NodeJS.ErrnoException | undefined)?.code;
  if (errno !== "ELOOP" && errno !== "EISDIR" && errno !== "ENOTREG") return undefined;
  return new UsageError((say) => say.settings.cannotLock(lock, fileProblem(error, say)), {
    code,
    suggestion: (say) => say.settings.notALock(lock),
  });
}

/** Whether a failure to write is the disk's (full, read-only) rather than the file's. */
export function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** The error for a file of ours that is a directory or a device (EISDIR, ENOTREG), as the system's errors are. */
export function notRegular(path: string, isDirectory: boolean): NodeJS.ErrnoException {
  const code = isDirectory ? "EISDIR" : "ENOTREG";
  return Object.assign(new Error(`${code}: ${path} is not a regular file`), { code, path });
}

/**
 * A file of the config dir opened for reading, never through a link (ELOOP), and handed to `use`
 * with its stats; undefined when there is none.
 */
export function withOwnFile<T>(path: string, use: (fd: number, stats: Stats) => T): T | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | noFollow | noBlock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    return use(fd, fstatSync(fd));
  } finally {
    closeSync(fd);
  }
}

/** The whole file, or undefined when there is none. Throws the system's error (ELOOP for a link). */
export function readOwnFile(path: string): string | undefined {
  return withOwnFile(path, (fd, stats) => {
    // Opening a directory for reading succeeds; reading it is what fails, less clearly.
    if (!stats.isFile()) throw notRegular(path, stats.isDirectory());
    return readFileSync(fd, "utf8");
  });
}

/** A descriptor for appending records, the file created 0600 (and its dir 0700) when new. */
export function openOwnFileForAppend(path: string): number {
  const open = () =>
    openSync(path, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | noFollow | noBlock, 0o600);
  try {
    return open();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    return open();
  }
}

/**
 * A file the user names for results that hold licences and serials (`buy --file … --out FILE`),
 * opened like reseller's own (see openUserFile) and emptied for this run; returns a descriptor to
 * append lines to. Throws InputError, before anything is bought.
 */
export function openResultsFile(path: string, inputPath?: string): number {
  return openUserFile(
    path,
    inputPath,
    () => openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | noFollow | noBlock, 0o600),
    (why) =>
      new InputError((say) => say.settings.cannotWriteResults(path, why(say)), {
        suggestion: (say) => say.settings.cannotWriteResultsHint,
      }),
    (say) => say.settings.isOrdersFile,
  );
}

/**
 * The file receipts are collected in (`--receipts FILE` of `buy --file` and `webhook listen`): appended
 * to, so earlier receipts stay; opened like reseller's own (see openUserFile). Throws InputError naming
 * --receipts, before anything is bought or received.
 */
export function openReceiptsFile(path: string, inputPath?: string): number {
  return openUserFile(
    path,
    inputPath,
    () => openOwnFileForAppend(path),
    (why) =>
      new InputError((say) => say.listener.receiptsNotWritable(path, why(say)), {
        suggestion: (say) => say.listener.receiptsHint,
      }),
    (say) => say.settings.isTheOrdersFile,
  );
}

/**
 * A file the user names for what holds licences and serials: never the file the orders are read from
 * (which writing would destroy), opened never through a symbolic link, a regular file only (a device or
 * a FIFO is refused before anything is done to it, never chmodded), and made 0600: the mode given to
 * open passes through the umask, and an existing file keeps its own.
 */
function openUserFile(
  path: string,
  inputPath: string | undefined,
  open: () => number,
  refuse: (why: Wording) => InputError,
  isOrdersFile: (say: Messages) => (path: string) => string,
): number {
  if (inputPath !== undefined && inputPath !== "-" && sameFile(path, inputPath))
    throw refuse((say) => isOrdersFile(say)(inputPath));
  let fd: number;
  try {
    fd = open();
  } catch (error) {
    throw refuse((say) => fileProblem(error, say));
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) {
      const notAFile = notRegular(path, stats.isDirectory());
      throw refuse((say) => fileProblem(notAFile, say));
    }
    fchmodSync(fd, 0o600);
  } catch (error) {
    closeSync(fd);
    throw error instanceof InputError ? error : refuse((say) => fileProblem(error, say));
  }
  return fd;
}

/** Whether two paths name one file (a link, `./x` and `x`, a hard link): the same device and inode. */
function sameFile(a: string, b: string): boolean {
  const one = quietly(() => statSync(a, { throwIfNoEntry: false }));
  const other = quietly(() => statSync(b, { throwIfNoEntry: false }));
  return one !== undefined && other !== undefined && one.dev === other.dev && one.ino === other.ino;
}

/**
 * Replaces the file whole: written to a new 0600 file beside it, flushed, then renamed over it, so a
 * crash, a full disk or a second `reseller` never leaves half a file. The rename replaces a link
 * rather than writing through it; callers read the file (refusing a link) before they replace it.
 */
export function replaceOwnFile(path: string, text: string, options: { durable?: boolean } = {}): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  const bytes = Buffer.from(text, "utf8");
  let fd: number | undefined = openSync(
    temporary,
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow,
    0o600,
  );
  try {
    // The mode given to open passes through the umask; make sure.
    fchmodSync(fd, 0o600);
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    // A file worth nothing after a crash (the emulator's rehearsal state) skips the flush.
    if (options.durable !== false) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temporary, path);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    try {
      unlinkSync(temporary);
    } catch {
      // Never created, or already gone.
    }
    throw error;
  }
}

/**
 * Looks at the config dir and the files reseller keeps in it, once a command starts: a dir or file
 * owned by someone else is said (that user can read the key and change what is sent), and group or
 * other permissions on what the user owns are taken away. The dir itself is tightened only when it
 * holds nothing but reseller's own files: RESELLER_CONFIG_DIR may name a dir others rely on (a home,
 * a project), and that is said instead. Returns one line per thing to say.
 */
export function checkConfigDir(dir: string, say: Messages): string[] {
  const uid = process.getuid?.();
  if (uid === undefined) return [];
  // Not there yet (it is made 0700 when something is first saved), or not reachable: the command says so.
  const stats = quietly(() => statSync(dir, { throwIfNoEntry: false }));
  if (!stats) return [];
  const foreign: string[] = [];
  const tightened: string[] = [];
  const notices: string[] = [];
  const tighten = (path: string, mode: number) => {
    try {
      chmodSync(path, mode & 0o7700);
      tightened.push(`${path} (${octal(mode)} → ${octal(mode & 0o7700)})`);
    } catch {
      // A read-only file system: nothing to tighten with, and nothing can be written there either.
    }
  };
  if (stats.uid !== uid) foreign.push(say.settings.configDirOwner(dir, stats.uid));
  else if (stats.mode & 0o077) {
    if (holdsOnlyOurs(dir)) tighten(dir, stats.mode & 0o7777);
    else notices.push(say.settings.dirOpen(dir, octal(stats.mode & 0o7777)));
  }
  for (const name of localFileNames) {
    const path = join(dir, name);
    const file = quietly(() => lstatSync(path, { throwIfNoEntry: false }));
    // A link is refused when the command opens it; its own mode means nothing.
    if (!file?.isFile()) continue;
    if (file.uid !== uid) foreign.push(say.settings.fileOwner(path, file.uid));
    else if (file.mode & 0o077) tighten(path, file.mode & 0o7777);
  }
  if (foreign.length) notices.unshift(say.settings.ownedByAnother(foreign.join(", ")));
  if (tightened.length) notices.push(say.settings.tightened(tightened.join(", ")));
  return notices;
}

/** What else reseller keeps in the dir: the item catalogue `reseller items` saves, an earlier release's journal. */
const keptDirs = ["catalogue", "journal.d", "journal.d.imported", "journal.jsonl", "journal.jsonl.imported"];

/** Read only when the dir is found open to others, which is once: after that it is 0700. */
function holdsOnlyOurs(dir: string): boolean {
  try {
    // A file being replaced is `NAME.<pid>.<random>.tmp` for a moment; one being changed has its `NAME.lock`.
    return readdirSync(dir).every(
      (entry) =>
        keptDirs.includes(entry) ||
        localFileNames.some(
          (name) =>
            entry === name ||
            entry === `${name}.lock` ||
            // SQLite's write-ahead log and shared memory beside the database.
            entry === `${name}-wal` ||
            entry === `${name}-shm` ||
            (entry.startsWith(`${name}.`) && entry.endsWith(".tmp")),
        ),
    );
  } catch {
    return false;
  }
}

/** What a look at the disk gives, or undefined when it fails (a file gone, a permission). */
export function quietly<T>(look: () => T): T | undefined {
  try {
    return look();
  } catch {
    return undefined;
  }
}

function octal(mode: number): string {
  return mode.toString(8).padStart(4, "0");
}

/** Makes the new file's name durable too: fsync of the file alone does not cover its directory entry. */
export function syncDirectory(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms cannot open a directory; the file's own fsync is the best they offer.
  }
}
