/**
 * Polls a transaction until it is delivered or failed and every H2H/SMM result is final, for
 * `buy --wait` and `trx show --watch`. A spinner on stderr only when stderr is a terminal; Ctrl-C
 * ends the wait (ctx.sleep throws InterruptedError) without touching the purchase.
 */
import type { ServiceClient } from "../../api/client.js";
import type { ApiResult, TransactionDetail } from "../../api/types.js";
import type { Context } from "../../context.js";
import { NetworkError, ServiceError, UnexpectedResponseError } from "../../errors.js";
import { formatDuration } from "../../output/format.js";
import { deliveredPercent } from "../../output/transaction.js";

const firstDelayMs = 1_000;
const maxDelayMs = 5_000;

export interface DeliveryWait {
  result: ApiResult<TransactionDetail>;
  /** False when the wait timed out first: the result is the transaction as it stands. */
  finished: boolean;
}

/** --wait-timeout, else the profile's wait_timeout, else 300 s (resolved with the other settings). */
export function waitTimeoutSeconds(ctx: Context, flag: number | undefined): number {
  return flag ?? ctx.settings.waitTimeoutSeconds;
}

const finalStatuses = new Set(["completed", "failed", "success", "cancelled", "canceled", "expired", "refunded"]);

/** Delivered or failed, with nothing left moving: every H2H dispatch and SMM order in a final state. */
export function isDeliveryFinal(detail: TransactionDetail): boolean {
  if (!finalStatuses.has(detail.transaction.status.toLowerCase())) return false;
  const h2hFinal = detail.h2hResults.every((r) => ["completed", "failed", "success"].includes(r.dispatch_status.toLowerCase()));
  const smmFinal = detail.smmResults.every((r) => ["completed", "partial", "canceled", "cancelled"].includes(r.status.toLowerCase()));
  return h2hFinal && smmFinal;
}

/** One line for the spinner: the status and what is still moving. */
export function progressLine(detail: TransactionDetail): string {
  const parts = [detail.transaction.status];
  const h2hDone = detail.h2hResults.length;
  const h2hWanted = detail.transaction.items.filter((i) => i.order_process === "h2h").length;
  if (h2hWanted) parts.push(`h2h ${h2hDone}/${h2hWanted} dispatched`);
  for (const r of detail.smmResults) {
    const item = detail.transaction.items.find((i) => i.variant_id === r.variant_id);
    const pct = deliveredPercent(item?.qty, r.remains);
    parts.push(`SMM ${r.status}${pct !== undefined ? ` ${pct}%` : ""}`);
  }
  return parts.join(" · ");
}

/**
 * The transaction is known to exist (just bought, or just shown), so a failed read, even a
 * TRX_NOT_FOUND from a service that has not caught up yet, only means "ask again later".
 */
export async function waitForDelivery(ctx: Context, client: ServiceClient, ref: string, timeoutSeconds: number, first?: ApiResult<TransactionDetail>): Promise<DeliveryWait> {
  const started = ctx.now();
  let slept = 0;
  let delay = firstDelayMs;
  let result = first;
  let lastError: unknown;
  let warned = false;
  const read = async () => {
    try {
      result = await client.getTransaction(ref);
    } catch (error) {
      const transient = error instanceof NetworkError || error instanceof UnexpectedResponseError || (error instanceof ServiceError && (error.code === "TRX_NOT_FOUND" || error.status >= 500));
      if (!transient) throw error;
      lastError = error;
      if (!warned) ctx.output.warn(`Could not read the transaction just now (${error.code}); still waiting.`);
      warned = true;
    }
  };
  if (!result) await read();
  const spinner = ctx.output.spinner("Waiting for delivery…");
  try {
    for (;;) {
      if (result && isDeliveryFinal(result.data)) return { result, finished: true };
      // Real time where the clock moves, slept time where it does not (tests with a fixed clock).
      const elapsed = Math.max(ctx.now() - started, slept);
      const left = timeoutSeconds * 1000 - elapsed;
      if (left <= 0) {
        if (result) return { result, finished: false };
        throw lastError;
      }
      spinner.update(`Waiting for delivery: ${result ? progressLine(result.data) : "not visible yet"} (${formatDuration(elapsed / 1000)})`);
      const pause = Math.min(delay, left);
      await ctx.sleep(pause);
      slept += pause;
      delay = Math.min(Math.round(delay * 1.5), maxDelayMs);
      await read();
    }
  } finally {
    spinner.stop();
  }
}
