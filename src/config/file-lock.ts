/**
 * The one way reseller takes a lock on a file of its own: the config's read-change-write, and the
 * catalogue copy's refresh. A lock is a file beside what it guards, created whole
 * with link() (which never replaces) and naming its holder: pid, the process's start time, host
 * and a random token.
 *
 * A lock is never taken from a live holder. On this machine a holder lives while its pid runs with
 * the same start time, so a paused process (Ctrl-Z, SIGSTOP) keeps its lock however long it sleeps,
 * and a lock that names no start time (an older format) proves no holder alive and is taken over;
 * a holder on another machine (a config dir shared over the network) lives for `leaseMs` after it
 * took the lock (the lock file's mtime). A dead holder's lock is taken over atomically:
 * the taker first claims that holder's token with a file created O_EXCL, so of several processes
 * that found it dead at once exactly one removes it, and only while it is still that holder's; the
 * others then find the new holder alive.
 */
import {
  closeSync,
  constants,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";
import { notRegular, withOwnFile } from "./config-dir.js";

/**
 * A holder's random token. node:crypto is loaded here, when a lock is taken, rather than by every
 * command that only reads the config (~1 ms of a `balance --json`).
 */
function randomToken(): string {
  return process.getBuiltinModule("node:crypto").randomBytes(8).toString("hex");
}

/** How long a holder on another machine is taken for alive after it took the lock. */
export const leaseMs = 60_000;

const noFollow = constants.O_NOFOLLOW ?? 0;

export interface HeldLock {
  /** Whether the lock file still names this holder. */
  held(): boolean;
  /** Removes the lock if it is still this holder's. */
  release(): void;
}

interface Holder {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux), "-" where unknown. */
  start: string;
  token: string;
}

interface SeenLock {
  text: string;
  ino: number;
  mtimeMs: number;
  /** Undefined for an empty or foreign file; an older release's names only pid and host. */
  holder?: Partial<Holder> & { pid: number; host: string };
}

/** When a process started, from /proc: together with its pid, what tells it from a later process given the same pid. */
function startOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name in parentheses may hold spaces: the fields are counted after its ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}

let ownStart: string | undefined;

/** node:os when a lock is taken or looked at, not at every start that reads the config (~0.3 ms). */
function hostname(): string {
  return process.getBuiltinModule("node:os").hostname();
}

function holderLine(token: string): string {
  ownStart ??= startOf(process.pid) ?? "-";
  return `${process.pid} ${hostname()} ${ownStart} ${token}\n`;
}

function parseHolder(text: string): SeenLock["holder"] {
  const [pid, host, start, token] = text.trim().split(" ");
  if (!pid || !/^\d+$/.test(pid) || !host) return undefined;
  return { pid: Number(pid), host, start, token };
}

/**
 * The lock as it is now, or undefined when there is none. Never through a link (ELOOP); a directory
 * or a device in its place is no lock reseller made (EISDIR, ENOTREG), named by the caller as the lock.
 */
function look(path: string): SeenLock | undefined {
  return withOwnFile(path, (fd, stats) => {
    if (!stats.isFile()) throw notRegular(path, stats.isDirectory());
    const buffer = Buffer.alloc(512);
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    const text = buffer.toString("utf8", 0, n);
    return { text, ino: stats.ino, mtimeMs: stats.mtimeMs, holder: parseHolder(text) };
  });
}

/**
 * Whether the process that holds this lock may still be working under it. On this machine only a
 * holder line of this release's format (pid, host, start time, token) can prove its holder alive: an
 * older one (`pid host`) names no start time, so a live process given that pid since, which may never
 * release it, cannot be told from its holder, and the lock is taken over.
 */
