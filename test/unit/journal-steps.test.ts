/**
 * The money path step by step: the intent, the attempts, the answer, and each way a failure is
 * settled. Each step is checked on its own against the journal it writes and what it throws.
 */
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AuthError,
  InterruptedError,
  NetworkError,
  OutcomeUnknownError,
  ServiceError,
  UnexpectedResponseError,
  UsageError,
} from "../../src/errors.js";
import { Journal } from "../../src/journal/journal.js";
import {
  attemptHooks,
  recordAnswer,
  recordIntent,
  type RequestUnderway,
  settleEarlierRun,
  settleFailure,
  settleInterruption,
  settleLostAnswer,
  settleNeverLanded,
  settleOwnEarlierAttempt,
  settleUnreadableAnswer,
} from "../../src/journal/request.js";
import { testContext } from "../support/context.js";

afterEach(() => vi.restoreAllMocks());

/** A purchase whose intent is on disk, with `attempts` begun and whether one may have landed. */
async function underway(refId: string, attempts = 0, landed = false): Promise<RequestUnderway> {
  const { ctx } = await testContext();
  const u = recordIntent(ctx, "buy", refId, { carts: [{ item_id: 12, quantity: 1, note: "0812" }] });
  const hooks = attemptHooks(u);
  for (let a = 1; a <= attempts; a++) {
    await hooks.onAttempt(a);
    if (a < attempts) await hooks.onAttemptFailed(a, new NetworkError("ECONNREFUSED", "refused", false));
    else if (landed) await hooks.onAttemptFailed(a, new NetworkError("UND_ERR_SOCKET", "dropped", true));
  }
  return u;
}

const entryOf = (u: RequestUnderway) => u.journal.byEntryId(u.entry);
const thrown = (f: () => unknown): unknown => {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error("nothing was thrown");
};
const noSpace = () => Object.assign(new Error("no space left on device"), { code: "ENOSPC" });

describe("the intent", () => {
  it("is committed when recordIntent returns: another connection reads it, with the request and no outcome", async () => {
    const u = await underway("INTENT-1");
    const other = new Database(u.journal.path, { readonly: true });
    const records = other.prepare("SELECT record FROM journal_events ORDER BY seq").pluck().all() as string[];
    other.close();
    expect(records).toHaveLength(1);
    expect(JSON.parse(records[0] ?? "")).toMatchObject({ type: "intent", kind: "buy", ref_id: "INTENT-1" });
    expect(entryOf(u)).toMatchObject({ outcome: "pending" });
  });

  it("that cannot be written stops the request: JOURNAL_UNWRITABLE, exit 2", async () => {
    const { ctx } = await testContext();
    vi.spyOn(Journal.prototype, "append").mockImplementation(() => {
      throw noSpace();
    });
    const error = thrown(() => recordIntent(ctx, "buy", "INTENT-2", {}));
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({ code: "JOURNAL_UNWRITABLE", exitCode: 2 });
  });
});

describe("the attempts", () => {
  it("the first is written before it is sent, or it is not sent; a later one that cannot be written only costs its record", async () => {
    const u = await underway("ATTEMPT-1");
    const hooks = attemptHooks(u);
    const append = vi.spyOn(Journal.prototype, "append").mockImplementation(() => {
      throw noSpace();
    });
    expect(() => hooks.onAttempt(1)).toThrow(expect.objectContaining({ code: "JOURNAL_UNWRITABLE" }));
    expect(u.attempts).toBe(0);
    append.mockRestore();
    await hooks.onAttempt(1);
    vi.spyOn(Journal.prototype, "append").mockImplementation(() => {
      throw noSpace();
    });
    expect(() => hooks.onAttempt(2)).not.toThrow();
    expect(u.attempts).toBe(2);
    expect(u.journalProblem).toMatchObject({ code: "ENOSPC" });
  });

  it("a failure that may have reached the service marks the request landed; a refused connection does not", async () => {
    const u = await underway("ATTEMPT-2");
    const hooks = attemptHooks(u);
    await hooks.onAttempt(1);
    await hooks.onAttemptFailed(1, new NetworkError("ECONNREFUSED", "refused", false));
    expect(u.landed).toBe(false);
    await hooks.onAttempt(2);
    await hooks.onAttemptFailed(2, new NetworkError("UND_ERR_SOCKET", "dropped", true));
    await hooks.onAttempt(3);
    await hooks.onAttemptFailed(3, new NetworkError("ECONNREFUSED", "refused", false));
    // Once it may have landed, a later refusal never takes that back.
    expect(u.landed).toBe(true);
    expect(entryOf(u)).toMatchObject({ attempts: 3 });
  });
});

