/**
 * The balance at the start and the end of a report's range, from the service's balance history
 * (`GET /v1/balance/mutations`, newest first): the closing balance is the balance after the newest
 * change before the end, the opening one the balance after the newest change before the start (or,
 * when the history begins inside the range, the balance before its first change). Pages are read
 * only back to the start, and never more than `maxPages`.
 */
import type { BalanceMutation } from "../api/model.js";
import type { Context } from "../context.js";

/** A day of a busy shop is a few pages; a month more. Past this the opening balance is not known. */
export const maxPages = 20;

export interface BalanceEnds {
  /** null when the history did not reach back to the start within `maxPages`, or is empty. */
  opening: number | null;
  closing: number | null;
}

const placed = (m: BalanceMutation) => (m.time === null ? Number.NaN : Date.parse(m.time));

export async function balanceEnds(ctx: Context, sinceMs: number, untilMs: number): Promise<BalanceEnds> {
  const client = await ctx.client();
  let closing: number | null = null;
  // The balance before the oldest change read so far: the balance at any moment before it.
  let before: number | null = null;
  let seen = false;
  let previousFirst: string | undefined;
  // The history begins inside the range (or after it): the balance before its first change opened it.
  const historyBegins = (): BalanceEnds =>
    seen ? { opening: before, closing: closing ?? before } : { opening: null, closing: null };
  for (let page = 1; page <= maxPages; page++) {
    const { data } = await client.getBalanceHistory(page);
    // A service that ignores `page` gives page 1 again: nothing older is to be had.
    const first = JSON.stringify(data.mutations[0] ?? null);
    if (page > 1 && first === previousFirst) return historyBegins();
    previousFirst = first;
    for (const m of data.mutations) {
      const at = placed(m);
      // A change the answer gives no time for cannot be placed in or out of the range.
      if (Number.isNaN(at)) continue;
      seen = true;
      const after =
        m.balanceAfter ?? (m.balanceBefore !== null && m.amount !== null ? m.balanceBefore + m.amount : null);
      if (at < untilMs && closing === null) closing = after ?? before;
      if (at < sinceMs) return { opening: after, closing };
      before = m.balanceBefore ?? (after !== null && m.amount !== null ? after - m.amount : null);
    }
    const last = data.pagination?.lastPage ?? null;
    if (data.mutations.length === 0 || (last !== null && page >= last)) return historyBegins();
  }
  return { opening: null, closing };
}
