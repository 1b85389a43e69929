/**
 * `reseller trx show REF_OR_INVOICE [--watch]`: a transaction with what to hand to the customer.
 * Finding a transaction also settles a journal entry whose outcome was unknown.
 */
import type { ApiResult, Transaction } from "../../api/model.js";
import { isTransactionNotFound } from "../../api/codes.js";
import type { Context } from "../../context.js";
import { InterruptedError, ServiceError } from "../../errors.js";
import { journalDetails, journalFor, sentFromHere } from "../../journal/request.js";
import { isUnresolved } from "../../journal/journal.js";
import { formatDuration } from "../../output/format.js";
import { renderTransaction } from "../../output/transaction.js";

export interface TrxShowOptions {
  ref: string;
  watch: boolean;
  waitTimeout?: number;
}

export async function run(ctx: Context, options: TrxShowOptions): Promise<void> {
  const client = await ctx.client();
  let result: ApiResult<Transaction>;
  try {
    result = await client.getTransaction(options.ref);
  } catch (error) {
    if (error instanceof ServiceError && isTransactionNotFound(error.code)) {
      error.message = `No transaction has the ref_id or invoice ${options.ref}.`;
    }
    throw error;
  }
  settleJournal(ctx, result.data);

  if (!options.watch) return showTransaction(ctx, result, true, 0);

  const { waitForDelivery, waitTimeoutSeconds } = await import("./wait-for-delivery.js");
  const timeout = waitTimeoutSeconds(ctx, options.waitTimeout);
  try {
    const waited = await waitForDelivery(ctx, client, options.ref, timeout, result);
    showTransaction(ctx, waited.result, waited.finished, timeout);
  } catch (error) {
    if (error instanceof InterruptedError) {
      throw new InterruptedError(`Stopped watching ${options.ref}; nothing changed.`, { suggestion: `Resume with \`reseller trx show ${options.ref} --watch\`.` });
    }
    throw error;
  }
}

/**
 * Prints a transaction in the output mode; when a wait gave up first, says so on stderr. A delivery
 * that failed is shown (with its refund) but is not an error: the purchase itself was answered.
 */
export function showTransaction(ctx: Context, result: ApiResult<Transaction>, finished: boolean, timeoutSeconds: number): void {
  const t = result.data;
  if (ctx.output.mode === "json") ctx.output.json(result.body);
  else renderTransaction(ctx.output, t);
  if (!finished) {
    const unknownStatus = t.status?.kind === "unknown" ? ` "${t.status.text}", a status reseller does not know,` : "";
    ctx.output.warn(`Still not delivered after ${formatDuration(timeoutSeconds)} (status${unknownStatus || ` ${t.status?.text ?? "not given"}`}); the purchase stands. Keep watching: reseller trx show ${t.refId || t.invoice} --watch`);
    return;
  }
  const failedH2h = t.h2h.filter((r) => r.failed);
  if (failedH2h.length || t.status?.kind === "failed" || t.status?.kind === "canceled") {
    ctx.output.warn(`${failedH2h.length ? `${failedH2h.length} H2H deliver${failedH2h.length === 1 ? "y" : "ies"} failed` : "The transaction failed"}${t.note ? `: ${t.note}` : "."}`);
  }
}

/** A transaction the service shows settles any unknown journal entry for it. */
function settleJournal(ctx: Context, t: Transaction): void {
  try {
    const journal = journalFor(ctx);
    const now = ctx.now();
    for (const entry of journal.entries()) {
      if (entry.kind !== "buy" || entry.ref_id !== t.refId || !sentFromHere(entry, ctx.settings)) continue;
      if (!isUnresolved(entry, now)) continue;
      journal.append({ v: 1, type: "outcome", entry: entry.entry, at: new Date(now).toISOString(), outcome: "done", ...journalDetails(t), by: "trx show" });
      ctx.output.info(`Settled in the journal: ${t.refId} was bought${t.invoice ? ` (invoice ${t.invoice})` : ""}.`);
    }
  } catch {
    // Showing a transaction must not fail because the journal cannot be written.
  }
}
