/**
 * Sends one money-moving request with the journal around it: the intent is on disk before the
 * first byte leaves, each attempt and failure is recorded, and the outcome after. A lost answer
 * never becomes a silent success or a silent failure: it is `unknown` (exit 5) until the service
 * is asked, by a lookup here or later by `reseller reconcile`.
 */
import type { AttemptHooks } from "../api/client.js";
import type { Transaction } from "../api/model.js";
import type { Context } from "../context.js";
import {
  AuthError,
  InterruptedError,
  NetworkError,
  networkFailureWordsFor,
  OutcomeUnknownError,
  ServiceError,
  UnexpectedResponseError,
  UsageError,
} from "../errors.js";
import { hostname } from "node:os";
import type { Settings } from "../config/settings.js";
import { fileProblem, linkRefusedHint } from "../config/config-dir.js";
import { say } from "../messages/messages.js";
import { Journal, newEntryId } from "./journal.js";
import {
  isUnresolved,
  type JournalEntry,
  type JournalKind,
  type JournalRecord,
  type OutcomeDetails,
  type StatusRecord,
} from "./entries.js";
import { isFinal } from "../api/status.js";
import { orderVerdict, type OrderVerdict } from "../domain/verdict.js";

export interface JournalRequestOptions<T> {
  /** What the `done` record keeps (invoice, amount, status). */
  describe?: (result: T) => OutcomeDetails;
  /**
   * A retry met REF_ID_ALREADY_EXIST after an attempt that may have landed: that attempt went
   * through. Returns what it made, or undefined when the ref_id turns out to be an older one.
   */
  alreadyDone?: (error: ServiceError) => Promise<T | undefined>;
  /**
   * The first attempt met REF_ID_ALREADY_EXIST for a ref_id derived from the order itself (a bulk
   * file run again): that earlier run bought it. Returns what it bought, or undefined when the
   * ref_id is someone else's; the journal then records that nothing new was bought, not a refusal.
   */
  earlierRun?: (error: ServiceError) => Promise<T | undefined>;
  /**
   * The service answered with something that is neither a proof nor one of its refusals (a 3xx, an
   * uncoded 4xx): returns the refusal to raise when a look-up that finds nothing makes it one (exit 1),
   * worded by the caller, who knows what was asked for.
   */
  refusedWhenNotFound?: (error: unknown) => ServiceError | UnexpectedResponseError | undefined;
  /** The answer was lost: look on the service once. A result means it happened. */
  lookUp?: () => Promise<T | undefined>;
  /** How the user settles an unknown outcome of this kind (the exit-5 hint). */
  settleHint?: string;
  /** Names the request in messages ("purchase", "top-up request"). */
  noun?: string;
  /** Told the journal's id of this request once its intent is on disk: later records need no look-up. */
  onEntry?: (entry: string) => void;
}

/** What a journal outcome keeps of a transaction found on the service. */
export function journalDetails(t: Transaction): OutcomeDetails {
  return {
    ...(t.invoice !== null ? { invoice: t.invoice } : {}),
    ...(t.amount !== null ? { amount: t.amount } : {}),
    ...(t.status ? { status: t.status.text } : {}),
    ...verdictFacts(t),
  };
}

/**
 * The verdict of the whole transaction, and its refund, kept beside the status: `history` then says
 * what `buy --wait` said, a failed line under a "completed" status and the refund of the lines included.
 */
export function verdictFacts(t: Transaction): OrderVerdict {
  return orderVerdict(t, isFinal(t.status));
}

/** A status record of `entry` for the transaction as the service shows it, with its verdict and refund. */
export function statusRecord(
  entry: string,
  at: string,
  t: Transaction & { status: NonNullable<Transaction["status"]> },
): StatusRecord {
  return {
    v: 1,
    type: "status",
    entry,
    at,
    status: t.status.text,
    ...(t.invoice !== null ? { invoice: t.invoice } : {}),
    ...verdictFacts(t),
  };
}

export function journalFor(ctx: Context): Journal {
  return new Journal(ctx.settings.configDir);
}

/** Sent with this profile to this service address: the entries a purchase, reconcile or trx show here can speak for. */
export function sentFromHere(entry: JournalEntry, settings: Pick<Settings, "profile" | "baseUrl">): boolean {
  return entry.profile === settings.profile && entry.base_url === (settings.baseUrl ?? "");
}

