/**
 * Stock locks through main() (test/support/run-main.ts): add (the token alone on stdout when piped,
 * remembered in a 0600 cache for `buy --lock`), list (time left, gone after the emulator clock
 * passes expiry), release, and every refusal the service has for them (exit 1 with the code and a
 * next step). A shell script taking the token with $(…) runs the built binary.
 */
import { execFile } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { baseEnv, binPath } from "../support/cli.js";
import { findCachedLock } from "../../src/records/stock-locks.js";
import { stockLockRows } from "../support/records.js";
import { useEmulator } from "../support/emulator.js";
import { resellerInProcess, serviceBody, singleJson, tableBorder } from "./commands-harness.js";

/** Each block works on its own account, so one block's locks never show up in another's list. */
const harness = useEmulator();

function cachedTokens(configDir: string, profile = "default"): string[] {
  return stockLockRows(configDir)
    .filter((row) => row.profile === profile)
    .map((row) => row.token);
}

function lockOf(apiKey: string, token: string) {
  return harness.accountOf(apiKey).locks.find((l) => l.lock_token === token);
}

describe("lock add", () => {
  it("piped: only the token on stdout, the lock held on the service and noted in a 0600 cache", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["lock", "add", "--item", "1", "--qty", "2"]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^LCK-[A-Z0-9]+\n$/);
    const token = r.stdout.trim();
    expect(lockOf(reseller.apiKey, token)).toMatchObject({ item_id: 1, quantity: 2, status: "active" });
    expect(cachedTokens(reseller.configDir)).toEqual([token]);
    expect(statSync(join(reseller.configDir, "records.db")).mode & 0o777).toBe(0o600);
    const cached = await findCachedLock(reseller.configDir, "default", token, Date.now());
    expect(cached).toMatchObject({ token, itemId: 1, quantity: 2 });
  });

  it("TOKEN=$(reseller lock add …) works in a shell script", async () => {
    const reseller = resellerInProcess(harness);
    const script = `TOKEN=$(node "${binPath}" lock add --item 3 --qty 1 --duration 300) && node "${binPath}" lock release "$TOKEN" 2>/dev/null && printf '%s' "$TOKEN"`;
    const { stdout } = await promisify(execFile)("sh", ["-c", script], { env: baseEnv(reseller.env) });
    expect(stdout).toMatch(/^LCK-[A-Z0-9]+$/);
    expect(lockOf(reseller.apiKey, stdout)).toMatchObject({ item_id: 3, quantity: 1, status: "released" });
  });

  it("--json: the service's body, unknown fields kept", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["lock", "add", "--item", "4", "--qty", "1", "--duration", "120"], { mode: "json" });
    expect(r.exitCode).toBe(0);
    const body = singleJson(r);
    expect(body.success).toBe(true);
    const held = lockOf(reseller.apiKey, body.data.lock_token)!;
    expect(body.data).toEqual({
      lock_token: held.lock_token,
      item_id: 4,
      quantity: 1,
      locked_at: held.locked_at,
      expires_at: held.expires_at,
    });
    expect(Date.parse(body.data.expires_at) - Date.parse(body.data.locked_at)).toBe(120_000);
    expect(cachedTokens(reseller.configDir)).toEqual([body.data.lock_token]);
  });

  it("terminal: a record with the token, item, quantity and expiry with a relative hint", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["lock", "add", "--item", "5", "--qty", "1", "--duration", "300"], { mode: "table" });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(/^Lock token\s+LCK-[A-Z0-9]+$/m);
    expect(r.stdout).toMatch(/^Item\s+5$/m);
    expect(r.stdout).toMatch(/^Quantity\s+1$/m);
    expect(r.stdout).toMatch(/^Expires\s+\d{1,2} \w{3,4} \d{4} \d\d:\d\d:\d\d WIB \(in (4m 5\ds|5m 00s)\)$/m);
    expect(r.stderr).toMatch(/reseller buy --lock LCK-/);
  });

  it("remembers locks per profile", async () => {
    const reseller = resellerInProcess(harness);
    const r = await reseller.run(["lock", "add", "--item", "6", "--qty", "1", "--profile", "shop2"]);
    expect(r.exitCode).toBe(0);
    expect(cachedTokens(reseller.configDir, "shop2")).toEqual([r.stdout.trim()]);
    expect(await findCachedLock(reseller.configDir, "default", r.stdout.trim(), Date.now())).toBeUndefined();
  });
});

