import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manualClock, realTimeClock } from "../../src/emulator/clock.js";
import { startEmulator, type RunningEmulator } from "../../src/emulator/server.js";
import { advanceSeconds, runEmulatorCommand, ServiceCaller } from "./fixture.js";
import { until } from "../support/until.js";
import { makeTempDir } from "../support/temp-dir.js";

let directory: string;
const running: RunningEmulator[] = [];

beforeEach(() => {
  directory = makeTempDir("reseller-emulator-");
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.close()));
});

async function start(options: Parameters<typeof startEmulator>[0] = {}) {
  const emulator = await startEmulator({ clock: manualClock(), ...options });
  running.push(emulator);
  return { emulator, api: new ServiceCaller(emulator) };
}

describe("clocks", () => {
  it("a manual clock moves only when advanced, and never backwards", () => {
    const clock = manualClock(1_000);
    expect(clock.now()).toBe(1_000);
    clock.advance(500);
    expect(clock.now()).toBe(1_500);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });

  it("a real-time clock follows the wall clock plus what was added", () => {
    const clock = realTimeClock();
    clock.advance(3_600_000);
    expect(clock.now() - Date.now()).toBeGreaterThanOrEqual(3_599_000);
  });
});

describe("state file", () => {
  it("keeps balances, transactions and locks across a restart", async () => {
    const stateFile = join(directory, "nested", "state.json");
    const clock = manualClock();
    const first = await start({ stateFile, clock });
    await first.api.buy("kept", 1, 1);
    const token = (await first.api.post("/v1/item/lock", { item_id: 3, quantity: 2 })).body.data.lock_token;
    await first.api
      .post("/v1/item/lock", { item_id: 5, quantity: 1 })
      .then((reply) => first.api.delete(`/v1/item/lock/${reply.body.data.lock_token}`));
    // Written before each answer, not only at close, so a crash loses nothing a caller was told.
    const written = JSON.parse(readFileSync(stateFile, "utf8"));
    expect(written.transactions.map((transaction: { refId: string }) => transaction.refId)).toEqual(["kept"]);
    expect(written.locks.map((lock: { status: string }) => lock.status)).toEqual(["active", "released"]);
    await first.emulator.close();

    expect(JSON.parse(readFileSync(stateFile, "utf8")).version).toBe(1);
    expect(readdirSync(join(directory, "nested"))).toEqual(["state.json"]);

    advanceSeconds(first.emulator, 2);
    const second = await start({ stateFile, clock });
    expect(await second.api.balance()).toBe(2_500_000 - 35_000);
    const detail = (await second.api.get("/v1/trx/kept")).body.data;
    expect(detail.status).toBe("completed");
    expect(detail.items[0].product_license).toMatch(/^Email: /);
    expect((await second.api.get("/v1/item/1")).body.data.stock).toBe(11);
    expect(
      (await second.api.get("/v1/item/lock")).body.data.map((lock: { lock_token: string }) => lock.lock_token),
    ).toEqual([token]);
    expect((await second.api.get("/v1/item/3")).body.data.stock).toBe(13);
    expect((await second.api.buy("kept", 1, 1)).body).toEqual({ message: "REF_ID_ALREADY_EXIST" });
  });

  it("persists refunds credited lazily, so they are not credited again after a restart", async () => {
    const stateFile = join(directory, "state.json");
    const clock = manualClock();
    const first = await start({ stateFile, clock });
    await first.api.buy("refund", 12, 1, "nope");
    advanceSeconds(first.emulator, 5);
    expect(await first.api.balance()).toBe(2_500_000);
    await first.emulator.close();
    const second = await start({ stateFile, clock });
    expect(await second.api.balance()).toBe(2_500_000);
  });

  it("refuses a file that is not emulator state", async () => {
    const stateFile = join(directory, "broken.json");
    writeFileSync(stateFile, "{ nope");
    await expect(startEmulator({ stateFile })).rejects.toThrow(/not valid JSON/);
    writeFileSync(stateFile, JSON.stringify({ version: 2, accounts: [], items: [] }));
    await expect(startEmulator({ stateFile })).rejects.toThrow(/not an emulator state file/);
  });
});

