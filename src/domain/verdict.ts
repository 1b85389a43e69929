/**
 * The one verdict on an order, in the words every output uses (terminal line, bulk table, piped
 * rows, --out, --json's `outcome`, history) and the exit code that goes with it. An order is
 * bought (accepted, not yet delivered), delivered, partial (partly delivered, the rest refunded),
 * delivery failed (refunded), refused (the service said no; nothing charged), not sent (nothing
 * reached the service) or unknown (sent, no answer: reconcile settles it).
 */
import type { SmmDelivery, Transaction, TransactionLine } from "../api/model.js";
import { isFailedKind, statusKindOf } from "../api/status.js";
import {
  AuthError,
  DeliveryFailedError,
  ExitCode,
  InterruptedError,
  NetworkError,
  OutcomeUnknownError,
  PartlyDeliveredError,
  ResellerError,
} from "../errors.js";
import type { Messages } from "../messages/messages.js";
import { deliveredCount, lineOf } from "./transaction.js";

export type Verdict = "bought" | "delivered" | "partial" | "delivery_failed" | "refused" | "not_sent" | "unknown";

export const verdicts: readonly Verdict[] = [
  "delivered",
  "bought",
  "partial",
  "delivery_failed",
  "refused",
  "not_sent",
  "unknown",
];

/** How a person reads the verdict, in their language; piped rows and JSON carry the contract's word with underscores. */
export function verdictWords(verdict: Verdict, say: Messages): string {
  return say.verdicts[verdict];
}

/** The verdict word with its refund, as people read it: `partly delivered (Rp 2.835 refunded)`. */
export function verdictPhrase(
  verdict: Verdict,
  refunded: number | undefined,
  rupiah: (n: number) => string,
  say: Messages,
): string {
  if (verdict === "partial" || verdict === "delivery_failed")
    return `${say.verdicts[verdict]} (${say.verdicts.refunded(refunded !== undefined ? rupiah(refunded) : "")})`;
  return say.verdicts[verdict];
}

/** The verdict with its refund said aside, in one pair of brackets: `(gagal; dana Rp 19.000 dikembalikan)`, never `(gagal (dana …))`. */
export function verdictAside(
  verdict: Verdict,
  refunded: number | undefined,
  rupiah: (n: number) => string,
  say: Messages,
): string {
  if (verdict === "partial" || verdict === "delivery_failed")
    return `(${say.verdicts[verdict]}; ${say.verdicts.refunded(refunded !== undefined ? rupiah(refunded) : "")})`;
  return `(${say.verdicts[verdict]})`;
}

export function isVerdict(word: unknown): word is Verdict {
  return typeof word === "string" && (verdicts as readonly string[]).includes(word);
}

export function verdictExitCode(verdict: Verdict): number {
  switch (verdict) {
    case "bought":
    case "delivered":
      return ExitCode.ok;
    case "partial":
    case "delivery_failed":
    case "refused":
      return ExitCode.refused;
    case "not_sent":
      return ExitCode.unreachable;
    case "unknown":
      return ExitCode.outcomeUnknown;
  }
}

/**
 * How far a purchase got when something failed: not sent yet, sent with no answer in hand, or
 * answered (the purchase's own verdict known, from its answer or the look-up after a lost one).
 */
export type PurchaseStage = { sent: false } | { sent: true; answered?: OrderVerdict };

export interface FailureVerdict {
  outcome: Verdict;
  /** The exit code that goes with it: a bulk row's `exit_code`, a single buy's exit. */
  exitCode: number;
  /** Whether it reached the service: a bulk row's `sent`. */
  sent: boolean;
}