describe("lock list", () => {
  const apiKey = () => harness.apiKeyOf("Berkah Pulsa Cell");

  it("shows each lock with the time it has left, in every mode", async () => {
    const reseller = resellerInProcess(harness, apiKey());
    const first = (await reseller.run(["lock", "add", "--item", "1", "--qty", "1", "--duration", "600"])).stdout.trim();
    const second = (await reseller.run(["lock", "add", "--item", "7", "--qty", "2", "--duration", "90"])).stdout.trim();

    const json = await reseller.run(["lock", "list"], { mode: "json" });
    expect(json.exitCode).toBe(0);
    const printed = singleJson(json);
    const direct = await serviceBody(harness, "/v1/item/lock", apiKey());
    const withoutClock = (body: any) => ({
      ...body,
      data: body.data.map(({ remaining_seconds, ...rest }: any) => rest),
    });
    expect(withoutClock(printed)).toEqual(withoutClock(direct));
    expect(printed.data.map((l: any) => l.lock_token)).toEqual([first, second]);
    expect(printed.data[0].remaining_seconds).toBeGreaterThan(590);

    const plain = await reseller.run(["lock", "list"]);
    const rows = plain.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"));
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 3)).toEqual([second, "7", "2"]);
    expect(rows[1]![3]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(Number(rows[1]![4])).toBeGreaterThan(80);
    expect(Number(rows[1]![4])).toBeLessThanOrEqual(90);

    const table = await reseller.run(["lock", "list"], { mode: "table", env: { COLUMNS: "120" } });
    expect(table.stdout).toMatch(tableBorder);
    expect(table.stdout).toContain("Time left");
    // The token, which people copy, stands beside the borders of its row.
    expect(table.stdout).toMatch(new RegExp(`│ (9m \\d\\ds|10m 00s)\\s+│  ${first}\n`));
    // The expiry once: the time it ends (no "(in 1m …)" hint), and beside it the time left.
    expect(table.stdout).toMatch(
      new RegExp(`│ \\d{1,2} \\w{3,4} \\d{4} \\d\\d:\\d\\d:\\d\\d WIB +│ 1m \\d\\ds\\s+│  ${second}\n`),
    );
    expect(table.stdout).not.toMatch(/\(in \d/);
  });

  it("a lock disappears once the emulator clock passes its expiry", async () => {
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Sinar Digital Store"));
    const token = (await reseller.run(["lock", "add", "--item", "2", "--qty", "1", "--duration", "60"])).stdout.trim();
    const before = await reseller.run(["lock", "list"]);
    expect(before.stdout).toContain(token);
    expect(Number(before.stdout.trim().split("\t")[4])).toBeLessThanOrEqual(60);

    harness.emulator.clock.advance(61_000);
    const after = await reseller.run(["lock", "list"]);
    expect(after.exitCode).toBe(0);
    expect(after.stdout).toBe("");
    expect(after.stderr).toContain("No locks held");
    // The live service says "none" with 404 ITEM_NOT_FOUND; --json prints that body as it came, still exit 0.
    const json = await reseller.run(["lock", "list"], { mode: "json" });
    expect(json.exitCode).toBe(0);
    expect(json.json()).toEqual({ message: "ITEM_NOT_FOUND" });
  });

  it("an empty list prints nothing on stdout in table mode either", async () => {
    const r = await resellerInProcess(harness, harness.apiKeyOf("Cahaya Voucher")).run(["lock", "list"], {
      mode: "table",
    });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("No locks held");
  });
});