function holderRuns(seen: SeenLock): boolean {
  const holder = seen.holder;
  if (!holder || holder.host !== hostname()) return Date.now() - seen.mtimeMs < leaseMs;
  if (!holder.start || !holder.token) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: a process of another user runs with that pid, so it may be the holder.
    if ((error as NodeJS.ErrnoException).code === "ESRCH") return false;
  }
  if (holder.start && holder.start !== "-") {
    const start = startOf(holder.pid);
    if (start !== undefined && start !== holder.start) return false;
  }
  return true;
}

/** Creates `path` holding `line`, never replacing what is there (EEXIST). */
function create(path: string, line: string, token: string): void {
  const temporary = `${path}.${token}.tmp`;
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o600);
  try {
    writeSync(fd, line);
  } catch (error) {
    closeSync(fd);
    removeQuietly(temporary);
    throw error;
  }
  closeSync(fd);
  try {
    linkSync(temporary, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system without hard links: created empty then written, which a reader meanwhile takes for a fresh lease.
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS" && code !== "EOPNOTSUPP") throw error;
    const fd = openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o600);
    try {
      writeSync(fd, line);
    } catch (error) {
      removeQuietly(path);
      throw error;
    } finally {
      closeSync(fd);
    }
  } finally {
    removeQuietly(temporary);
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

/**
 * Removes a dead holder's lock, if no other process is doing so and it is still that holder's. The
 * claim is named by what identifies that lock, so no two processes remove the same one, and a
 * process that removed it and took the lock is never undone by one that looked before.
 */
function removeDeadLock(path: string, seen: SeenLock): void {
  const identity = (seen.holder?.token ?? `${seen.ino}-${Math.floor(seen.mtimeMs)}`).replace(/[^0-9A-Za-z-]/g, "");
  const claim = `${path}.${identity}.dead.tmp`;
  const token = randomToken();
  try {
    create(claim, holderLine(token), token);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Another process is removing it; one that died doing so leaves its claim to be cleared.
    const other = look(claim);
    if (other && !holderRuns(other)) removeQuietly(claim);
    return;
  }
  try {
    const now = look(path);
    if (now && now.ino === seen.ino && now.text === seen.text) unlinkSync(path);
  } finally {
    removeQuietly(claim);
  }
}

/**
 * Takes the lock at `path` now, or says "busy" when a live process holds it. Throws the system's
 * error when the lock cannot be made at all (a read-only or missing dir, a link in its place).
 */
export function tryTakeLock(path: string): HeldLock | "busy" {
  const token = randomToken();
  const line = holderLine(token);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      create(path, line, token);
      return heldLock(path, line);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const seen = look(path);
    if (!seen) continue;
    if (holderRuns(seen)) return "busy";
    removeDeadLock(path, seen);
  }
  return "busy";
}

/** Takes the lock, waiting up to `waitMs` for a live holder to release it; undefined when it did not. */
async function waitForLock(path: string, waitMs: number): Promise<HeldLock | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const lock = tryTakeLock(path);
    if (lock !== "busy") return lock;
    if (Date.now() >= until) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
  }
}

/**
 * Runs `work` holding the lock at `path` (its dir made 0700 first), waiting up to `waitMs` for a live
 * holder: the read-change-write of a file that two `reseller`s may change at once. The error of
 * `cannotLock` when the lock cannot be made at all (given the lock's path, which is what to name), of
 * `busy` when it did not come in time.
 */
export async function whileLocked<T>(
  path: string,
  waitMs: number,
  errors: { cannotLock(error: unknown, lockPath: string): Error; busy(): Error },
  work: () => T | Promise<T>,
): Promise<T> {
  let lock: HeldLock | undefined;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    lock = await waitForLock(path, waitMs);
  } catch (error) {
    throw errors.cannotLock(error, path);
  }
  if (!lock) throw errors.busy();
  try {
    return await work();
  } finally {
    lock.release();
  }
}

function heldLock(path: string, line: string): HeldLock {
  const held = () => {
    try {
      return look(path)?.text === line;
    } catch {
      return false;
    }
  };
  return {
    held,
    release() {
      if (held()) removeQuietly(path);
    },
  };
}
