/**
 * The repeat check of an orders file: which rows this machine already bought, whatever the file is
 * called (a copy, stdin, reordered, with rows appended). Each row's ref_id is derived from its own
 * content, the day and its occurrence among identical rows, so the same orders give the same ref_ids;
 * a row that matches a recent purchase under another ref_id (bought yesterday, by a single buy, with
 * a ref_id column) needs the reseller's consent before it is bought again.
 */
import { createHash } from "node:crypto";
import { hostname } from "node:os";
import type { Context } from "../context.js";
import { boughtElsewhere, notFoundWhenAsked, stillInFlight, type JournalEntry } from "../journal/entries.js";
import { journalFor, sentFromHere } from "../journal/request.js";
import { orderRepeatKey, requestRepeatKey } from "../rules/customer.js";
import { verdictOfRecord, type Verdict } from "../domain/verdict.js";
import type { Order } from "./order.js";

/**
 * The customer data of a line as the ref_id of an orders file is derived from it: as written in the
 * file (check-line.ts's `written` form). It never changes, so a file bought before derives the same
 * ref_ids when it is run again.
 */
export function lineKey(itemId: number, quantity: number, note: string | undefined): string {
  return JSON.stringify([itemId, quantity, note ?? ""]);
}

/** `BLK-20261123-3f9a1c2b7d4e-1`: the row's content, the day it is bought, its occurrence among identical rows. */
export function derivedRefId(key: string, occurrence: number, day: string): string {
  return `BLK-${day}-${createHash("sha256").update(key).digest("hex").slice(0, 12)}-${occurrence}`;
}

/** The ref_ids of rows: derived (occurrence counted per identical content) unless the row gives its own. */
export function refIdsOf(rows: { key: string; refId?: string }[], day: string): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const occurrence = (seen.get(row.key) ?? 0) + 1;
    seen.set(row.key, occurrence);
    return row.refId ?? derivedRefId(row.key, occurrence, day);
  });
}

/** A purchase the journal holds for this profile and service address, as the repeat check sees it. */
export interface EarlierPurchase {
  refId: string;
  at: string;
  /** repeatKey of its one line, orderRepeatKey of a cart's lines (a cart never matches a row of a file). */
  key: string | undefined;
  outcome: JournalEntry["outcome"];
  status?: string;
  /** The verdict and refund the journal kept from the whole transaction, when it did. */
  verdict?: string;
  refunded?: number;
  invoice?: string;
  amount?: number;
  /** Bought as the alternative of the order with this ref_id: it stands for that order's sale. */
  alternativeOf?: string;
  /** The lines of the sale it was bought instead of, as the journal kept them (`sameSale`). */
  saleLines?: unknown;
  /** An alternative's item, as the journal named it (its repeat key is the original's). */
  item?: { id: number; name: string };
  /**
   * Sent, then settled not bought because a look-up did not find it: the service may have committed
   * it since (`notFoundWhenAsked`), so it counts as maybe bought until the same ref_id is asked again.
   */
  notFound?: true;
}

export function earlierPurchase(entry: JournalEntry): EarlierPurchase | undefined {
  if (entry.kind !== "buy" || !entry.ref_id) return undefined;
  const key = requestRepeatKey(entry.request);
  const instead = entry.request?.alternative_of as { ref_id?: unknown; carts?: unknown } | undefined;
  return {
    refId: entry.ref_id,
    at: entry.at,
    key,
    // Bought by an earlier run elsewhere: it stands, as one bought here does.
    outcome: boughtElsewhere(entry) ? "done" : entry.outcome,
    ...(entry.status !== undefined ? { status: entry.status } : {}),
    ...(entry.verdict !== undefined ? { verdict: entry.verdict } : {}),
    ...(entry.refunded !== undefined ? { refunded: entry.refunded } : {}),
    ...(entry.invoice !== undefined ? { invoice: entry.invoice } : {}),
    ...(entry.amount !== undefined ? { amount: entry.amount } : {}),
    ...(typeof instead?.ref_id === "string"
      ? { alternativeOf: instead.ref_id, saleLines: instead.carts, ...itemOf(entry) }
      : {}),
    ...(notFoundWhenAsked(entry) ? { notFound: true as const } : {}),
  };
}

/**
 * An earlier purchase once it has ended: one another live process is still making (its intent in the
 * journal, its answer not yet) is waited for, reading the journal (`onWaiting` said first), so it is
 * said as what it became rather than `unknown` (exit 5) when it was bought once. The wait is bounded
 * by twice this run's request timeout (that purchase's own deadline, then its look-up); one still in
 * flight then stays unknown. Ctrl-C ends the wait, or with `interruptible` is thrown. Undefined when
 * it ended not bought (refused, not sent): nothing stands for the order.
 */
