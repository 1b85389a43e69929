/**
 * The locks this machine created, so `buy --lock TOKEN` can fill in the item and quantity without
 * asking the service. One file, `locks.json` under the config dir, per profile, mode 0600 (a token
 * reserves stock on the reseller's account). It is only a cache: a missing or damaged file reads as
 * empty, and expired locks are dropped whenever it is written.
 */
import { join } from "node:path";
import type { StockLock } from "../api/model.js";
import { UsageError } from "../errors.js";
import { say } from "../messages/messages.js";
import { fileProblem, notALock, readOwnFile, replaceOwnFile } from "../config/config-dir.js";
import { whileLocked } from "../config/file-lock.js";

export const lockCacheFileName = "locks.json";

interface LockCacheFile {
  profiles: Record<string, StockLock[]>;
}

/** On disk a lock keeps the service's own field names, so files written by earlier versions still read. */
interface StoredLock {
  lock_token: string;
  item_id: number;
  quantity: number;
  locked_at: string | null;
  expires_at: string | null;
}

const toStored = (lock: StockLock): StoredLock => ({
  lock_token: lock.token,
  item_id: lock.itemId,
  quantity: lock.quantity,
  locked_at: lock.lockedAt,
  expires_at: lock.expiresAt,
});
const fromStored = (lock: StoredLock): StockLock => ({
  token: lock.lock_token,
  itemId: lock.item_id,
  quantity: lock.quantity,
  lockedAt: lock.locked_at ?? null,
  expiresAt: lock.expires_at ?? null,
});

export function lockCachePath(configDir: string): string {
  return join(configDir, lockCacheFileName);
}

function isStoredLock(value: unknown): value is StoredLock {
  const v = value as Partial<StoredLock> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.lock_token === "string" &&
    typeof v.item_id === "number" &&
    typeof v.quantity === "number"
  );
}

/** Unparseable expiry times are kept: better a stale entry the service will refuse than a lost one. */
function stillActive(lock: StockLock, nowMs: number): boolean {
  const at = lock.expiresAt ? Date.parse(lock.expiresAt) : Number.NaN;
  return Number.isNaN(at) || at > nowMs;
}

/**
 * A file that is not there or not JSON reads as empty. One that cannot be opened (a link, a dir, no
 * permission) is refused, so it is never written over or through; callers say so and go on without it.
 */
async function readCache(configDir: string): Promise<LockCacheFile> {
  const path = lockCachePath(configDir);
  let text: string | undefined;
  try {
    text = readOwnFile(path);
  } catch (error) {
    throw new UsageError(`${path}: ${fileProblem(error)}`, { code: "LOCK_CACHE_UNREADABLE" });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text ?? "");
  } catch {
    return { profiles: {} };
  }
  const profiles = (parsed as { profiles?: Record<string, unknown[]> } | null)?.profiles;
  if (typeof profiles !== "object" || profiles === null || Array.isArray(profiles)) return { profiles: {} };
  const clean: Record<string, StockLock[]> = {};
  for (const [name, locks] of Object.entries(profiles))
    if (Array.isArray(locks)) clean[name] = (locks as unknown[]).filter(isStoredLock).map(fromStored);
  return { profiles: clean };
}

/** Written to a temporary file and renamed, so a crash or a second `reseller` never leaves half a file. */
async function writeCache(configDir: string, cache: LockCacheFile, nowMs: number): Promise<void> {
  const profiles: Record<string, StoredLock[]> = {};
  for (const [name, locks] of Object.entries(cache.profiles)) {
    const active = locks.filter((lock) => stillActive(lock, nowMs));
    if (active.length) profiles[name] = active.map(toStored);
  }
  const path = lockCachePath(configDir);
  try {
    replaceOwnFile(path, `${JSON.stringify({ profiles }, null, 2)}\n`);
  } catch (error) {
    throw new UsageError(`${path}: ${fileProblem(error)}`, { code: "LOCK_CACHE_UNWRITABLE" });
  }
}

/** How long a change waits for another process's change. */
const waitForTurnMs = 5_000;

/**
 * Runs one read-change-write of the cache while no other `reseller` does: five `lock add` at once
 * would otherwise each read the file before the others wrote, and all but one lock would be lost.
 */
async function inTurn<T>(configDir: string, change: () => Promise<T>): Promise<T> {
  const path = `${lockCachePath(configDir)}.lock`;
  return whileLocked(
    path,
    waitForTurnMs,
    {
      cannotLock: (error, lock) =>
        notALock(lock, error, "LOCK_CACHE_UNWRITABLE") ??
        new UsageError(`${lockCachePath(configDir)}: ${fileProblem(error)}`, { code: "LOCK_CACHE_UNWRITABLE" }),
      busy: () => new UsageError(say.settings.lockCacheBusy(path, waitForTurnMs / 1000), { code: "LOCK_CACHE_BUSY" }),
    },
    change,
  );
}

export async function rememberLock(
  configDir: string,
  profile: string,
  lock: StockLock,
  nowMs: number = Date.now(),
): Promise<void> {
  await inTurn(configDir, async () => {
    const cache = await readCache(configDir);
    const others = (cache.profiles[profile] ?? []).filter((l) => l.token !== lock.token);
    cache.profiles[profile] = [...others, lock];
    await writeCache(configDir, cache, nowMs);
  });
}

export async function findCachedLock(
  configDir: string,
  profile: string,
  token: string,
  nowMs: number,
): Promise<StockLock | undefined> {
  const cache = await readCache(configDir);
  return cache.profiles[profile]?.find((lock) => lock.token === token && stillActive(lock, nowMs));
}

export async function forgetLock(
  configDir: string,
  profile: string,
  token: string,
  nowMs: number = Date.now(),
): Promise<void> {
  if (!(await readCache(configDir)).profiles[profile]?.some((lock) => lock.token === token)) return;
  await inTurn(configDir, async () => {
    const cache = await readCache(configDir);
    const locks = cache.profiles[profile];
    if (!locks?.some((lock) => lock.token === token)) return;
    cache.profiles[profile] = locks.filter((lock) => lock.token !== token);
    await writeCache(configDir, cache, nowMs);
  });
}