/**
 * The service shows the order of a purchase whose outcome was unknown (`trx show` found it, a signed
 * webhook named it): the entry is settled as done with what it showed. Only a buy of `refId` sent from
 * here, and never one still in flight; returns whether it was settled.
 */
export function settleUnknownPurchase(
  journal: Journal,
  entry: JournalEntry,
  refId: string,
  here: Pick<Settings, "profile" | "baseUrl">,
  shown: OutcomeDetails & { by: "trx show" | "webhook" },
  nowMs: number,
): boolean {
  if (entry.kind !== "buy" || entry.ref_id !== refId || !sentFromHere(entry, here) || !isUnresolved(entry, nowMs))
    return false;
  journal.append({
    v: 1,
    type: "outcome",
    entry: entry.entry,
    at: new Date(nowMs).toISOString(),
    outcome: "done",
    ...shown,
  });
  return true;
}

/** Whether a failed attempt may have been processed (and so may have moved money). */
export function mayHaveLanded(error: unknown): boolean {
  if (error instanceof NetworkError) return error.mayHaveReached;
  if (error instanceof AuthError) return false;
  // The service's definite refusal changed nothing; a 5xx that names no code may come after the commit.
  if (error instanceof ServiceError) return !error.definite;
  // Anything else, a 2xx whose body we could not read included, may be a success we could not see.
  return true;
}

function failureCode(error: unknown): string {
  if (
    error instanceof ServiceError ||
    error instanceof NetworkError ||
    error instanceof UnexpectedResponseError ||
    error instanceof AuthError
  ) {
    return error.status ? `${error.code} (HTTP ${error.status})` : error.code;
  }
  if (error instanceof InterruptedError) return "INTERRUPTED";
  return error instanceof Error ? error.name : "ERROR";
}

/**
 * `send` gets hooks to pass to the client call. Returns the result, or throws: the service's own
 * refusal unchanged (exit 1), a NetworkError when nothing reached it (exit 4), OutcomeUnknownError
 * (exit 5) when it may have happened, InterruptedError (exit 130) on Ctrl-C.
 */