export async function endedPurchase(
  ctx: Context,
  earlier: EarlierPurchase,
  options: { onWaiting: () => void; interruptible?: boolean },
): Promise<EarlierPurchase | undefined> {
  if (earlier.outcome !== "pending") return earlier;
  const journal = journalFor(ctx);
  const current = () =>
    journal
      .byRefId(earlier.refId)
      .find((e) => e.kind === "buy" && e.at === earlier.at && sentFromHere(e, ctx.settings));
  let entry = current();
  const ours = entry?.pid === process.pid && entry.host === hostname();
  if (!entry || ours || !stillInFlight(entry, ctx.now())) return earlier;
  options.onWaiting();
  const giveUpAt = ctx.now() + 2 * ctx.settings.setting("timeout").value * 1000;
  while (entry?.outcome === "pending" && stillInFlight(entry, ctx.now()) && ctx.now() < giveUpAt) {
    try {
      await ctx.sleep(200);
    } catch (error) {
      if (options.interruptible) throw error;
      break;
    }
    entry = current();
  }
  const ended = entry ? earlierPurchase(entry) : undefined;
  if (!ended) return earlier;
  return ["refused", "not_sent"].includes(ended.outcome) ? undefined : ended;
}

/** The one item of a purchase as its journal entry names it. */
function itemOf(entry: JournalEntry): { item?: { id: number; name: string } } {
  const [line] = Array.isArray(entry.request.carts) ? (entry.request.carts as { item_id?: unknown }[]) : [];
  const id = line?.item_id;
  if (typeof id !== "number") return {};
  const names = entry.request.item_names as Record<string, unknown> | undefined;
  const name = names?.[String(id)];
  return { item: { id, name: typeof name === "string" ? name : `item ${id}` } };
}

/**
 * Bought, or maybe bought: what a second purchase of the same order would repeat. A purchase a
 * look-up did not find is one: killed while the service held it, it may have been committed after.
 */
function mayBeBought(p: EarlierPurchase): boolean {
  return p.outcome === "done" || p.outcome === "unknown" || p.outcome === "pending" || p.notFound === true;
}

export type RowPlan =
  /** Nothing matches, or only this very ref_id unsettled or refused: send (the ref_id keeps it single). */
  | { kind: "send" }
  /** This very ref_id was bought: nothing is sent, the earlier purchase is the result. */
  | { kind: "settled"; earlier: EarlierPurchase }
  /** Matches a recent purchase under another ref_id: bought again only with consent. */
  | { kind: "repeat"; earlier: EarlierPurchase };

/**
 * The pure decision of the repeat check. `earlier` holds the journal's recent purchases (and any
 * older one a row's own ref_id names). A row's own ref_id wins, and a row that gives its own is never a
 * repeat; then each remaining earlier purchase of the same content accounts for one row of a derived ref_id: two identical rows need two earlier purchases to be
 * both repeats, and a row beyond them is new and sent.
 */
export function planRows(rows: { key: string; refId: string; own?: boolean }[], earlier: EarlierPurchase[]): RowPlan[] {
  // `key` is each row's repeatKey: the customer by its one key.
  const byRef = new Map<string, EarlierPurchase>();
  // Newest first wins: the latest word on a ref_id.
  for (const p of [...earlier].sort((a, b) => b.at.localeCompare(a.at))) if (!byRef.has(p.refId)) byRef.set(p.refId, p);
  const used = new Set<string>();
  // An alternative bought (or maybe bought) for a row's own ref_id is that row's sale: the row is
  // not sent again, even when its item can be sold again now; one whose delivery failed was refunded.
  const instead = new Map<string, EarlierPurchase>();
  for (const p of byRef.values())
    if (p.alternativeOf && mayBeBought(p) && !(p.outcome === "done" && verdictOfRecord(p) === "delivery_failed")) {
      const other = instead.get(p.alternativeOf);
      // A sale bought stands before one whose outcome is still unknown.
      if (!other || (other.outcome !== "done" && p.outcome === "done")) instead.set(p.alternativeOf, p);
    }
  const plans: (RowPlan | undefined)[] = rows.map((row) => {
    const sold = instead.get(row.refId);
    if (sold) {
      used.add(sold.refId);
      return { kind: "settled", earlier: sold };
    }
    const same = byRef.get(row.refId);
    if (!same) return undefined;
    used.add(same.refId);
    if (same.outcome === "done") return { kind: "settled", earlier: same };
    // Unsettled under this very ref_id: sending it again is safe, the service keeps one per ref_id.
    return mayBeBought(same) ? { kind: "send" } : undefined;
  });
  const rowRefs = new Set(rows.map((r) => r.refId));
  const pool = new Map<string, EarlierPurchase[]>();
  for (const p of byRef.values()) {
    if (!p.key || used.has(p.refId) || rowRefs.has(p.refId) || !mayBeBought(p)) continue;
    // A delivery that failed was refunded: buying it again spends nothing twice.
    if (p.outcome === "done" && verdictOfRecord(p) === "delivery_failed") continue;
    pool.set(p.key, [...(pool.get(p.key) ?? []), p]);
  }
  return rows.map((row, i) => {
    const plan = plans[i];
    if (plan && plan.kind === "settled") return plan;
    // A row's own ref_id (its ref_id column) is the caller's identity of a new order: never a repeat.
    const match = row.own ? undefined : pool.get(row.key)?.shift();
    if (match && !plan) return { kind: "repeat", earlier: match };
    return { kind: "send" };
  });
}

