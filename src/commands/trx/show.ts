/**
 * `reseller trx show REF_OR_INVOICE [--watch]`: a transaction with what to hand to the customer.
 * Finding a transaction also settles a journal entry whose outcome was unknown.
 */
import type { ApiResult, Transaction } from "../../api/model.js";
import { isTransactionNotFound } from "../../api/codes.js";
import type { Context } from "../../context.js";
import { InterruptedError, ServiceError } from "../../errors.js";
import { journalDetails, journalFor, noteLatestStatus, settleUnknownPurchase } from "../../journal/request.js";
import { showTransaction } from "../../output/transaction.js";
import type { AlternativeOf } from "../../domain/alternative.js";
import { alternativeOf } from "../../orders/alternatives.js";
import { formatRupiah } from "../../output/format.js";
import { isFinal } from "../../api/status.js";
import { orderVerdict, verdictPhrase } from "../../domain/verdict.js";
import type { TrxShowOptions } from "./flags.js";

export async function run(ctx: Context, options: TrxShowOptions): Promise<void> {
  const client = await ctx.client();
  let result: ApiResult<Transaction>;
  try {
    result = await client.getTransaction(options.ref);
  } catch (error) {
    if (error instanceof ServiceError && isTransactionNotFound(error.code)) {
      error.message = ctx.say.trxNotFound(options.ref);
    }
    throw error;
  }
  settleJournal(ctx, result.data);
  noteLatestStatus(ctx, result.data, options.ref);
  const alternativeOf = alternativeOfIn(ctx, result.data);

  if (!options.watch)
    return showTransaction(ctx.output, result, true, 0, {
      verdict: orderVerdict(result.data, isFinal(result.data.status)),
      ...(alternativeOf ? { alternativeOf } : {}),
    });

  const { waitForDelivery, waitTimeoutSeconds } = await import("../../orders/delivery.js");
  const timeout = waitTimeoutSeconds(ctx, options.waitTimeout);
  try {
    const waited = await waitForDelivery(ctx, client, options.ref, timeout, result);
    noteLatestStatus(ctx, waited.result.data, options.ref);
    showTransaction(ctx.output, waited.result, waited.finished, timeout, {
      waited: true,
      verdict: orderVerdict(waited.result.data, waited.finished),
      ...(alternativeOf ? { alternativeOf } : {}),
    });
  } catch (error) {
    if (error instanceof InterruptedError) {
      throw new InterruptedError(ctx.say.waiting.stoppedWatching(options.ref), {
        suggestion: ctx.say.waiting.resumeWatching(options.ref),
      });
    }
    throw error;
  }
}

/** The order this transaction was bought instead of, when this machine journaled it as an alternative. */
function alternativeOfIn(ctx: Context, t: Transaction): AlternativeOf | undefined {
  try {
    if (!t.refId) return undefined;
    const journal = journalFor(ctx);
    return journal
      .byRefId(t.refId)
      .map((e) => (e.kind === "buy" ? alternativeOf(e, journal) : undefined))
      .find((l) => l !== undefined);
  } catch {
    // The transaction is shown without the link when the journal cannot be read.
    return undefined;
  }
}

/** A transaction the service shows settles any unknown journal entry for it. */
function settleJournal(ctx: Context, t: Transaction): void {
  try {
    // Opening the journal opens the records database: only for a transaction it can hold.
    if (!t.refId) return;
    const journal = journalFor(ctx);
    const now = ctx.now();
    for (const entry of journal.byRefId(t.refId)) {
      if (!settleUnknownPurchase(journal, entry, t.refId, ctx.settings, { ...journalDetails(t), by: "trx show" }, now))
        continue;
      const { verdict, refunded } = orderVerdict(t, isFinal(t.status));
      const said =
        verdict === "delivery_failed"
          ? ctx.say.trx.deliveryFailed(refunded !== undefined ? formatRupiah(refunded) : "")
          : // A partial order says its refund too, as history and a buy's outcome do.
            ctx.say.trx.wasVerdict(verdictPhrase(verdict, refunded, formatRupiah, ctx.say));
      ctx.output.info(ctx.say.trx.settled(t.refId, said, t.invoice ?? ""));
    }
  } catch {
    // Showing a transaction must not fail because the journal cannot be written.
  }
}
