/**
 * The HTTP layer against the emulator over real HTTP: every endpoint, the service's error codes
 * as typed errors, and each fault mode as the client sees it.
 */
import { en } from "../../src/messages/en.js";
import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { type ClientOptions, ServiceClient } from "../../src/api/client.js";
import type { AnswerBody } from "../../src/api/answer.js";
import { AuthError, NetworkError, ServiceError, UnexpectedResponseError } from "../../src/errors.js";
import { manualClock } from "../../src/emulator/server.js";
import { closedPort, useEmulator } from "../support/emulator.js";
import { deadlinesByHand } from "../support/deadlines.js";
import { clientFor } from "../support/service-client.js";
import { until } from "../support/until.js";

const harness = useEmulator({ clock: manualClock() });
const log: string[] = [];

/** A client of the file's emulator, on its clock, logging into `log`. */
const clientOf = (apiKey = harness.emulator.demoApiKey, extra: Partial<ClientOptions> = {}) =>
  clientFor(harness.emulator.baseUrl, {
    apiKey,
    now: () => harness.emulator.clock.now(),
    random: () => 0.5,
    log: (line) => log.push(line),
    ...extra,
  });

afterEach(() => {
  harness.emulator.faults.reset();
  log.length = 0;
});

describe("every endpoint", () => {
  it("reads the balance and the channels", async () => {
    const client = clientOf();
    const balance = await client.getBalance();
    expect(balance.data.balance).toBe(harness.accountOf().balance);
    expect((balance.body as AnswerBody).value).toMatchObject({
      message: "OK",
      data: { balance: balance.data.balance },
    });
    expect((balance.body as AnswerBody).text).toBe(JSON.stringify((balance.body as AnswerBody).value));
    const channels = await client.listChannels();
    expect(channels.data.length).toBeGreaterThan(2);
    expect(channels.data.map((c) => c.code)).toContain("QRIS");
    for (const c of channels.data) expect(Number.isInteger(c.fee)).toBe(true);
    await client.close();
  });

  it("requests a top-up payment link", async () => {
    const client = clientOf();
    const topUp = await client.requestTopUp(50_000, "QRIS");
    expect(topUp.data.amount).toBe(50_000);
    expect(topUp.data.paymentUrl).toMatch(new RegExp(`^${harness.emulator.baseUrl}/pay/`));
    expect(Date.parse(topUp.data.expiresAt!)).toBeGreaterThan(harness.emulator.clock.now());
    await client.close();
  });

  it("reads an item with its minimum order, the raw body keeping every field", async () => {
    const client = clientOf();
    const item = await client.getItem(23);
    expect(item.data).toMatchObject({ id: 23, isSmm: true, minOrder: 100 });
    expect((item.body as AnswerBody).value).toHaveProperty(["data", "min_order"], 100);
    expect((await client.getItem(12)).data.unlimited).toBe(true);
    await client.close();
  });

  it("creates a transaction and reads it back by ref_id and by invoice", async () => {
    const client = clientOf();
    const created = await client.createTransaction({
      ref_id: "client-test-1",
      carts: [{ item_id: 12, quantity: 1, note: "081234567890" }],
    });
    expect(created.data).toMatchObject({ refId: "client-test-1", status: { kind: "paid" }, amount: 11_500 });
    const byRef = await client.getTransaction("client-test-1");
    const byInvoice = await client.getTransaction(created.data.invoice!);
    expect(byRef.data.invoice).toBe(created.data.invoice);
    expect(byInvoice.data.refId).toBe("client-test-1");
    expect(byRef.data.lines[0]).toMatchObject({ itemId: 12, orderProcess: "h2h", quantity: 1 });
    harness.emulator.clock.advance(30_000);
    const later = await client.getTransaction("client-test-1");
    expect(later.data.h2h[0]).toMatchObject({ itemId: 12, status: { kind: "completed" }, failed: false });
    expect(later.data.h2h[0]!.serial).not.toMatch(/^failed/);
    await client.close();
  });

  it("locks stock, lists the lock with its remaining time, and releases it", async () => {
    const client = clientOf();
    const lock = await client.lockStock(3, 1, 120);
    expect(lock.data.token).toMatch(/^LCK-/);
    const listed = await client.listLocks();
    const mine = listed.data.find((l) => l.token === lock.data.token);
    expect(mine?.remainingSeconds).toBe(120);
    await client.releaseLock(lock.data.token);
    expect((await client.listLocks()).data.some((l) => l.token === lock.data.token)).toBe(false);
    await client.close();
  });

  it("reads the leaderboard, the own ranking, and creates a sandbox order", async () => {
    const client = clientOf();
    const top = await client.getLeaderboard();
    expect(top.data).toHaveLength(10);
    expect(top.data.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const me = await client.getOwnRanking();
    expect(me.data.rank).toBeGreaterThan(0);
    const before = harness.accountOf().balance;
    const sandbox = await client.createSandboxOrder({ ref_id: "sandbox-client-1", item_id: 12, quantity: 1 });
    expect(sandbox.data).toMatchObject({ refId: "sandbox-client-1", status: { text: "sandbox", kind: "sandbox" } });
    expect(harness.accountOf().balance).toBe(before);
    await client.close();
  });

  it("sends the key, Accept, a JSON Content-Type on POST and its User-Agent on every request", async () => {
    // A listener that only records headers: what the client sends, whatever the service would say.
    const seen: Record<string, string | undefined>[] = [];
    const recorder = createServer((request, response) => {
      seen.push({ method: request.method, ...(request.headers as Record<string, string>) });
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          message: "OK",
          data: { balance: 1, invoice: "INV-1", ref_id: "r", status: "paid", amount: 1 },
        }),
      );
    });
    await new Promise<void>((resolve) => recorder.listen(0, "127.0.0.1", resolve));
    const client = clientOf(undefined, {
      baseUrl: `http://127.0.0.1:${(recorder.address() as { port: number }).port}`,
    });
    await client.getBalance();
    await client.createTransaction({ ref_id: "r", carts: [{ item_id: 12, quantity: 1 }] });
    await client.close();
    await new Promise((resolve) => recorder.close(resolve));
    expect(seen).toHaveLength(2);
    for (const headers of seen) {
      expect(headers).toMatchObject({
        "x-apikey": harness.emulator.demoApiKey,
        accept: "application/json",
        "user-agent": "reseller-test",
      });
    }
    expect(seen[0]!["content-type"]).toBeUndefined();
    expect(seen[1]).toMatchObject({ method: "POST", "content-type": "application/json" });
  });

  it("is answered by the service, and never logs the key in full", async () => {
    const client = clientOf();
    // The service answers GET /v1/balance only to a known key with Accept: application/json (401, 406).
    expect((await client.getBalance()).data.balance).toBe(harness.accountOf().balance);
    const text = log.join("\n");
    expect(text).toContain("GET");
    expect(text).not.toContain(harness.emulator.demoApiKey);
    expect(text).toContain(`****${harness.emulator.demoApiKey.slice(-4)}`);
    await client.close();
  });
});