export async function journalRequest<T>(
  ctx: Context,
  kind: JournalKind,
  refId: string | null,
  request: Record<string, unknown>,
  send: (hooks: Required<AttemptHooks>) => Promise<T>,
  options: JournalRequestOptions<T> = {},
): Promise<T> {
  const journal = journalFor(ctx);
  const entry = newEntryId();
  const at = () => new Date(ctx.now()).toISOString();
  const named = options.noun ?? (kind === "buy" ? "purchase" : `${kind} request`);
  // The words a person reads; the journal itself keeps its English reasons.
  const noun = say.orders.journal.nouns[named] ?? named;
  const settleHint = options.settleHint ?? (refId ? say.orders.journal.settle(refId) : say.orders.journal.settleNoRef);
  // Journaling after the request leaves must never turn a purchase into a failure (a full disk):
  // such a failure is remembered and reported once the outcome is known.
  let journalProblem: unknown;
  const record = (r: JournalRecord): void => {
    try {
      journal.append(r);
    } catch (error) {
      journalProblem ??= error;
    }
  };
  const unwritable = (error: unknown) =>
    // Refused already with what is wrong and how to fix it (a link, a network filesystem).
    error instanceof UsageError
      ? error
      : new UsageError(say.orders.journal.cannotWrite(journal.path, fileProblem(error)), {
          code: "JOURNAL_UNWRITABLE",
          suggestion:
            (error as NodeJS.ErrnoException).code === "ELOOP" ? linkRefusedHint() : say.orders.journal.cannotWriteHint,
        });
  try {
    journal.append({
      v: 1,
      type: "intent",
      entry,
      at: at(),
      kind,
      profile: ctx.settings.profile,
      base_url: ctx.settings.baseUrl ?? "",
      ref_id: refId,
      request,
      pid: process.pid,
      host: hostname(),
    });
  } catch (error) {
    // Nothing leaves unless its intent is on disk.
    throw unwritable(error);
  }
  options.onEntry?.(entry);

  let attempts = 0;
  let landed = false;
  const hooks: Required<AttemptHooks> = {
    onAttempt: (attempt) => {
      if (attempt === 1) {
        try {
          journal.append({ v: 1, type: "attempt", entry, at: at(), attempt });
        } catch (error) {
          throw unwritable(error);
        }
      } else {
        record({ v: 1, type: "attempt", entry, at: at(), attempt });
      }
      attempts = attempt;
    },
    onAttemptFailed: (attempt, error) => {
      const may = mayHaveLanded(error);
      landed ||= may;
      record({
        v: 1,
        type: "attempt_failed",
        entry,
        at: at(),
        attempt,
        error: failureCode(error),
        may_have_reached: may,
      });
    },
  };
  const done = (result: T, by: OutcomeDetails["by"]): T => {
    record({ v: 1, type: "outcome", entry, at: at(), outcome: "done", ...(options.describe?.(result) ?? {}), by });
    return result;
  };
  const unknown = (reason: string, code?: string) =>
    record({ v: 1, type: "outcome", entry, at: at(), outcome: "unknown", reason, ...(code ? { code } : {}) });
  /** The service refused it: nothing was bought under this ref_id. */
  const refused = (code: string, status: number | undefined, also: { reason?: string; by?: "lookup" } = {}) =>
    record({
      v: 1,
      type: "outcome",
      entry,
      at: at(),
      outcome: "refused",
      code,
      ...(status ? { http_status: status } : {}),
      ...also,
    });

  try {
    return await settle();
  } finally {
    if (journalProblem !== undefined) {
      ctx.output.warn(say.orders.journal.notRecorded(journal.path, fileProblem(journalProblem), noun, refId ?? ""));
    }
  }

  async function settle(): Promise<T> {
    let result: T;
    try {
      result = await send(hooks);
    } catch (error) {
      if (error instanceof InterruptedError) {
        // Stopped before this attempt was written to a socket, and no earlier one may have landed: it never left.
        if (attempts === 0 || (error.nothingInFlight && !landed)) {
          record({ v: 1, type: "outcome", entry, at: at(), outcome: "not_sent", reason: "interrupted before sending" });
          throw error;
        }
        unknown("interrupted (Ctrl-C) while the request was in flight", "INTERRUPTED");
        throw new InterruptedError(say.orders.journal.interrupted(noun, refId ?? ""), {
          suggestion: say.orders.journal.interruptedHint(refId ?? ""),
          inFlight: true,
        });
      }

      // A retry that meets its own ref_id: an earlier attempt went through.
      if (
        error instanceof ServiceError &&
        error.code === "REF_ID_ALREADY_EXIST" &&
        error.attempt > 1 &&
        landed &&
        options.alreadyDone
      ) {
        const found = await settleQuietly(() => options.alreadyDone!(error));
        if (found.interrupted) {
          unknown("interrupted while fetching what an earlier attempt bought", "INTERRUPTED");
          throw found.interrupted;
        }
        if (found.value !== undefined) return done(found.value, "retry");
        if (found.error === undefined) {
          // The ref_id belongs to an older purchase: refuse like a first attempt would.
          refused(error.code, error.status);
          throw error;
        }
        unknown(
          `a retry met REF_ID_ALREADY_EXIST but the transaction could not be read (${failureCode(found.error)})`,
          error.code,
        );
        throw new OutcomeUnknownError(refId, say.orders.journal.cannotReadBack(noun), {
          cause: error,
          suggestion: settleHint,
        });
      }

      // The same order sent by an earlier run: found and reported, and nothing new is bought.
      if (error instanceof ServiceError && error.code === "REF_ID_ALREADY_EXIST" && !landed && options.earlierRun) {
        const found = await settleQuietly(() => options.earlierRun!(error));
        if (found.interrupted) throw found.interrupted;
        if (found.value !== undefined) {
          record({
            v: 1,
            type: "outcome",
            entry,
            at: at(),
            outcome: "not_done",
            reason: "bought before by an earlier run with this ref_id",
            ...(options.describe?.(found.value) ?? {}),
            by: "retry",
          });
          return found.value;
        }
      }

      // A success we could not read is still the service's answer: it happened, and we say what we lack.
      if (error instanceof UnexpectedResponseError && error.answered) {
        record({
          v: 1,
          type: "outcome",
          entry,
          at: at(),
          outcome: "done",
          reason: `answered, but the answer could not be read: ${error.message}`,
          by: "answer",
        });
        error.suggestion = options.settleHint ?? settleHint;
        throw error;
      }

      const uncertain = attempts > 0 && (landed || mayHaveLanded(error));
      if (!uncertain) {
        if (error instanceof NetworkError || attempts === 0) {
          record({
            v: 1,
            type: "outcome",
            entry,
            at: at(),
            outcome: "not_sent",
            code: failureCode(error),
            reason: error instanceof Error ? error.message : String(error),
          });
        } else if (error instanceof AuthError && kind === "buy") {
          // The key or the address refused after the purchase left (a proxy's 401, a key revoked meanwhile):
          // unknown until `reconcile`, with a key that works, asks the service.
          unknown(`the service refused the key after the purchase was sent: ${failureCode(error)}`, error.code);
        } else {
          const e = error as Partial<ServiceError>;
          refused(e.code ?? failureCode(error), e.status);
        }
        throw error;
      }

      if (options.lookUp) {
        const found = await settleQuietly(options.lookUp);
        if (found.interrupted) {
          unknown("interrupted while looking the request up after a lost answer", "INTERRUPTED");
          throw found.interrupted;
        }
        if (found.value !== undefined) return done(found.value, "lookup");
        const answered = found.error === undefined ? options.refusedWhenNotFound?.(error) : undefined;
        if (answered) {
          // The service answered, and holds nothing of this order under this ref_id: a refusal, told as the service said it.
          const said = failureCode(answered);
          refused(answered.code, answered.status, {
            reason: `answered ${said} without a refusal code; a look-up found nothing of this ${named} under this ref_id`,
            by: "lookup",
          });
          // Worded by whoever gave it: it knows what was asked for.
          throw answered;
        }
      }
      unknown(
        `no answer after ${attempts} attempt${attempts === 1 ? "" : "s"}: ${error instanceof NetworkError ? (networkFailureWordsFor(error.code) ?? failureCode(error)) : failureCode(error)}`,
        error instanceof Error ? (error as { code?: string }).code : undefined,
      );
      throw new OutcomeUnknownError(refId, say.orders.journal.noAnswer(noun, attempts, describe(error)), {
        cause: error,
        suggestion: settleHint,
      });
    }
    return done(result, "answer");
  }
}

