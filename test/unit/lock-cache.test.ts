/** The local note of locks this machine created, which `buy --lock` reads to fill in item and quantity. */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { StockLock } from "../../src/api/model.js";
import { findCachedLock, forgetLock, lockCachePath, rememberLock } from "../../src/orders/lock-cache.js";
import { makeConfigDir } from "../support/cli.js";

const now = Date.parse("2026-11-21T14:30:00Z");
function lock(token: string, expiresInSeconds: number, extra: Partial<StockLock> = {}): StockLock {
  return {
    token,
    itemId: 3,
    quantity: 2,
    lockedAt: new Date(now).toISOString(),
    expiresAt: new Date(now + expiresInSeconds * 1000).toISOString(),
    ...extra,
  };
}

describe("lock cache", () => {
  it("finds a remembered lock by token, with its item and quantity", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-A", 600, { itemId: 7 }), now);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toMatchObject({ itemId: 7, quantity: 2 });
    expect(await findCachedLock(dir, "default", "LCK-B", now)).toBeUndefined();
  });

  it("is kept per profile", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "shop2", lock("LCK-A", 600), now);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeUndefined();
    expect(await findCachedLock(dir, "shop2", "LCK-A", now)).toBeDefined();
  });

  it("does not return an expired lock, and drops expired ones when it writes", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-OLD", 60), now);
    expect(await findCachedLock(dir, "default", "LCK-OLD", now + 61_000)).toBeUndefined();
    await rememberLock(dir, "default", lock("LCK-NEW", 600), now + 61_000);
    const file = JSON.parse(readFileSync(lockCachePath(dir), "utf8"));
    expect(file.profiles.default.map((l: { lock_token: string }) => l.lock_token)).toEqual(["LCK-NEW"]);
  });

  it("forgets a released lock and leaves the others", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    await rememberLock(dir, "default", lock("LCK-B", 600), now);
    await forgetLock(dir, "default", "LCK-A", now);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeUndefined();
    expect(await findCachedLock(dir, "default", "LCK-B", now)).toBeDefined();
  });

  it("remembering the same token twice keeps one entry", async () => {
    const dir = makeConfigDir();
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    await rememberLock(dir, "default", lock("LCK-A", 300), now);
    const file = JSON.parse(readFileSync(lockCachePath(dir), "utf8"));
    expect(file.profiles.default).toHaveLength(1);
  });

  it("is written with mode 0600, in a config dir it creates", async () => {
    const dir = join(makeConfigDir(), "nested", "reseller");
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    expect(statSync(lockCachePath(dir)).mode & 0o777).toBe(0o600);
  });

  it("reads a damaged file as empty and replaces it on the next write", async () => {
    const dir = makeConfigDir();
    writeFileSync(lockCachePath(dir), "{not json");
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeUndefined();
    await forgetLock(dir, "default", "LCK-A", now);
    await rememberLock(dir, "default", lock("LCK-A", 600), now);
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeDefined();
  });

  it("ignores entries that are not locks", async () => {
    const dir = makeConfigDir();
    const stored = {
      lock_token: "LCK-B",
      item_id: 3,
      quantity: 2,
      locked_at: null,
      expires_at: new Date(now + 600_000).toISOString(),
    };
    writeFileSync(
      lockCachePath(dir),
      JSON.stringify({ profiles: { default: [{ lock_token: "LCK-A" }, "junk", stored] } }),
    );
    expect(await findCachedLock(dir, "default", "LCK-A", now)).toBeUndefined();
    expect(await findCachedLock(dir, "default", "LCK-B", now)).toBeDefined();
  });
});
