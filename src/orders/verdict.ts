/**
 * The one verdict on an order, in the words every output uses (terminal line, bulk table, piped
 * rows, --out, --json's `outcome`, history) and the exit code that goes with it. An order is
 * bought (accepted, not yet delivered), delivered, delivery failed (refunded), refused (nothing
 * charged) or unknown (sent, no answer: reconcile settles it).
 */
import type { Transaction } from "../api/model.js";
import { isFailedKind, statusKindOf } from "../api/status.js";
import { ExitCode } from "../errors.js";
import { customerData, failedLines, lineOf } from "../output/transaction.js";

export type Verdict = "bought" | "delivered" | "delivery_failed" | "refused" | "unknown";

export const verdicts: readonly Verdict[] = ["delivered", "bought", "delivery_failed", "refused", "unknown"];

/** How a person reads the verdict; piped rows and JSON carry the word with underscores. */
export function verdictWords(verdict: Verdict): string {
  return verdict === "delivery_failed" ? "delivery failed" : verdict;
}

export function verdictExitCode(verdict: Verdict): number {
  switch (verdict) {
    case "bought":
    case "delivered":
      return ExitCode.ok;
    case "delivery_failed":
    case "refused":
      return ExitCode.refused;
    case "unknown":
      return ExitCode.outcomeUnknown;
  }
}

export function verdictTone(verdict: Verdict): "good" | "bad" | "warn" {
  return verdict === "bought" || verdict === "delivered" ? "good" : verdict === "unknown" ? "warn" : "bad";
}

/**
 * What the service's transaction says of a bought order: delivered once final and completed,
 * delivery failed when the transaction ended failed, canceled, refunded or expired, or (once final)
 * when any of its H2H dispatches or SMM orders failed; else still bought.
 */
export function verdictOfTransaction(t: Transaction, final: boolean): Verdict {
  const failed = failedLines(t);
  const lineFailed = failed.h2h.length > 0 || failed.smm.length > 0;
  if (isFailedKind(t.status?.kind) || (final && lineFailed)) return "delivery_failed";
  if (final && t.status?.kind === "completed") return "delivered";
  return "bought";
}

/** An order's verdict with what was refunded when its delivery failed: what every output says of it. */
export interface OrderVerdict {
  verdict: Verdict;
  refunded?: number;
}

export function orderVerdict(t: Transaction, final: boolean): OrderVerdict {
  const verdict = verdictOfTransaction(t, final);
  const refunded = verdict === "delivery_failed" ? refundedAmount(t) : undefined;
  return { verdict, ...(refunded !== undefined ? { refunded } : {}) };
}

/**
 * The verdict a journal status gives (what `buy --wait`, `trx show` or `history --refresh` last saw),
 * read with the same status vocabulary as a transaction (`Sukses` is completed, `refunded` failed).
 */
export function verdictOfStatus(status: string | undefined): Verdict {
  const kind = status ? statusKindOf(status) : undefined;
  if (isFailedKind(kind)) return "delivery_failed";
  if (kind === "completed") return "delivered";
  return "bought";
}

/**
 * The verdict of a bought order as the journal recorded it: the whole transaction's when it was kept
 * (newer journals), else its status's.
 */
export function verdictOfRecord(recorded: { verdict?: string; status?: string }): Verdict {
  const v = recorded.verdict;
  return v === "bought" || v === "delivered" || v === "delivery_failed" ? v : verdictOfStatus(recorded.status);
}

/**
 * What was refunded: SMM refunds as the service states them, a failed H2H line's price times its
 * quantity, or the whole amount when the transaction itself failed and names nothing finer.
 */
export function refundedAmount(t: Transaction): number | undefined {
  let sum = 0;
  let named = false;
  for (const r of t.smm) {
    if (r.refundAmount) {
      sum += r.refundAmount;
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
    if (line.sellerNote && line.orderProcess === "manual") out.push(line.sellerNote);
  }
  return out;
}

/** The customer of each line of the transaction (a number, a game id, an SMM target). */
export function customersOf(t: Transaction): string[] {
  return [...new Set(t.lines.map((l) => customerData(l.note)).filter((c): c is string => !!c))];
}