/**
 * The one reading of a failure as a verdict, for a single buy, a cart and a bulk row alike.
 *
 * - Once the answer is in, the purchase stands: a later fault (printing, waiting, Ctrl-C while
 *   waiting) leaves its verdict, and the exit code is the purchase's (130 for Ctrl-C); only the
 *   delivery's own failure (failed, partly delivered) changes it.
 * - Sent with no answer: a lost answer, Ctrl-C in flight, a fault of reseller's own and an auth
 *   error (401/403 to the purchase itself, which a key or an IP fixed later lets `reconcile` settle)
 *   are `unknown`; the service's refusal is `refused`; nothing that left (no connection, Ctrl-C
 *   before it was written) is `not_sent`.
 * - Not sent: `not_sent`, with the cause's own exit code.
 */
export function failureVerdict(error: unknown, stage: PurchaseStage): FailureVerdict {
  const own = error instanceof ResellerError ? error.exitCode : undefined;
  if (error instanceof DeliveryFailedError)
    return { outcome: "delivery_failed", exitCode: ExitCode.refused, sent: true };
  if (error instanceof PartlyDeliveredError) return { outcome: "partial", exitCode: ExitCode.refused, sent: true };
  if (stage.sent && stage.answered) {
    const outcome = stage.answered.verdict;
    return {
      outcome,
      exitCode: error instanceof InterruptedError ? ExitCode.interrupted : verdictExitCode(outcome),
      sent: true,
    };
  }
  if (!stage.sent) return { outcome: "not_sent", exitCode: own ?? ExitCode.refused, sent: false };
  if (error instanceof InterruptedError)
    return error.inFlight
      ? { outcome: "unknown", exitCode: ExitCode.interrupted, sent: true }
      : { outcome: "not_sent", exitCode: ExitCode.interrupted, sent: false };
  if (error instanceof OutcomeUnknownError)
    return { outcome: "unknown", exitCode: ExitCode.outcomeUnknown, sent: true };
  if (error instanceof AuthError) return { outcome: "unknown", exitCode: ExitCode.auth, sent: true };
  if (error instanceof NetworkError || own === ExitCode.unreachable)
    return { outcome: "not_sent", exitCode: ExitCode.unreachable, sent: false };
  if (own === ExitCode.refused) return { outcome: "refused", exitCode: ExitCode.refused, sent: true };
  // A usage error after `sent` was set is one found before the request left (a journal that cannot be written).
  if (own === ExitCode.usage) return { outcome: "not_sent", exitCode: ExitCode.usage, sent: false };
  return { outcome: "unknown", exitCode: ExitCode.outcomeUnknown, sent: true };
}

export function verdictTone(verdict: Verdict): "good" | "bad" | "warn" {
  return verdict === "bought" || verdict === "delivered"
    ? "good"
    : verdict === "unknown" || verdict === "partial"
      ? "warn"
      : "bad";
}

/** What one line of a transaction came to: all of it, part of it (the rest refunded), or none. */
export interface LineDelivery {
  /** The line's place in the transaction, from 1, as the Items table numbers it. */
  line: number;
  item_id: number | null;
  name: string | null;
  ordered: number | null;
  delivered: number | null;
  state: "delivered" | "partial" | "failed" | "pending";
}

function smmState(r: SmmDelivery, quantity: number | null): LineDelivery["state"] {
  const kind = r.status?.kind;
  if (kind === "failed" || kind === "canceled" || kind === "refunded" || kind === "expired") return "failed";
  if (kind === "partial") {
    // A panel that says Partial but delivered nothing has failed the line.
    return deliveredCount(quantity, r) === 0 ? "failed" : "partial";
  }
  if (kind === "completed") return r.remains ? "partial" : "delivered";
  return "pending";
}

/**
 * The results of one line: by item id, the k-th line of an item taking the k-th result of it when
 * they pair up (a cart may hold one item twice); a result naming no item belongs to a lone line.
 */
function resultsOfLine<R extends { itemId: number | null }>(t: Transaction, index: number, results: R[]): R[] {
  const line = t.lines[index];
  if (!line) return results;
  const sameItem = t.lines.filter((l) => l.itemId === line.itemId);
  const mine = results.filter((r) => r.itemId === line.itemId || (r.itemId === null && t.lines.length === 1));
  if (sameItem.length === 1) return mine;
  const k = sameItem.indexOf(line);
  if (mine.length === sameItem.length) return mine.slice(k, k + 1);
  return k === 0 ? mine : [];
}