describe("the service's error codes become typed errors", () => {
  async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }

  it("maps every transaction and lock code", async () => {
    const client = clientOf();
    await client.createTransaction({ ref_id: "dup-1", carts: [{ item_id: 11, quantity: 1, note: "081234567890" }] });
    const cases: [() => Promise<unknown>, number, string][] = [
      [
        () =>
          client.createTransaction({ ref_id: "dup-1", carts: [{ item_id: 11, quantity: 1, note: "081234567890" }] }),
        422,
        "REF_ID_ALREADY_EXIST",
      ],
      [
        () => client.createTransaction({ ref_id: "smm-1", carts: [{ item_id: 23, quantity: 100, note: "not json" }] }),
        400,
        "SMM_ORDER_REQUIRES_JSON_NOTE",
      ],
      [
        () => client.createTransaction({ ref_id: "rich-1", carts: [{ item_id: 10, quantity: 100, note: "x" }] }),
        400,
        "BALANCE_IS_INSUFFICIENT",
      ],
      [
        () =>
          client.createTransaction({ ref_id: "lock-1", carts: [{ item_id: 3, quantity: 1 }], lock_token: "LCK-NOPE" }),
        404,
        "LOCK_NOT_FOUND",
      ],
      [() => client.getTransaction("no-such-ref"), 404, "TRX_NOT_FOUND"],
      [() => client.getItem(9999), 404, "ITEM_NOT_FOUND"],
      [() => client.lockStock(9999, 1), 404, "ITEM_NOT_FOUND"],
      [() => client.lockStock(8, 1), 422, "INSUFFICIENT_STOCK"],
      [
        () =>
          client.createTransaction({ ref_id: "min-1", carts: [{ item_id: 23, quantity: 10, note: '{"target":"x"}' }] }),
        422,
        "MINIMUM_ORDER_NOT_MET",
      ],
      [() => client.lockStock(12, 1), 422, "LOCK_NOT_REQUIRED"],
      [() => client.lockStock(28, 2), 422, "MINIMUM_ORDER_NOT_MET"],
      [() => client.releaseLock("LCK-NOPE"), 404, "LOCK_NOT_FOUND"],
    ];
    for (const [send, status, code] of cases) {
      const error = await refusal(send());
      expect({ status: error.status, code: error.code }).toEqual({ status, code });
    }
    await client.close();
  });

  it("maps expired, mismatched, released and used locks", async () => {
    const client = clientOf();
    const expiring = await client.lockStock(3, 1, 60);
    const mismatched = await client.lockStock(3, 1, 600);
    const released = await client.lockStock(3, 1, 600);
    const used = await client.lockStock(3, 1, 600);
    await client.releaseLock(released.data.token);
    await client.createTransaction({
      ref_id: "use-lock",
      carts: [{ item_id: 3, quantity: 1 }],
      lock_token: used.data.token,
    });
    harness.emulator.clock.advance(61_000);
    const cases: [() => Promise<unknown>, number, string][] = [
      [
        () =>
          client.createTransaction({
            ref_id: "lock-exp",
            carts: [{ item_id: 3, quantity: 1 }],
            lock_token: expiring.data.token,
          }),
        422,
        "LOCK_EXPIRED",
      ],
      [
        () =>
          client.createTransaction({
            ref_id: "lock-mis",
            carts: [{ item_id: 3, quantity: 2 }],
            lock_token: mismatched.data.token,
          }),
        422,
        "LOCK_MISMATCH",
      ],
      [() => client.releaseLock(released.data.token), 422, "LOCK_RELEASED"],
      [() => client.releaseLock(used.data.token), 422, "LOCK_ALREADY_USED"],
      [() => client.releaseLock(expiring.data.token), 422, "LOCK_EXPIRED"],
    ];
    for (const [send, status, code] of cases) {
      const error = await refusal(send());
      expect({ status: error.status, code: error.code }).toEqual({ status, code });
    }
    await client.releaseLock(mismatched.data.token);
    await client.close();
  });

  it("reaches the active-lock cap with 429", async () => {
    const client = clientOf(harness.emulator.accounts[1]!.apiKey);
    const tokens: string[] = [];
    for (let i = 0; i < 10; i++) tokens.push((await client.lockStock(4, 1, 60)).data.token);
    const error = await refusal(client.lockStock(4, 1, 60));
    expect({ status: error.status, code: error.code }).toEqual({ status: 429, code: "MAX_ACTIVE_LOCKS_REACHED" });
    for (const t of tokens) await client.releaseLock(t);
    await client.close();
  });

  it("keeps field details of a validation failure", async () => {
    const client = clientOf();
    const error = await refusal(client.requestTopUp(5_000, "QRIS"));
    expect(error.status).toBe(422);
    expect(error.details?.errors).toHaveProperty("amount");
    await client.close();
  });

  it("turns 401 into an authentication error", async () => {
    const client = clientOf("rk_wrong_key_000000000000");
    const error = await client.getBalance().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({ status: 401, code: "INVALID_API_KEY", exitCode: 3 });
    await client.close();
  });
});