describe("lock release", () => {
  const apiKey = () => harness.apiKeyOf("Mitra Top Up Nusantara");

  it("piped: a message on stderr, nothing on stdout, the stock given back and the cache entry gone", async () => {
    const reseller = resellerInProcess(harness, apiKey());
    const token = (await reseller.run(["lock", "add", "--item", "1", "--qty", "1"])).stdout.trim();
    const r = await reseller.run(["lock", "release", token]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(new RegExp(`Released ${token}`));
    expect(lockOf(apiKey(), token)?.status).toBe("released");
    expect(cachedTokens(reseller.configDir)).toEqual([]);
  });

  it("--json: the service's body", async () => {
    const reseller = resellerInProcess(harness, apiKey());
    const token = (await reseller.run(["lock", "add", "--item", "1", "--qty", "1"])).stdout.trim();
    const r = await reseller.run(["lock", "release", token], { mode: "json" });
    expect(r.exitCode).toBe(0);
    expect(singleJson(r)).toMatchObject({ success: true, data: { lock_token: token, status: "released" } });
  });

  it("terminal: the message on stderr, stdout empty", async () => {
    const reseller = resellerInProcess(harness, apiKey());
    const token = (await reseller.run(["lock", "add", "--item", "1", "--qty", "1"])).stdout.trim();
    const r = await reseller.run(["lock", "release", token], { mode: "table" });
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("stock is available again");
  });

  it("releasing twice: LOCK_RELEASED, exit 1, and with --json only a JSON error on stderr", async () => {
    const reseller = resellerInProcess(harness, apiKey());
    const token = (await reseller.run(["lock", "add", "--item", "1", "--qty", "1"])).stdout.trim();
    await reseller.run(["lock", "release", token]);
    const text = await reseller.run(["lock", "release", token]);
    expect(text.exitCode).toBe(1);
    expect(text.stderr).toContain("LOCK_RELEASED");
    expect(text.stderr).toMatch(/Hint: .*reseller lock list/);
    const json = await reseller.run(["lock", "release", token], { mode: "json" });
    expect(json.exitCode).toBe(1);
    expect(json.stdout).toBe("");
    expect(json.errorJson().error).toMatchObject({ code: "LOCK_RELEASED", status: 422 });
  });

  it("an unknown token: LOCK_NOT_FOUND, exit 1, with the next step", async () => {
    const r = await resellerInProcess(harness, apiKey()).run(["lock", "release", "LCK-NOSUCHTOKEN"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("LOCK_NOT_FOUND");
    expect(r.stderr).toContain("reseller lock list");
    const json = await resellerInProcess(harness, apiKey()).run(["lock", "release", "LCK-NOSUCHTOKEN"], {
      mode: "json",
    });
    expect(json.stdout).toBe("");
    expect(json.errorJson().error).toMatchObject({ code: "LOCK_NOT_FOUND", status: 404 });
  });

  it("another account's lock is not found", async () => {
    const owner = resellerInProcess(harness, apiKey());
    const token = (await owner.run(["lock", "add", "--item", "1", "--qty", "1"])).stdout.trim();
    const r = await resellerInProcess(harness, harness.apiKeyOf("Rumah Game Murah")).run(["lock", "release", token]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("LOCK_NOT_FOUND");
    expect(lockOf(apiKey(), token)?.status).toBe("active");
  });
});

describe("lock refusals exit 1 with the code and a next step", () => {
  it("LOCK_NOT_REQUIRED for an unlimited item", async () => {
    const r = await resellerInProcess(harness).run(["lock", "add", "--item", "12", "--qty", "1"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("LOCK_NOT_REQUIRED");
    expect(r.stderr).toMatch(/Hint: .*reseller buy/);
    const json = await resellerInProcess(harness).run(["lock", "add", "--item", "12", "--qty", "1"], { mode: "json" });
    expect(json.stdout).toBe("");
    expect(json.errorJson().error).toMatchObject({ code: "LOCK_NOT_REQUIRED", status: 422 });
  });

  it("INSUFFICIENT_STOCK for a sold-out item", async () => {
    const r = await resellerInProcess(harness).run(["lock", "add", "--item", "8", "--qty", "1"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("INSUFFICIENT_STOCK");
    expect(r.stderr).toContain("reseller item 8");
  });

  it("ITEM_NOT_FOUND for a withdrawn item", async () => {
    const r = await resellerInProcess(harness).run(["lock", "add", "--item", "9", "--qty", "1"]);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toContain("ITEM_NOT_FOUND");
  });

  it("MAX_ACTIVE_LOCKS_REACHED once the account holds the most locks allowed", async () => {
    const apiKey = harness.apiKeyOf("Warung Premium ID");
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${harness.emulator.baseUrl}/v1/item/lock`, {
        method: "POST",
        headers: { "X-APIKEY": apiKey, "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ item_id: 4, quantity: 1 }),
      });
      expect(response.status).toBe(200);
    }
    const reseller = resellerInProcess(harness, apiKey);
    const r = await reseller.run(["lock", "add", "--item", "4", "--qty", "1"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("MAX_ACTIVE_LOCKS_REACHED");
    expect(r.stderr).toMatch(/Hint: Release one with `reseller lock release/);
    const json = await reseller.run(["lock", "add", "--item", "4", "--qty", "1"], { mode: "json" });
    expect(json.errorJson().error).toMatchObject({ code: "MAX_ACTIVE_LOCKS_REACHED", status: 429 });
    // A refused lock is not sent twice (a retry could hold two locks) and nothing is cached.
    expect(harness.accountOf(apiKey).locks).toHaveLength(10);
    expect(stockLockRows(reseller.configDir)).toEqual([]);
  });

  it("MINIMUM_ORDER_NOT_MET below an item's minimum order", async () => {
    // Item 28 is sold in bulk: at least 5.
    const reseller = resellerInProcess(harness, harness.apiKeyOf("Kios Reload 24 Jam"));
    const r = await reseller.run(["lock", "add", "--item", "28", "--qty", "4"]);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("MINIMUM_ORDER_NOT_MET");
    expect(r.stderr).toContain("reseller item 28");
    const json = await reseller.run(["lock", "add", "--item", "28", "--qty", "4"], { mode: "json" });
    expect(json.stdout).toBe("");
    expect(json.errorJson().error).toMatchObject({ code: "MINIMUM_ORDER_NOT_MET", status: 422 });
    expect((await reseller.run(["lock", "add", "--item", "28", "--qty", "5"])).exitCode).toBe(0);
  });
});