describe("the answer", () => {
  it("is recorded done with what describe keeps and how it became known", async () => {
    const u = await underway("ANSWER-1", 1);
    const result = recordAnswer(u, { invoice: "INV-1" }, "answer", (r) => ({ invoice: r.invoice, amount: 6500 }));
    expect(result).toEqual({ invoice: "INV-1" });
    expect(entryOf(u)).toMatchObject({ outcome: "done", invoice: "INV-1", amount: 6500, by: "answer" });
  });
});

describe("settling a failure", () => {
  it("Ctrl-C before anything may have landed: not_sent, the interruption unchanged", async () => {
    const u = await underway("CTRL-C-1", 1);
    const interrupted = new InterruptedError("Interrupted.", { nothingInFlight: true });
    expect(thrown(() => settleInterruption(u, interrupted))).toBe(interrupted);
    expect(entryOf(u)).toMatchObject({ outcome: "not_sent" });
  });

  it("Ctrl-C with the request written: unknown, said to be in flight", async () => {
    const u = await underway("CTRL-C-2", 1);
    const error = thrown(() => settleInterruption(u, new InterruptedError("Interrupted.")));
    expect(error).toMatchObject({ inFlight: true, exitCode: 130 });
    expect(entryOf(u)).toMatchObject({ outcome: "unknown", code: "INTERRUPTED" });
  });

  const alreadyExists = (attempt: number) =>
    Object.assign(new ServiceError(400, "REF_ID_ALREADY_EXIST", "exists", {}), { attempt });

  it("a retry meeting its own ref_id: what the earlier attempt bought is the answer, done by retry", async () => {
    const u = await underway("RETRY-1", 2, true);
    const bought = await settleOwnEarlierAttempt(u, alreadyExists(2), async () => ({ invoice: "INV-R" }));
    expect(bought).toEqual({ invoice: "INV-R" });
    expect(entryOf(u)).toMatchObject({ outcome: "done", by: "retry" });
  });

  it("a retry meeting an older purchase's ref_id is refused; one whose look-up fails stays unknown", async () => {
    const older = await underway("RETRY-2", 2, true);
    const error = alreadyExists(2);
    await expect(settleOwnEarlierAttempt(older, error, async () => undefined)).rejects.toBe(error);
    expect(entryOf(older)).toMatchObject({ outcome: "refused", code: "REF_ID_ALREADY_EXIST" });

    const unread = await underway("RETRY-3", 2, true);
    const failing = async () => {
      throw new NetworkError("ETIMEDOUT", "slow", true);
    };
    await expect(settleOwnEarlierAttempt(unread, alreadyExists(2), failing)).rejects.toBeInstanceOf(
      OutcomeUnknownError,
    );
    expect(entryOf(unread)).toMatchObject({ outcome: "unknown" });
  });

  it("an earlier run's purchase is returned and recorded not_done: nothing new was bought", async () => {
    const u = await underway("EARLIER-1", 1);
    expect(await settleEarlierRun(u, alreadyExists(1), async () => ({ invoice: "INV-E" }))).toEqual({
      invoice: "INV-E",
    });
    expect(entryOf(u)).toMatchObject({ outcome: "not_done", by: "retry" });
    const someoneElses = await underway("EARLIER-2", 1);
    expect(await settleEarlierRun(someoneElses, alreadyExists(1), async () => undefined)).toBeUndefined();
    expect(entryOf(someoneElses)).toMatchObject({ outcome: "pending" });
  });

  it("a success whose answer could not be read is done, and the error says how to settle it", async () => {
    const u = await underway("UNREAD-1", 1);
    const error = Object.assign(new UnexpectedResponseError("not JSON", { status: 200 }), { answered: true });
    expect(thrown(() => settleUnreadableAnswer(u, error))).toBe(error);
    expect(error.suggestion).toBe(u.settleHint);
    expect(entryOf(u)).toMatchObject({ outcome: "done", by: "answer" });
  });

  it.each<[string, number, unknown, string]>([
    ["a refused connection", 1, new NetworkError("ECONNREFUSED", "refused", false), "not_sent"],
    ["a failure before any attempt", 0, new Error("bad header"), "not_sent"],
    ["the service's refusal", 1, new ServiceError(400, "BALANCE_IS_INSUFFICIENT", "no", {}), "refused"],
    ["a key refused after the purchase left", 1, new AuthError("INVALID_API_KEY", "bad", { status: 401 }), "unknown"],
  ])(
    "a failure that cannot have landed, %s: journal %s, the error unchanged",
    async (_name, attempts, error, outcome) => {
      const u = await underway(`NEVER-${outcome}-${attempts}`, attempts);
      expect(thrown(() => settleNeverLanded(u, error))).toBe(error);
      expect(entryOf(u)).toMatchObject({ outcome });
    },
  );

  const dropped = new NetworkError("UND_ERR_SOCKET", "dropped", true);

  it("a lost answer found by the look-up is done, by lookup", async () => {
    const u = await underway("LOST-1", 1, true);
    expect(await settleLostAnswer(u, dropped, { lookUp: async () => ({ invoice: "INV-L" }) })).toEqual({
      invoice: "INV-L",
    });
    expect(entryOf(u)).toMatchObject({ outcome: "done", by: "lookup" });
  });

  it("a lost answer the look-up cannot find is unknown (exit 5), never failed", async () => {
    const u = await underway("LOST-2", 2, true);
    const error = await settleLostAnswer(u, dropped, { lookUp: async () => undefined }).catch((e) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ exitCode: 5, refId: "LOST-2" });
    expect(entryOf(u)).toMatchObject({ outcome: "unknown" });
  });

  it("an answer that proved nothing and a look-up that finds nothing: refused as the caller words it, by lookup", async () => {
    const u = await underway("LOST-3", 1);
    const conflict = new ServiceError(409, "CONFLICT", "conflict", {}, { definite: false });
    const refusal = new ServiceError(409, "CONFLICT", "no purchase under this ref_id", {});
    const error = await settleLostAnswer(u, conflict, {
      lookUp: async () => undefined,
      refusedWhenNotFound: () => refusal,
    }).catch((e) => e);
    expect(error).toBe(refusal);
    expect(entryOf(u)).toMatchObject({ outcome: "refused", by: "lookup", code: "CONFLICT" });
  });

  it("Ctrl-C during a look-up is thrown: unknown once the request may stand, still pending for an earlier run's", async () => {
    const stop = new InterruptedError("Interrupted.");
    const interrupting = async () => {
      throw stop;
    };
    const lost = await underway("STOP-1", 1, true);
    await expect(settleLostAnswer(lost, dropped, { lookUp: interrupting })).rejects.toBe(stop);
    expect(entryOf(lost)).toMatchObject({
      outcome: "unknown",
      code: "INTERRUPTED",
      reason: "interrupted while looking the request up after a lost answer",
    });
    const retried = await underway("STOP-2", 2, true);
    await expect(settleOwnEarlierAttempt(retried, alreadyExists(2), interrupting)).rejects.toBe(stop);
    expect(entryOf(retried)).toMatchObject({
      outcome: "unknown",
      code: "INTERRUPTED",
      reason: "interrupted while fetching what an earlier attempt bought",
    });
    const rerun = await underway("STOP-3", 1);
    await expect(settleEarlierRun(rerun, alreadyExists(1), interrupting)).rejects.toBe(stop);
    expect(entryOf(rerun)).toMatchObject({ outcome: "pending" });
  });

  it("settleFailure takes a dropped answer after sending to the look-up, and a refused connection to not_sent", async () => {
    const lost = await underway("FAIL-1", 1, true);
    await expect(settleFailure(lost, dropped, { lookUp: async () => ({ ok: true }) })).resolves.toEqual({ ok: true });
    expect(entryOf(lost)).toMatchObject({ outcome: "done", by: "lookup" });

    const refused = await underway("FAIL-2", 1);
    const never = new NetworkError("ECONNREFUSED", "refused", false);
    const lookUp = vi.fn(async () => ({ ok: true }));
    await expect(settleFailure(refused, never, { lookUp })).rejects.toBe(never);
    expect(lookUp).not.toHaveBeenCalled();
    expect(entryOf(refused)).toMatchObject({ outcome: "not_sent" });
  });
});