describe("fault modes as the client sees them", () => {
  it("retries a 5xx and succeeds without processing twice", async () => {
    harness.emulator.faults.configure({ error_next: 2, match: { method: "POST", path: "/v1/trx" } });
    const client = clientOf();
    const created = await client.createTransaction({
      ref_id: "retry-5xx",
      carts: [{ item_id: 11, quantity: 1, note: "081234567890" }],
    });
    expect(created.data.refId).toBe("retry-5xx");
    expect(harness.emulator.faults.status().injected.error).toBe(2);
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === "retry-5xx")).toHaveLength(1);
    await client.close();
  });

  it("retries a dropped-after-commit answer and then meets REF_ID_ALREADY_EXIST on attempt 2", async () => {
    harness.emulator.faults.configure({ drop_after_commit_next: 1, match: { method: "POST", path: "/v1/trx" } });
    const client = clientOf();
    const error = (await client
      .createTransaction({ ref_id: "dropped-1", carts: [{ item_id: 11, quantity: 1, note: "081234567890" }] })
      .catch((e: unknown) => e)) as ServiceError;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.code).toBe("REF_ID_ALREADY_EXIST");
    expect(error.attempt).toBe(2);
    expect(harness.accountOf().transactions.filter((t) => t.ref_id === "dropped-1")).toHaveLength(1);
    await client.close();
  });

  it("reports a dropped connection that may have reached the service when retries run out", async () => {
    harness.emulator.faults.configure({ down: true });
    const client = clientOf();
    const error = (await client.getBalance().catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(true);
    expect(harness.emulator.faults.status().injected.down).toBe(3);
    await client.close();
  });

  it("reports a refused connection as not reached", async () => {
    const client = new ServiceClient({
      say: en,
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      apiKey: "k",
      timeoutMs: 2_000,
      userAgent: "t",
      sleep: async () => undefined,
    });
    const error = (await client.getBalance().catch((e: unknown) => e)) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.mayHaveReached).toBe(false);
    expect(error.code).toBe("ECONNREFUSED");
    await client.close();
  });

  it("turns an HTML page into a readable unexpected-response error after retrying", async () => {
    harness.emulator.faults.configure({ html_next: 5 });
    const client = clientOf();
    const error = (await client.getBalance().catch((e: unknown) => e)) as UnexpectedResponseError;
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/not JSON/);
    expect(error.bodyExcerpt).toContain("502 Bad Gateway");
    expect(harness.emulator.faults.status().injected.html).toBe(3);
    await client.close();
  });

  it("waits out a 429 with Retry-After and then succeeds", async () => {
    harness.emulator.faults.configure({ rate_limit_next: 1, retry_after: 2 });
    const waits: number[] = [];
    const client = clientOf(undefined, { sleep: async (ms: number) => void waits.push(ms) });
    await client.getBalance();
    expect(waits).toEqual([2_000]);
    await client.close();
  });

  it("times out a slow answer as may-have-reached", async () => {
    // Longer than a test may take: the answer never comes, the client's deadline ends the wait.
    harness.emulator.faults.configure({ latency_ms: 120_000 });
    // Passed by hand once the request is held at the service: a short timer could pass on a loaded
    // machine before this process had seen its connection made, and "nothing sent" would be said.
    const deadlines = deadlinesByHand();
    try {
      const client = clientOf(undefined, { timeoutMs: 20_000, retry: { maxRetries: 0, maxDelayMs: 1 } });
      const answer = client.getBalance().catch((e: unknown) => e);
      await until("the request held at the service", () => harness.emulator.faults.status().injected.latency > 0);
      deadlines.pass(0);
      const error = (await answer) as NetworkError;
      expect(error).toBeInstanceOf(NetworkError);
      expect(error.code).toBe("TIMEOUT");
      expect(error.mayHaveReached).toBe(true);
      await client.close();
    } finally {
      deadlines.restore();
    }
  });
});