/** The verdict an earlier purchase stands at, for a row that is not sent again. */
export function earlierVerdict(p: EarlierPurchase): Verdict {
  if (p.outcome === "unknown" || p.outcome === "pending" || p.notFound) return "unknown";
  return verdictOfRecord(p);
}

/**
 * `earlier_not_found: true` in --json, wherever an earlier purchase stands for an order, when a
 * look-up did not find it: the service may have committed it since.
 */
export function earlierNotFound(p: EarlierPurchase): { earlier_not_found?: true } {
  return p.notFound ? { earlier_not_found: true } : {};
}

/**
 * The earlier purchase a repeat is refused on, as --json names it in every refusal (a single buy's or
 * a cart's, each row of a file's): `earlier_not_found` when a look-up did not find it, so it may have
 * been bought since.
 */
export function earlierDetails(p: EarlierPurchase): Record<string, unknown> {
  return {
    earlier_ref_id: p.refId,
    ...(p.invoice ? { earlier_invoice: p.invoice } : {}),
    earlier_at: p.at,
    earlier_outcome: earlierVerdict(p),
    ...earlierNotFound(p),
  };
}

/**
 * The repeat window: its length in hours (a run's --repeat-window `given`, else the profile's
 * `repeat_window` setting) and when it started, that long before `nowMs`. Every look-back of the
 * repeat check, an alternative's and the books' reads the window here.
 */
export function repeatWindow(
  ctx: Pick<Context, "settings" | "now">,
  given?: number,
  nowMs = ctx.now(),
): { hours: number; startMs: number } {
  const hours = given ?? ctx.settings.setting("repeat_window").value;
  return { hours, startMs: nowMs - hours * 3_600_000 };
}

/**
 * Why the earlier purchases are read: before buying, records that cannot be written stop the
 * purchase with nothing sent; a plan only reads, so records it may only read serve it.
 */
export type ReadFor = "buying" | "planning";

/**
 * The purchases this profile made at this service address in the window whose repeat key is one of
 * `keys`, and any older one a given ref_id names: looked up by key and ref_id, never a scan.
 */
export function recentPurchases(
  ctx: Context,
  windowHours: number,
  givenRefIds: string[],
  keys: Iterable<string>,
  readFor: ReadFor = "buying",
): EarlierPurchase[] {
  const journal = journalFor(ctx, readFor === "buying" ? "sending" : "reading");
  const edge = repeatWindow(ctx, windowHours).startMs;
  const found: EarlierPurchase[] = [];
  const seen = new Set<string>();
  const take = (entry: JournalEntry) => {
    if (seen.has(entry.entry) || !sentFromHere(entry, ctx.settings)) return;
    seen.add(entry.entry);
    const p = earlierPurchase(entry);
    if (p) found.push(p);
  };
  for (const key of new Set(keys)) for (const entry of journal.byRepeatKey(key, edge)) take(entry);
  for (const refId of new Set(givenRefIds)) for (const entry of journal.byRefId(refId)) take(entry);
  return found;
}

/**
 * The recent purchases a single buy or a cart would repeat, newest first: the same items, quantities
 * and customers (by their one key) within the window, bought or maybe bought, under another ref_id. A
 * delivery that failed was refunded, so buying it again spends nothing twice.
 */
export function repeatedPurchases(
  ctx: Context,
  order: Order,
  windowHours: number,
  readFor: ReadFor = "buying",
): EarlierPurchase[] {
  const key = orderRepeatKey(order.lines.map((l) => ({ itemId: l.item.id, quantity: l.quantity, note: l.note })));
  return recentPurchases(ctx, windowHours, [], [key], readFor).filter(
    (p) =>
      p.key === key &&
      p.refId !== order.refId &&
      mayBeBought(p) &&
      !(p.outcome === "done" && verdictOfRecord(p) === "delivery_failed"),
  );
}

/**
 * The repeat check made once more with the purchase's intent, under the journal's write lock: a
 * purchase of the same order that another process made since the first check (the customer's second
 * message in another shell, a second bot), which nobody agreed to. `known` says which purchases the
 * first check already saw (or which are the run's own orders); undefined when there is none.
 */
export function repeatSince(
  ctx: Context,
  order: Order,
  windowHours: number,
  known: (p: EarlierPurchase) => boolean,
): EarlierPurchase | undefined {
  return repeatedPurchases(ctx, order, windowHours).find((p) => !known(p));
}
