/**
 * Several `reseller lock add` at once (a shop bot serving customers in parallel): every lock they
 * make is in the local lock cache afterwards, so `buy --lock TOKEN` finds each one's item and
 * quantity. Each process writes its lock into the records database; here the service holds every
 * answer until all five asked, then answers them together, so the five write at once.
 */
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { makeConfigDir, runReseller } from "../support/cli.js";
import { useHostileServer } from "../support/hostile-server.js";
import { stockLockRows } from "../support/records.js";

const server = useHostileServer();

/** Answers each lock request once `count` are waiting, all in the same moment. */
function lockBarrier(count: number): void {
  let waiting: { response: ServerResponse; n: number }[] = [];
  let made = 0;
  server.routes.set("POST /v1/item/lock", (_request, response) => {
    waiting.push({ response, n: ++made });
    if (waiting.length < count) return;
    const answering = waiting;
    waiting = [];
    const expires = new Date(Date.now() + 600_000).toISOString();
    for (const { response: r, n } of answering) {
      r.writeHead(200, { "content-type": "application/json" });
      r.end(
        JSON.stringify({
          success: true,
          data: {
            lock_token: `LCK-PARALLEL-${n}`,
            item_id: 28,
            quantity: 5,
            locked_at: new Date().toISOString(),
            expires_at: expires,
          },
        }),
      );
    }
  });
}

describe("lock add in parallel", () => {
  it.each([1, 2, 3])("five at once, answered together: all five locks are in the cache (round %i)", async () => {
    lockBarrier(5);
    const configDir = makeConfigDir();
    const env = {
      RESELLER_BASE_URL: server.baseUrl,
      RESELLER_API_KEY: "rk_test_parallel_locks_0001",
      RESELLER_CONFIG_DIR: configDir,
    };
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => runReseller(["lock", "add", "--item", "28", "--qty", "5"], { env })),
    );
    for (const r of results) expect(r.exitCode, r.stderr).toBe(0);
    for (const r of results) expect(r.stderr).toBe("");
    const tokens = results.map((r) => r.stdout.trim());
    expect(new Set(tokens).size).toBe(5);
    const cached = stockLockRows(configDir).map((row) => row.token);
    expect([...cached].sort()).toEqual([...tokens].sort());
  });
});
