/**
 * Polls a transaction until it is delivered or failed and every H2H/SMM result is final, for
 * `buy --wait` and `trx show --watch`. A spinner on stderr only when stderr is a terminal; Ctrl-C
 * ends the wait (ctx.sleep throws InterruptedError) without touching the purchase.
 */
import type { ServiceClient } from "../api/client.js";
import type { ApiResult, Transaction } from "../api/model.js";
import { isTransactionNotFound } from "../api/codes.js";
import { isFinal } from "../api/status.js";
import type { Context } from "../context.js";
import { NetworkError, ServiceError, UnexpectedResponseError, type Wording } from "../errors.js";
import { formatDuration } from "../output/format.js";
import { statusWord } from "../output/status-words.js";
import { deliveredPercent, lineOf } from "../domain/transaction.js";

const firstDelayMs = 1_000;
const maxDelayMs = 5_000;

export interface DeliveryWait {
  result: ApiResult<Transaction>;
  /** False when the wait timed out first: the result is the transaction as it stands. */
  finished: boolean;
}

/** --wait-timeout, else the profile's wait_timeout, else 300 s (resolved with the other settings). */
export function waitTimeoutSeconds(ctx: Context, flag: number | undefined): number {
  return flag ?? ctx.settings.setting("wait_timeout").value;
}

/**
 * Delivered or failed, with nothing left moving: the transaction in a final state, every H2H
 * dispatch done (a serial number or a failure; B sends no dispatch status at all) and every SMM order
 * final. An unknown status is not final: the wait goes on until its deadline and says so.
 */
export function isDeliveryFinal(t: Transaction): boolean {
  if (!isFinal(t.status)) return false;
  const h2hFinal = t.h2h.every((r) =>
    r.status ? isFinal(r.status) || r.status.kind === "sent" : r.failed || r.serial !== null,
  );
  const smmFinal = t.smm.every((r) => isFinal(r.status));
  return h2hFinal && smmFinal;
}

/** One line for the spinner: the status and what is still moving, in the words of whoever shows it. */
export function progressLine(t: Transaction): Wording {
  return (say) => {
    const parts = [
      t.status
        ? t.status.kind === "unknown"
          ? say.waiting.unknownStatus(t.status.text)
          : statusWord(t.status, say)
        : say.waiting.noStatusYet,
    ];
    const h2hDone = t.h2h.length;
    const h2hWanted = t.lines.filter((l) => l.orderProcess === "h2h" && !l.isSmm).length;
    if (h2hWanted) parts.push(say.waiting.h2hDispatched(h2hDone, h2hWanted));
    for (const r of t.smm) {
      const pct = deliveredPercent(lineOf(t, r.itemId)?.quantity, r);
      parts.push(
        `SMM ${r.status ? statusWord(r.status, say) : say.waiting.smmPending}${pct !== undefined ? ` ${pct}%` : ""}`,
      );
    }
    return parts.join(" · ");
  };
}

/**
 * The transaction is known to exist (just bought, or just shown), so a failed read, even a
 * TRX_NOT_FOUND from a service that has not caught up yet, only means "ask again later".
 */
export async function waitForDelivery(
  ctx: Context,
  client: ServiceClient,
  ref: string,
  timeoutSeconds: number,
  first?: ApiResult<Transaction>,
  /**
   * quiet: no spinner and no warnings (many orders of a file waited on at once). firstPollMs: the
   * first look after this long (the file's earlier orders took about that to deliver), not at once.
   */
  options: { quiet?: boolean; firstPollMs?: number } = {},
): Promise<DeliveryWait> {
  const { say } = ctx;
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
      const transient =
        error instanceof NetworkError ||
        error instanceof UnexpectedResponseError ||
        (error instanceof ServiceError && (isTransactionNotFound(error.code) || error.status >= 500));
      if (!transient) throw error;
      lastError = error;
      if (!warned && !options.quiet) ctx.output.warn(say.waiting.couldNotRead(error.code));
      warned = true;
    }
  };
  if (options.firstPollMs !== undefined && !result) {
    const pause = Math.min(options.firstPollMs, timeoutSeconds * 1000);
    await ctx.sleep(pause);
    slept += pause;
  }
  if (!result) await read();
  const spinner = options.quiet
    ? { update: () => undefined, stop: () => undefined }
    : ctx.output.spinner(say.waiting.spinner);
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
      spinner.update(
        say.waiting.progress(
          result ? progressLine(result.data)(say) : say.waiting.notVisibleYet,
          formatDuration(elapsed / 1000, say),
        ),
      );
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