function describe(error: unknown): string {
  if (error instanceof ServiceError) return say.orders.journal.lastSaid(error.code, error.status);
  if (error instanceof NetworkError)
    return say.orders.journal.lastNetwork(networkFailureWordsFor(error.code) ?? error.code);
  if (error instanceof UnexpectedResponseError)
    return say.orders.journal.lastNotJson(error.status ? String(error.status) : "");
  return error instanceof Error ? error.message : String(error);
}

/** Runs a lookup whose failure only means "still unknown"; Ctrl-C is handed back separately. */
async function settleQuietly<T>(
  look: () => Promise<T | undefined>,
): Promise<{ value?: T; error?: unknown; interrupted?: InterruptedError }> {
  try {
    return { value: await look() };
  } catch (error) {
    if (error instanceof InterruptedError) return { interrupted: error };
    return { error };
  }
}

/** Notes a purchase's status against its own journal entry, known by id: no look-up (bulk waits). */
export function noteStatusOf(ctx: Context, entry: string, t: Transaction): void {
  if (!t.status) return;
  try {
    journalFor(ctx).append(statusRecord(entry, new Date(ctx.now()).toISOString(), { ...t, status: t.status }));
  } catch {
    // Showing a purchase never fails because the journal cannot be written.
  }
}

/**
 * Notes the status a purchase has now (seen by `trx show` or at the end of `buy --wait`) against its
 * journal entries, so `history` shows where each order stands. Only a change is written; a journal
 * that cannot be written costs only that.
 */
export function noteLatestStatus(ctx: Context, t: Transaction): void {
  if (!t.refId || !t.status) return;
  try {
    const journal = journalFor(ctx);
    for (const entry of journal.byRefId(t.refId)) {
      if (entry.kind !== "buy" || entry.ref_id !== t.refId || !sentFromHere(entry, ctx.settings)) continue;
      if (entry.outcome !== "done") continue;
      const record = statusRecord(entry.entry, new Date(ctx.now()).toISOString(), { ...t, status: t.status });
      if (entry.status !== record.status || entry.verdict !== record.verdict || entry.refunded !== record.refunded)
        journal.append(record);
    }
  } catch {
    // Showing a purchase never fails because the journal cannot be written.
  }
}