describe("seed", () => {
  async function serialAndLicence(seed: number) {
    const { api, emulator } = await start({ seed });
    await api.buy("seeded", 12, 1, "081234567890");
    await api.buy("licence", 6, 1);
    advanceSeconds(emulator, 5);
    return [
      (await api.get("/v1/trx/seeded")).body.h2h_results[0].sn,
      (await api.get("/v1/trx/licence")).body.data.items[0].product_license,
    ];
  }

  it("repeats serial numbers and licences for the same seed and varies them with another", async () => {
    const one = await serialAndLicence(1);
    expect(await serialAndLicence(1)).toEqual(one);
    const other = await serialAndLicence(2);
    expect(other[0]).not.toBe(one[0]);
    expect(other[1]).not.toBe(one[1]);
    expect(one[1]).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/);
  });
});

describe("server", () => {
  it("closes promptly with idle keep-alive connections open", async () => {
    const heard: string[] = [];
    const { api, emulator } = await start({ log: (line) => heard.push(line) });
    const kept = (await api.get("/v1/balance")).headers.get("keep-alive");
    const keepAliveMs = Number(/timeout=(\d+)/.exec(kept ?? "")?.[1]) * 1000;
    expect(keepAliveMs).toBeGreaterThan(0);
    // Promptly: before the idle connection's own keep-alive would have run out and let the server go.
    let timer: NodeJS.Timeout | undefined;
    const idleRanOut = new Promise((resolve) => (timer = setTimeout(resolve, keepAliveMs, "keep-alive ran out")));
    expect(await Promise.race([emulator.close().then(() => "closed"), idleRanOut])).toBe("closed");
    clearTimeout(timer);
    // Its address no longer reaches it. Not "refused": the port is free once closed, and another
    // file's server, started at that moment, can be handed it and answer. The wait is bounded in case
    // that server holds requests.
    const before = heard.length;
    await fetch(`${emulator.baseUrl}/v1/balance`, {
      headers: { "X-APIKEY": emulator.demoApiKey },
      signal: AbortSignal.timeout(5_000),
    }).catch(() => undefined);
    expect(heard.slice(before)).toEqual([]);
  });

  it("closes promptly while a request sleeps in injected latency", async () => {
    const { api, emulator } = await start();
    // Longer than a test may take (the most it may be set to): close() returning is close() not waiting for it.
    emulator.faults.configure({ latency_ms: 120_000 });
    const pending = api.get("/v1/balance").catch((error: unknown) => error);
    await until("the request asleep in the latency", () => emulator.faults.status().injected.latency > 0);
    await emulator.close();
    expect(await pending).toBeInstanceOf(Error);
  });
});

describe("runEmulator (reseller emulator)", () => {
  it("prints the base URL, the key and export lines, and stops on abort", async () => {
    const emulator = await runEmulatorCommand({ port: 0, stateFile: join(directory, "cli.json") });
    const out = emulator.out();

    const baseUrl = /^export RESELLER_BASE_URL=(http:\/\/127\.0\.0\.1:(\d+))$/m.exec(out)!;
    expect(Number(baseUrl[2])).toBeGreaterThan(0);
    const apiKey = /^export RESELLER_API_KEY=(rk_demo_\w+)$/m.exec(out)![1]!;
    expect(out).toContain(`Base URL: ${baseUrl[1]}`);
    expect(out).toContain(`Demo API key: ${apiKey}`);
    expect(out).not.toContain("Press Ctrl-C");

    const response = await fetch(`${baseUrl[1]}/v1/balance`, {
      headers: { "X-APIKEY": apiKey, Accept: "application/json" },
    });
    expect(await response.json()).toEqual({ message: "OK", data: { balance: 2_500_000 } });
    expect(emulator.err()).toMatch(/GET \/v1\/balance 200/);

    await emulator.stop();
    await expect(fetch(`${baseUrl[1]}/v1/balance`)).rejects.toThrow();
  });
});