/**
 * Each line of the transaction and what was delivered of it: an H2H line by its dispatches (every
 * one failed is a failed line), an SMM line by its panel's status and count, others by the
 * transaction's status.
 */
export function lineDeliveries(t: Transaction): LineDelivery[] {
  const completed = t.status?.kind === "completed" || t.status?.kind === "partial";
  const out: LineDelivery[] = [];
  const lines: (TransactionLine | undefined)[] = t.lines.length ? t.lines : [undefined];
  lines.forEach((line, index) => {
    const base = {
      line: index + 1,
      item_id: line?.itemId ?? t.h2h[0]?.itemId ?? t.smm[0]?.itemId ?? null,
      name: line?.name ?? line?.productName ?? null,
      ordered: line?.quantity ?? null,
    };
    const h2h = resultsOfLine(t, index, t.h2h);
    const smm = resultsOfLine(t, index, t.smm);
    if (smm.length) {
      for (const r of smm) {
        const state = smmState(r, base.ordered);
        const count = deliveredCount(base.ordered, r);
        out.push({ ...base, delivered: state === "failed" ? 0 : state === "delivered" ? base.ordered : count, state });
      }
    } else if (h2h.length) {
      const failed = h2h.filter((r) => r.failed).length;
      const state = failed === h2h.length ? "failed" : failed > 0 ? "partial" : "delivered";
      const delivered =
        state === "failed"
          ? 0
          : base.ordered === null
            ? null
            : Math.round((base.ordered * (h2h.length - failed)) / h2h.length);
      out.push({ ...base, delivered, state });
    } else if (line) {
      const state = isFailedKind(t.status?.kind) ? "failed" : completed ? "delivered" : "pending";
      out.push({ ...base, delivered: state === "failed" ? 0 : state === "delivered" ? base.ordered : null, state });
    }
  });
  return out;
}

/**
 * What the service's transaction says of a bought order: delivery failed when the transaction ended
 * failed, canceled, refunded or expired, or (once final) when every line failed; partial (once final)
 * when some of it failed or came short and the rest was delivered; delivered once final and
 * completed; else still bought.
 */
export function verdictOfTransaction(t: Transaction, final: boolean): Verdict {
  if (isFailedKind(t.status?.kind)) return "delivery_failed";
  if (!final) return "bought";
  const lines = lineDeliveries(t);
  const short = lines.filter((l) => l.state === "failed" || l.state === "partial");
  if (short.length && short.length === lines.length && short.every((l) => l.state === "failed"))
    return "delivery_failed";
  if (short.length || t.status?.kind === "partial") return "partial";
  if (t.status?.kind === "completed") return "delivered";
  return "bought";
}

/** An order's verdict with what was refunded and (when part of it failed) what was delivered: what every output says of it. */
export interface OrderVerdict {
  verdict: Verdict;
  refunded?: number;
  delivered?: LineDelivery[];
}

/**
 * What --json of a buy, a bulk row and --out carry of the verdict: `outcome`, `refunded` (0 when
 * nothing was given back) and `net`, what the order cost in the end, as `history` says it: amount
 * less refunded, 0 when refused or not sent, null while unknown; for a partial order `delivered`.
 * A script sums `.net` of any result without asking which verdict it has.
 */
export function outcomeFields({ verdict, refunded, delivered }: OrderVerdict, amount: number | null | undefined) {
  const whole = (verdict === "bought" || verdict === "delivered") && typeof amount === "number";
  const back = refunded ?? (whole ? 0 : undefined);
  const net =
    verdict === "refused" || verdict === "not_sent"
      ? 0
      : verdict === "unknown"
        ? null
        : back !== undefined && typeof amount === "number"
          ? amount - back
          : undefined;
  return {
    outcome: verdict,
    ...(back !== undefined ? { refunded: back } : {}),
    ...(net !== undefined ? { net } : {}),
    ...(delivered ? { delivered } : {}),
  };
}

