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
  ResellerError,
  type Said,
  ServiceError,
  UnexpectedResponseError,
  type Wording,
} from "../errors.js";
import { hostname } from "node:os";
import type { Settings } from "../config/settings.js";
import { en, type Messages } from "../messages/en.js";
import { type Journal, type JournalMode, newEntryId, openJournal, unwritable } from "./journal.js";
import { recordsProblem } from "../records/database.js";
import {
  boughtElsewhere,
  isUnresolved,
  notFoundWhenAsked,
  type JournalEntry,
  type JournalKind,
  type JournalRecord,
  type OutcomeDetails,
  type Outcome,
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
  settleHint?: Said;
  /** Names the request in messages ("purchase", "top-up request"). */
  noun?: string;
  /** Told the journal's id of this request once its intent is on disk: later records need no look-up. */
  onEntry?: (entry: string) => void;
  /**
   * Read in the intent's own transaction, under the journal's write lock (the repeat check): a
   * refusal it throws stops the request with nothing written or sent, and no other process's
   * purchase can come between what it read and the intent.
   */
  checkFirst?: () => void;
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

/** The journal of this profile's config dir, opened for what the command does with it (`JournalMode`). */
export function journalFor(ctx: Context, mode: JournalMode = "reading"): Journal {
  return openJournal(ctx.settings.configDir, mode);
}

/** Sent with this profile to this service address: the entries a purchase, reconcile or trx show here can speak for. */
export function sentFromHere(entry: JournalEntry, settings: Pick<Settings, "profile" | "baseUrl">): boolean {
  return entry.profile === settings.profile && entry.base_url === (settings.baseUrl ?? "");
}

/**
 * The service shows the order of a purchase whose outcome was unknown (`trx show` found it, a signed
 * webhook named it): the entry is settled as done with what it showed. Only a buy of `refId` sent from
 * here, and never one still in flight; returns whether it was settled.
 *
 * So is one a look-up found not on the service (`reconcile` run while the service still held the
 * request of a process killed or stopped: it commits after the answer "not found"), unless another
 * entry of the ref_id stands for the purchase: else the books would leave out a purchase charged, and
 * the repeat check would let the same order through again.
 */
export function settleUnknownPurchase(
  journal: Journal,
  entry: JournalEntry,
  refId: string,
  here: Pick<Settings, "profile" | "baseUrl">,
  shown: OutcomeDetails & { by: "trx show" | "webhook" | "retry" },
  nowMs: number,
): boolean {
  if (entry.kind !== "buy" || entry.ref_id !== refId || !sentFromHere(entry, here)) return false;
  if (!isUnresolved(entry, nowMs) && !foundNowAlone(journal, entry, here)) return false;
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

/**
 * An entry a look-up did not find (`notFoundWhenAsked`), with no other entry of its ref_id from here
 * bought or maybe bought: the purchase the service shows now is this one's.
 */
export function foundNowAlone(
  journal: Journal,
  entry: JournalEntry,
  here: Pick<Settings, "profile" | "baseUrl">,
): boolean {
  if (!notFoundWhenAsked(entry)) return false;
  return !journal
    .byRefId(entry.ref_id ?? "")
    .some(
      (other) =>
        other.entry !== entry.entry &&
        other.kind === "buy" &&
        sentFromHere(other, here) &&
        ["done", "pending", "unknown"].includes(other.outcome),
    );
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
 * (exit 5) when it may have happened, InterruptedError (exit 130) on Ctrl-C. The steps: the intent
 * on disk, the attempts, then the answer recorded or the failure settled.
 */
export async function journalRequest<T>(
  ctx: Context,
  kind: JournalKind,
  refId: string | null,
  request: Record<string, unknown>,
  send: (hooks: Required<AttemptHooks>) => Promise<T>,
  options: JournalRequestOptions<T> = {},
): Promise<T> {
  const underway = recordIntent(ctx, kind, refId, request, options);
  options.onEntry?.(underway.entry);
  try {
    let result: T;
    try {
      result = await send(attemptHooks(underway));
    } catch (error) {
      return await settleFailure(underway, error, options);
    }
    return recordAnswer(underway, result, "answer", options.describe);
  } finally {
    warnNotRecorded(ctx, underway);
  }
}

/** A request whose intent is on disk: its journal entry, how people name it, what its attempts showed. */
export interface RequestUnderway {
  readonly journal: Journal;
  readonly entry: string;
  readonly kind: JournalKind;
  readonly refId: string | null;
  /** The English name the journal's reasons use ("purchase", "top-up request"). */
  readonly named: string;
  /** The name a person reads, worded in their language where it is shown. */
  readonly noun: Wording;
  /** How the user settles an unknown outcome (the exit-5 hint). */
  readonly settleHint: Said;
  readonly at: () => string;
  /** The last attempt begun; 0 while none has been. */
  attempts: number;
  /** Whether a failed attempt may have reached the service. */
  landed: boolean;
  /** The first record that could not be written once the request had left, said at the end. */
  journalProblem: unknown;
}

/**
 * The intent, committed before anything leaves: a journal that cannot be written stops the request
 * here (JOURNAL_UNWRITABLE, exit 2), with nothing sent.
 */
export function recordIntent(
  ctx: Context,
  kind: JournalKind,
  refId: string | null,
  request: Record<string, unknown>,
  options: Pick<JournalRequestOptions<unknown>, "noun" | "settleHint" | "checkFirst"> = {},
): RequestUnderway {
  const journal = journalFor(ctx, "sending");
  const entry = newEntryId();
  const at = () => new Date(ctx.now()).toISOString();
  const named = options.noun ?? (kind === "buy" ? "purchase" : `${kind} request`);
  const intent: JournalRecord = {
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
  };
  const { checkFirst } = options;
  let refusal: unknown;
  const check = () => {
    try {
      checkFirst?.();
    } catch (error) {
      refusal = error;
      throw error;
    }
  };
  try {
    journal.append(intent, check);
  } catch (error) {
    // The check's own refusal (a repeat, a journal it could not read) goes on as it is: nothing sent.
    if (refusal !== undefined && error === refusal) throw error;
    throw unwritable(journal.path, error);
  }
  return {
    journal,
    entry,
    kind,
    refId,
    named,
    // The words a person reads; the journal itself keeps its English reasons.
    noun: (say) => say.orders.journal.nouns[named] ?? named,
    settleHint:
      options.settleHint ?? ((say) => (refId ? say.orders.journal.settle(refId) : say.orders.journal.settleNoRef)),
    at,
    attempts: 0,
    landed: false,
    journalProblem: undefined,
  };
}

/**
 * Journaling after the request leaves must never turn a purchase into a failure (a full disk): such
 * a failure is remembered and reported once the outcome is known.
 */
function record(underway: RequestUnderway, r: JournalRecord): void {
  try {
    underway.journal.append(r);
  } catch (error) {
    underway.journalProblem ??= error;
  }
}

function recordOutcome(underway: RequestUnderway, outcome: OutcomeDetails & { outcome: Outcome }): void {
  record(underway, { v: 1, type: "outcome", entry: underway.entry, at: underway.at(), ...outcome });
}

/**
 * The hooks the client calls around each attempt: the first attempt is on disk before it is sent
 * (else it is not sent), and each failure says whether it may have reached the service.
 */
export function attemptHooks(underway: RequestUnderway): Required<AttemptHooks> {
  const { journal, entry, at } = underway;
  return {
    onAttempt: (attempt) => {
      if (attempt === 1) {
        try {
          journal.append({ v: 1, type: "attempt", entry, at: at(), attempt });
        } catch (error) {
          throw unwritable(journal.path, error);
        }
      } else {
        record(underway, { v: 1, type: "attempt", entry, at: at(), attempt });
      }
      underway.attempts = attempt;
    },
    onAttemptFailed: (attempt, error) => {
      const may = mayHaveLanded(error);
      underway.landed ||= may;
      record(underway, {
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
}

/** It happened: the outcome `done`, with what `describe` keeps of it and how it became known. */
export function recordAnswer<T>(
  underway: RequestUnderway,
  result: T,
  by: OutcomeDetails["by"],
  describe?: (result: T) => OutcomeDetails,
): T {
  recordOutcome(underway, { outcome: "done", ...(describe?.(result) ?? {}), by });
  return result;
}

function recordUnknown(underway: RequestUnderway, reason: string, code?: string): void {
  recordOutcome(underway, { outcome: "unknown", reason, ...(code ? { code } : {}) });
}

/** The service refused it: nothing was bought under this ref_id. */
function recordRefused(
  underway: RequestUnderway,
  code: string,
  status: number | undefined,
  also: { reason?: string; by?: "lookup" } = {},
): void {
  recordOutcome(underway, { outcome: "refused", code, ...(status ? { http_status: status } : {}), ...also });
}

/** Tells a journal that could not be written after the request left, once its outcome is known. */
function warnNotRecorded(ctx: Context, underway: RequestUnderway): void {
  if (underway.journalProblem === undefined) return;
  const why = recordsProblem(underway.journalProblem, ctx.say);
  // Stopped before its first attempt was on disk, so before sending: nothing to keep a ref_id for.
  if (underway.attempts === 0)
    return ctx.output.warn(
      ctx.say.orders.journal.notRecordedNotSent(underway.journal.path, why, underway.noun(ctx.say)),
    );
  ctx.output.warn(
    ctx.say.orders.journal.notRecorded(underway.journal.path, why, underway.noun(ctx.say), underway.refId ?? ""),
  );
}

/**
 * The request failed: what the failure proves is recorded and thrown, or what a look-up finds is
 * returned. Taken in turn: Ctrl-C, a retry meeting its own ref_id, an earlier run's purchase, an
 * answer that could not be read, a failure that cannot have landed, and last the lost answer.
 */
export async function settleFailure<T>(
  underway: RequestUnderway,
  error: unknown,
  options: JournalRequestOptions<T>,
): Promise<T> {
  if (error instanceof InterruptedError) settleInterruption(underway, error);
  if (error instanceof ServiceError && error.code === "REF_ID_ALREADY_EXIST") {
    // A retry that meets its own ref_id: an earlier attempt went through.
    if (error.attempt > 1 && underway.landed && options.alreadyDone)
      return await settleOwnEarlierAttempt(underway, error, options.alreadyDone, options.describe);
    if (!underway.landed && options.earlierRun) {
      const bought = await settleEarlierRun(underway, error, options.earlierRun, options.describe);
      if (bought !== undefined) return bought;
    }
  }
  if (error instanceof UnexpectedResponseError && error.answered) settleUnreadableAnswer(underway, error);
  if (!(underway.attempts > 0 && (underway.landed || mayHaveLanded(error)))) settleNeverLanded(underway, error);
  return await settleLostAnswer(underway, error, options);
}

/**
 * Ctrl-C: stopped before this attempt was written to a socket, and no earlier one may have landed,
 * it never left (`not_sent`, the interruption unchanged); else it is in flight and `unknown`.
 */
export function settleInterruption(underway: RequestUnderway, error: InterruptedError): never {
  const { attempts, landed, noun, refId } = underway;
  if (attempts === 0 || (error.nothingInFlight && !landed)) {
    recordOutcome(underway, { outcome: "not_sent", reason: "interrupted before sending" });
    throw error;
  }
  recordUnknown(underway, "interrupted (Ctrl-C) while the request was in flight", "INTERRUPTED");
  throw new InterruptedError((say) => say.orders.journal.interrupted(noun(say), refId ?? ""), {
    suggestion: (say) => say.orders.journal.interruptedHint(refId ?? ""),
    inFlight: true,
  });
}

/**
 * A retry met REF_ID_ALREADY_EXIST after an attempt that may have landed: what that attempt made is
 * the answer (`done`, by retry). An older purchase under the ref_id is a refusal as on a first
 * attempt; a look-up that fails leaves it `unknown`.
 */
export async function settleOwnEarlierAttempt<T>(
  underway: RequestUnderway,
  error: ServiceError,
  alreadyDone: (error: ServiceError) => Promise<T | undefined>,
  describe?: (result: T) => OutcomeDetails,
): Promise<T> {
  const found = await settleQuietly(underway, () => alreadyDone(error), "fetching what an earlier attempt bought");
  if (found.value !== undefined) return recordAnswer(underway, found.value, "retry", describe);
  if (found.error === undefined) {
    // The ref_id belongs to an older purchase: refuse like a first attempt would.
    recordRefused(underway, error.code, error.status);
    throw error;
  }
  recordUnknown(
    underway,
    `a retry met REF_ID_ALREADY_EXIST but the transaction could not be read (${failureCode(found.error)})`,
    error.code,
  );
  throw new OutcomeUnknownError(underway.refId, (say) => say.orders.journal.cannotReadBack(underway.noun(say)), {
    cause: error,
    suggestion: underway.settleHint,
  });
}

/**
 * A first attempt met REF_ID_ALREADY_EXIST for the same order sent by an earlier run: found and
 * returned, recorded `not_done` (nothing new was bought). Undefined when the ref_id is someone else's.
 */
export async function settleEarlierRun<T>(
  underway: RequestUnderway,
  error: ServiceError,
  earlierRun: (error: ServiceError) => Promise<T | undefined>,
  describe?: (result: T) => OutcomeDetails,
): Promise<T | undefined> {
  const found = await settleQuietly(underway, () => earlierRun(error));
  if (found.value === undefined) return undefined;
  recordOutcome(underway, {
    outcome: "not_done",
    reason: "bought before by an earlier run with this ref_id",
    ...(describe?.(found.value) ?? {}),
    by: "retry",
  });
  return found.value;
}

/** A success we could not read is still the service's answer: it happened, and we say what we lack. */
export function settleUnreadableAnswer(underway: RequestUnderway, error: UnexpectedResponseError): never {
  recordOutcome(underway, {
    outcome: "done",
    reason: `answered, but the answer could not be read: ${error.message}`,
    by: "answer",
  });
  error.suggestion = underway.settleHint;
  throw error;
}

/**
 * A failure that cannot have landed: nothing sent (`not_sent`), or the service's refusal. A key
 * refused after a purchase left is the exception: `unknown`, as the purchase may stand.
 */
export function settleNeverLanded(underway: RequestUnderway, error: unknown): never {
  if (error instanceof NetworkError || underway.attempts === 0) {
    recordOutcome(underway, {
      outcome: "not_sent",
      code: failureCode(error),
      reason: error instanceof Error ? error.message : String(error),
    });
  } else if (error instanceof AuthError && underway.kind === "buy") {
    // The key or the address refused after the purchase left (a proxy's 401, a key revoked meanwhile):
    // unknown until `reconcile`, with a key that works, asks the service.
    recordUnknown(
      underway,
      `the service refused the key after the purchase was sent: ${failureCode(error)}`,
      error.code,
    );
  } else {
    const e = error as Partial<ServiceError>;
    recordRefused(underway, e.code ?? failureCode(error), e.status);
  }
  throw error;
}

/**
 * The answer was lost after the request may have landed: the service is asked once. Found, it is
 * `done`; an answer that proved nothing and a look-up that finds nothing make a refusal; else the
 * outcome is `unknown` (exit 5), never a failure.
 */
export async function settleLostAnswer<T>(
  underway: RequestUnderway,
  error: unknown,
  options: Pick<JournalRequestOptions<T>, "lookUp" | "refusedWhenNotFound" | "describe">,
): Promise<T> {
  if (options.lookUp) {
    const found = await settleQuietly(underway, options.lookUp, "looking the request up after a lost answer");
    if (found.value !== undefined) return recordAnswer(underway, found.value, "lookup", options.describe);
    const answered = found.error === undefined ? options.refusedWhenNotFound?.(error) : undefined;
    if (answered) {
      // The service answered, and holds nothing of this order under this ref_id: a refusal, told as the service said it.
      const said = failureCode(answered);
      recordRefused(underway, answered.code, answered.status, {
        reason: `answered ${said} without a refusal code; a look-up found nothing of this ${underway.named} under this ref_id`,
        by: "lookup",
      });
      // Worded by whoever gave it: it knows what was asked for.
      throw answered;
    }
  }
  const { attempts } = underway;
  recordUnknown(
    underway,
    `no answer after ${attempts} attempt${attempts === 1 ? "" : "s"}: ${error instanceof NetworkError ? (networkFailureWordsFor(error.code, en) ?? failureCode(error)) : failureCode(error)}`,
    error instanceof Error ? (error as { code?: string }).code : undefined,
  );
  const noAnswer: Wording = (say) => say.orders.journal.noAnswer(underway.noun(say), attempts, describe(error, say));
  throw new OutcomeUnknownError(underway.refId, noAnswer, {
    cause: error,
    suggestion: underway.settleHint,
  });
}

function describe(error: unknown, say: Messages): string {
  if (error instanceof ServiceError) return say.orders.journal.lastSaid(error.code, error.status);
  if (error instanceof NetworkError)
    return say.orders.journal.lastNetwork(networkFailureWordsFor(error.code, say) ?? error.code);
  if (error instanceof UnexpectedResponseError)
    return say.orders.journal.lastNotJson(error.status ? String(error.status) : "");
  if (error instanceof ResellerError) return error.messageIn(say);
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs a lookup whose failure only means "still unknown". Ctrl-C is thrown, the outcome recorded
 * `unknown` first when the request may stand (`doing` says what was under way).
 */
async function settleQuietly<T>(
  underway: RequestUnderway,
  look: () => Promise<T | undefined>,
  doing?: string,
): Promise<{ value?: T; error?: unknown }> {
  try {
    return { value: await look() };
  } catch (error) {
    if (!(error instanceof InterruptedError)) return { error };
    if (doing) recordUnknown(underway, `interrupted while ${doing}`, "INTERRUPTED");
    throw error;
  }
}

/**
 * Notes the status a purchase has now (seen by `trx show` or at the end of `buy --wait`) against its
 * journal entries (those of `sentAs`, the ref_id it was sent or looked up under, when the answer
 * names none), so `history` shows where each order stands. Only a change is written; a journal
 * that cannot be written costs only that.
 */
export function noteLatestStatus(ctx: Context, t: Transaction, sentAs?: string): void {
  // An answer may leave its ref_id out: the one the order was sent or looked up under stands for it.
  const refId = t.refId ?? sentAs;
  if (!refId || !t.status) return;
  try {
    const journal = journalFor(ctx);
    noteStatusOf(ctx, journal, journal.byRefId(refId), t);
  } catch {
    // Showing a purchase never fails because the journal cannot be written.
  }
}

/** `noteLatestStatus` over the entries of the transaction's ref_id read already; throws what the journal throws. */
export function noteStatusOf(ctx: Context, journal: Journal, entries: JournalEntry[], t: Transaction): void {
  if (!t.status) return;
  for (const entry of entries) {
    // One bought by an earlier run elsewhere is followed too: its failure since frees its sale here.
    if (
      entry.kind !== "buy" ||
      (entry.outcome !== "done" && !boughtElsewhere(entry)) ||
      !sentFromHere(entry, ctx.settings)
    )
      continue;
    const record = statusRecord(entry.entry, new Date(ctx.now()).toISOString(), { ...t, status: t.status });
    if (statusChanged(entry, record)) journal.append(record);
  }
}

/**
 * Whether the service now shows the order otherwise than its entry keeps it: its status, verdict,
 * refund, or a partial order's lines (an entry recorded before they were kept gains them).
 */
export function statusChanged(
  entry: JournalEntry,
  seen: Pick<StatusRecord, "status" | "verdict" | "refunded" | "delivered">,
): boolean {
  return (
    entry.status !== seen.status ||
    entry.verdict !== seen.verdict ||
    entry.refunded !== seen.refunded ||
    JSON.stringify(entry.delivered) !== JSON.stringify(seen.delivered)
  );
}
