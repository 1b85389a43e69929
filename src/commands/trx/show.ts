/**
 * `reseller trx show REF_OR_INVOICE [--watch]`: a transaction with what to hand to the customer.
 * Finding a transaction also settles a journal entry whose outcome was unknown.
 */
import type { ApiResult, Transaction } from "../../api/model.js";
import { isTransactionNotFound } from "../../api/codes.js";
import type { Context } from "../../context.js";
import { InterruptedError, ServiceError } from "../../errors.js";
import {
  journalDetails,
  journalFor,
  noteLatestStatus,
  noteStatusOf,
  settleUnknownPurchase,
} from "../../journal/request.js";
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
  const t = result.data;
  // An answer may leave its ref_id out: the one typed stands for it, unless it was the invoice.
  const refId = t.refId ?? (options.ref === t.invoice ? null : options.ref);
  const alternativeOf = refId ? settleAndFindAlternativeOf(ctx, refId, t) : undefined;

  if (!options.watch)
    return showTransaction(ctx.output, result, true, 0, {
      verdict: orderVerdict(result.data, isFinal(result.data.status)),
      ...(alternativeOf ? { alternativeOf } : {}),
    });

  const { waitForDelivery, waitTimeoutSeconds } = await import("../../orders/delivery.js");
  const timeout = waitTimeoutSeconds(ctx, options.waitTimeout);
  try {
    const waited = await waitForDelivery(ctx, client, options.ref, timeout, result);
    noteLatestStatus(ctx, waited.result.data, refId ?? undefined);
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

/**
 * The ref_id's journal entries, read once for two things: a transaction the service shows settles
 * any unknown one (its status noted against those bought; one settled now has it already), and the
 * order it was bought instead of is returned when this machine journaled it as an alternative.
 */
function settleAndFindAlternativeOf(ctx: Context, refId: string, t: Transaction): AlternativeOf | undefined {
  let link: AlternativeOf | undefined;
  try {
    // Opening the journal opens the records database: only for a transaction it can hold.
    const journal = journalFor(ctx);
    const entries = journal.byRefId(refId);
    link = entries.map((e) => (e.kind === "buy" ? alternativeOf(e, journal) : undefined)).find((l) => l !== undefined);
    const now = ctx.now();
    for (const entry of entries) {
      if (!settleUnknownPurchase(journal, entry, refId, ctx.settings, { ...journalDetails(t), by: "trx show" }, now))
        continue;
      const { verdict, refunded } = orderVerdict(t, isFinal(t.status));
      const said =
        verdict === "delivery_failed"
          ? ctx.say.trx.deliveryFailed(refunded !== undefined ? formatRupiah(refunded) : "")
          : // A partial order says its refund too, as history and a buy's outcome do.
            ctx.say.trx.wasVerdict(verdictPhrase(verdict, refunded, formatRupiah, ctx.say));
      ctx.output.info(ctx.say.trx.settled(refId, said, t.invoice ?? ""));
    }
    noteStatusOf(ctx, journal, entries, t);
  } catch {
    // Showing a transaction must not fail because the journal cannot be read or written.
  }
  return link;
}