export function orderVerdict(t: Transaction, final: boolean): OrderVerdict {
  const verdict = verdictOfTransaction(t, final);
  const refunded = verdict === "delivery_failed" || verdict === "partial" ? refundedAmount(t) : undefined;
  const delivered = verdict === "partial" ? lineDeliveries(t) : undefined;
  return { verdict, ...(refunded !== undefined ? { refunded } : {}), ...(delivered ? { delivered } : {}) };
}

/**
 * The verdict a journal status gives (what `buy --wait`, `trx show` or `history --refresh` last saw),
 * read with the same status vocabulary as a transaction (`Sukses` is completed, `refunded` failed).
 */
export function verdictOfStatus(status: string | undefined): Verdict {
  const kind = status ? statusKindOf(status) : undefined;
  if (isFailedKind(kind)) return "delivery_failed";
  if (kind === "partial") return "partial";
  if (kind === "completed") return "delivered";
  return "bought";
}

/**
 * The verdict of a bought order as the journal recorded it: the whole transaction's when it was kept
 * (newer journals), else its status's.
 */
export function verdictOfRecord(recorded: { verdict?: string; status?: string }): Verdict {
  const v = recorded.verdict;
  return v === "bought" || v === "delivered" || v === "delivery_failed" || v === "partial"
    ? v
    : verdictOfStatus(recorded.status);
}

/**
 * The refund said beside a verdict the journal recorded: a partial order's recorded refund; a failed
 * delivery's, else its whole amount (journals written before refunds were kept). Other verdicts
 * gave nothing back to say.
 */
export function recordedRefund(
  verdict: Verdict | undefined,
  recorded: { refunded?: number; amount?: number },
): number | undefined {
  if (verdict === "partial") return recorded.refunded;
  if (verdict === "delivery_failed") return recorded.refunded ?? recorded.amount;
  return undefined;
}

/**
 * What was refunded, in the service's figures where it gives them: an SMM order's `refund_amount`;
 * else a failed H2H line's price times its quantity, a failed SMM order's price times its quantity,
 * a short SMM order's price times what remains; or the whole amount when the transaction itself
 * failed and names nothing finer.
 */
export function refundedAmount(t: Transaction): number | undefined {
  let sum = 0;
  let named = false;
  for (const r of t.smm) {
    if (r.refundAmount) {
      sum += r.refundAmount;
      named = true;
      continue;
    }
    const line = lineOf(t, r.itemId);
    if (line?.price === null || line?.price === undefined) continue;
    const state = smmState(r, line.quantity);
    const short = state === "failed" ? (line.quantity ?? 1) : state === "partial" ? (r.remains ?? 0) : 0;
    if (short > 0) {
      sum += line.price * short;
      named = true;
    }
  }
  for (const r of t.h2h) {
    if (!r.failed) continue;
    const line = lineOf(t, r.itemId);
    if (line?.price !== null && line?.price !== undefined) {
      sum += line.price * (line.quantity ?? 1);
      named = true;
    }
  }
  if (named) return sum;
  if (isFailedKind(t.status?.kind)) return t.amount ?? undefined;
  return undefined;
}

/**
 * A seller's note is what a manual item delivers. The short guide's answer names no item's process: its
 * note is handed over too, rather than lost. Every output (trx show, --json, the receipt) reads it here.
 */
export function sellerNoteToHandOver(line: TransactionLine): string | null {
  return line.sellerNote && (line.orderProcess === "manual" || !line.orderProcess) ? line.sellerNote : null;
}

/** What to hand the customer: serial numbers, licences, a seller's note; never cut, one entry each. */
export function handOver(t: Transaction): string[] {
  const out: string[] = [];
  for (const r of t.h2h) if (!r.failed && r.serial) out.push(`SN ${r.serial}`);
  for (const line of t.lines) {
    if (line.licence)
      out.push(
        ...line.licence
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean),
      );
    const note = sellerNoteToHandOver(line);
    if (note) out.push(note);
  }
  return out;
}
