/**
 * Alternatives reviewed in advance: for an item the service may stop selling (disrupted, sold out),
 * the items the reseller agreed to sell the same customer instead, kept with the profile. After a
 * definite outcome that cost nothing the next one is bought; never after an unknown outcome or a
 * partial delivery, and never above the price cap (the original's selling price unless told).
 */
import type { Context } from "../context.js";
import { boughtElsewhere, notFoundWhenAsked, type JournalEntry } from "../journal/entries.js";
import { ExitCode, ResellerError, UsageError, type Wording } from "../errors.js";
import { verdictOfRecord, type Verdict } from "../domain/verdict.js";
import type { AlternativeOf } from "../domain/alternative.js";
import { journalFor, noteLatestStatus, sentFromHere, verdictFacts } from "../journal/request.js";
import { isFinal, toStatus } from "../api/status.js";
import { inPool } from "./pool.js";
import type { ServiceClient } from "../api/client.js";
import type { Item, Transaction } from "../api/model.js";
import { formatRupiah } from "../output/format.js";
import { checkLineForms, type LineInput } from "./check-line.js";
import { fetchItem } from "./items.js";
import { cartLines, orderTotal, type Order } from "./order.js";
import {
  earlierDetails,
  earlierPurchase,
  earlierVerdict,
  repeatWindow,
  type EarlierPurchase,
  type ReadFor,
} from "./repeats.js";
import type { CatalogueEntry } from "../catalogue/cache.js";
import { withKeptIds } from "../catalogue/id-index.js";

/**
 * Whether `order` is the sale its alternative (`sold`) was bought instead of: the same lines, as built.
 * Another order under that ref_id is not that sale, and the ref_id is used.
 */
export function sameSale(order: Order, sold: Pick<EarlierPurchase, "saleLines">): boolean {
  return JSON.stringify(sold.saleLines) === JSON.stringify(cartLines(order));
}

/** Whether a file's row settled by `earlier` is another order under a ref_id sold as its alternative. */
export function soldForAnotherRow(
  order: Order,
  earlier: Pick<EarlierPurchase, "alternativeOf" | "saleLines">,
): boolean {
  return earlier.alternativeOf === order.refId && !sameSale(order, earlier);
}

/** The profile's key in config.json: `{"13": [14, 12]}`, each item's alternatives in the order tried. */
export const alternativesKey = "alternatives";
/** At most this many alternatives per item: each is an order of its own, with a ref_id of its own. */
export const maxAlternatives = 5;

export type AlternativeTable = Record<string, number[]>;

const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v > 0;

/** The table as stored, anything unreadable in it left out (a damaged entry never becomes an order). */
export function alternativesIn(profile: Record<string, unknown>): AlternativeTable {
  const stored = profile[alternativesKey];
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return {};
  const table: AlternativeTable = {};
  for (const [item, list] of Object.entries(stored as Record<string, unknown>)) {
    if (!/^\d+$/.test(item) || !Array.isArray(list)) continue;
    const ids = list.filter(isWhole).slice(0, maxAlternatives);
    if (ids.length) table[item] = ids;
  }
  return table;
}

export function storedAlternatives(ctx: Context): AlternativeTable {
  return alternativesIn(ctx.config.profile(ctx.settings.profile));
}

/** One item's alternatives; none when the config cannot be read (buying goes on without them). */
export function alternativesFor(ctx: Context, itemId: number): number[] {
  try {
    return storedAlternatives(ctx)[String(itemId)] ?? [];
  } catch {
    return [];
  }
}

/**
 * The table changed by `change`, read again under the config's lock (two `alternatives set` at once
 * would otherwise each save the table it read at its start). Returns the table as it stood before.
 */
export async function changeAlternatives(
  ctx: Context,
  change: (table: AlternativeTable) => AlternativeTable,
): Promise<AlternativeTable> {
  let before: AlternativeTable = {};
  await ctx.config.changeProfile(ctx.settings.profile, (stored) => {
    before = alternativesIn(stored);
    const after = change({ ...before });
    return { [alternativesKey]: Object.keys(after).length ? after : undefined };
  });
  return before;
}

/**
 * `<ref>-alt1`: the ref_id of the first alternative of the order `ref`. Derived, so a run again finds
 * what it bought for the same sale; cut to the service's 191 characters from the left, the suffix kept.
 */
export function alternativeRefId(refId: string, n: number): string {
  const suffix = `-alt${n}`;
  return `${refId.slice(0, 191 - suffix.length)}${suffix}`;
}

export function alternativeRefIds(refId: string): string[] {
  return Array.from({ length: maxAlternatives }, (_, i) => alternativeRefId(refId, i + 1));
}

/**
 * Whether an order that ended so may be followed by its next alternative: a definite outcome that
 * cost nothing. Refused or not sent (but never a repeat nobody agreed to, a mistake in what was typed,
 * a key refused or Ctrl-C: exits 2, 3, 130), or a delivery that failed and was refunded whole.
 * Never after unknown (it may have been bought) or partial (the customer got part of it), and never
 * after the service's refusal of a ref_id it already holds (`code`): that sale was bought before,
 * and its alternative would be the customer's second.
 */
export function costNothing(
  verdict: Verdict,
  exitCode: number,
  amount?: number,
  refunded?: number,
  code?: string,
): boolean {
  if (exitCode === ExitCode.usage || exitCode === ExitCode.auth || exitCode === ExitCode.interrupted) return false;
  if (code === "REF_ID_ALREADY_EXIST") return false;
  if (verdict === "refused" || verdict === "not_sent") return true;
  if (verdict === "delivery_failed") return amount !== undefined && refunded !== undefined && refunded >= amount;
  return false;
}

/** Each line of a transaction as item × quantity × customer, sorted: null where the service left one out. */
function heldLines(t: Transaction): string[] {
  return t.lines.map((l) => JSON.stringify([l.itemId, l.quantity, l.note])).sort();
}

function orderedLines(order: Order): string[] {
  return cartLines(order)
    .map((l) => JSON.stringify([l.item_id, l.quantity, l.note ?? null]))
    .sort();
}

/**
 * Whether the transaction the service holds under an alternative's ref_id is that very order: the
 * same items, quantities and customers. An answer that leaves out one the order has is unclear, and
 * an unclear answer never lets the next alternative be bought.
 */
export function sameAlternative(t: Transaction, order: Order): boolean {
  const held = heldLines(t);
  return held.length > 0 && JSON.stringify(held) === JSON.stringify(orderedLines(order));
}

/** The same test for a failure as the one error printer would say it. */
export function failureCostNothing(error: unknown, amount?: number): boolean {
  if (!(error instanceof ResellerError)) return false;
  const outcome = error.details?.outcome;
  const refunded = error.details?.refunded;
  if (outcome !== "refused" && outcome !== "not_sent" && outcome !== "delivery_failed") return false;
  return costNothing(outcome, error.exitCode, amount, typeof refunded === "number" ? refunded : undefined, error.code);
}

/**
 * A purchase of this profile here that stands for its sale, bought or maybe bought: in flight,
 * unknown, bought (but not refunded for a failed delivery), or not found when asked within the repeat
 * window (`windowStartMs`), since the service may have committed it after it was asked.
 */
function standsForSale(ctx: Context, e: JournalEntry, windowStartMs: number): boolean {
  return (
    e.kind === "buy" &&
    sentFromHere(e, ctx.settings) &&
    (e.outcome === "unknown" ||
      e.outcome === "pending" ||
      ((e.outcome === "done" || boughtElsewhere(e)) && verdictOfRecord(e) !== "delivery_failed") ||
      (notFoundWhenAsked(e) && Date.parse(e.at) >= windowStartMs))
  );
}

/** The first entry of these ref_ids, each looked up by index, that stands for its sale (`standsForSale`). */
function standingOf(ctx: Context, refIds: string[], readFor: ReadFor = "buying"): JournalEntry | undefined {
  // On the way to a purchase, records that cannot be written stop it here, saying nothing was sent; a plan only reads.
  const journal = journalFor(ctx, readFor === "buying" ? "sending" : "reading");
  const windowStartMs = repeatWindow(ctx).startMs;
  for (const ref of refIds) {
    const found = journal.byRefId(ref).find((e) => standsForSale(ctx, e, windowStartMs));
    if (found) return found;
  }
  return undefined;
}

/**
 * An alternative bought for this very sale earlier (this ref_id's `-altN`), bought or maybe bought:
 * what stands for it. One a look-up did not find is maybe bought within the repeat window, as the
 * repeat check counts it: the service may have committed it after it was asked, and the sale's own
 * item bought now would be the customer's second.
 */
export function boughtAlternative(
  ctx: Context,
  refId: string,
  readFor: ReadFor = "buying",
  /** An alternative the service says failed since, whatever the records could note of it (a plan may only read them). */
  givenUp?: string,
): JournalEntry | undefined {
  return standingOf(
    ctx,
    alternativeRefIds(refId).filter((ref) => ref !== givenUp),
    readFor,
  );
}

/**
 * The same sale sent by another run from here, read again with the order's intent under
 * the records' write lock (`checkFirst`), so no other run's purchase can come between: for an order
 * under a caller's own ref_id, an alternative of it standing now (`boughtAlternative`); for an
 * alternative `<ref>-altN`, the sale's own order sent from here (in flight, unknown or bought) or
 * another of its alternatives standing. This run's own orders of the sale never count: each cost
 * nothing (refused, not sent, refunded whole), which is why the next was tried. The same alternative
 * sent by another run is not looked for: the service keeps one purchase per ref_id. A ref_id
 * `reseller` made is nobody else's: nothing is read. Only this machine's records are read.
 */
export function soldMeanwhile(ctx: Context, order: Order): JournalEntry | undefined {
  if (!order.refIdGiven) return undefined;
  const sale = order.alternativeOf?.refId;
  if (sale === undefined) return boughtAlternative(ctx, order.refId);
  return standingOf(
    ctx,
    [sale, ...alternativeRefIds(sale)].filter((ref) => ref !== order.refId),
  );
}

/** Another run's purchase of the same sale, found with the intent (`soldMeanwhile`): nothing was written or sent. */
export class SoldMeanwhile extends Error {
  constructor(readonly entry: JournalEntry) {
    super(`the sale was sent by another run as ${entry.ref_id}`);
  }
}

/** The check a purchase of `order` makes with its intent (`checkFirst`): throws SoldMeanwhile. */
export function checkSaleFirst(ctx: Context, order: Order): void {
  const sold = soldMeanwhile(ctx, order);
  if (sold) throw new SoldMeanwhile(sold);
}

/**
 * An alternative not sent because another run sent its sale from here, bought, in flight or unknown
 * (`soldMeanwhile`, the journal's `entry`): exit 2, nothing sent, `REPEATED_ORDER` as any purchase of
 * the same order another process made meanwhile, naming the one that stands (`earlier_*`).
 */
export function sentByAnotherRun(order: Order, entry: JournalEntry): UsageError {
  const earlier = earlierPurchase(entry);
  const sale = order.alternativeOf?.refId ?? order.refId;
  const earlierRef = earlier?.refId ?? entry.ref_id ?? "";
  const outcome = earlier ? earlierVerdict(earlier) : "unknown";
  const refusal = new UsageError((say) => say.alternatives.sentByAnotherRun(sale, order.refId, earlierRef, outcome), {
    code: "REPEATED_ORDER",
    details: {
      outcome: "not_sent",
      ref_id: order.refId,
      alternative_of: { ref_id: sale },
      ...(earlier ? earlierDetails(earlier) : { earlier_ref_id: earlierRef }),
    },
    suggestion: (say) => say.alternatives.sentByAnotherRunHint(earlierRef),
  });
  // The message names the purchase that stands and its outcome.
  refusal.saidInMessage = ["earlier_ref_id", "earlier_outcome"];
  return refusal;
}

/**
 * Alternatives the journal last saw bought but not yet delivered (`sold`, found for a file's rows),
 * asked of the service, their status noted, as a single buy asks of its --ref-id's: one whose
 * delivery failed since was refunded, and its row's sale is still to be made. Returns the ref_ids
 * the service says failed (records a plan may only read keep the status they had), or
 * undefined when none was asked. Unanswered, the journal's word stands.
 */
export async function askStandingAlternatives(
  ctx: Context,
  client: ServiceClient,
  sold: EarlierPurchase[],
): Promise<Set<string> | undefined> {
  const open = sold.filter(
    (p) => p.alternativeOf && p.outcome === "done" && !isFinal(p.status === undefined ? null : toStatus(p.status)),
  );
  if (open.length === 0) return undefined;
  const failed = new Set<string>();
  await inPool(open, 4, async (p) => {
    // Unanswered, the row stands on what the journal says.
    if (await failedSince(ctx, client, p.refId)) failed.add(p.refId);
  });
  return failed;
}

/**
 * Whether the service says an alternative bought before has failed its delivery since (refunded: its
 * sale is still to be made), its status noted. Undefined when the service (or a client for it) did not answer.
 */
export async function failedSince(
  ctx: Context,
  client: ServiceClient | Promise<ServiceClient>,
  refId: string,
): Promise<boolean | undefined> {
  try {
    const t = (await (await client).getTransaction(refId)).data;
    noteLatestStatus(ctx, t, refId);
    return verdictFacts(t).verdict === "delivery_failed";
  } catch {
    return undefined;
  }
}

/** What a result names of each order tried before the one that stands: `tried` in --json. */
export interface TriedOrder {
  ref_id: string;
  item_id: number;
  /** The item's name; empty when the service did not say it (an alternative it does not know). */
  item: string;
  outcome: Verdict;
  /** Why it was given up: the service's code, or `ABOVE_MAX_PRICE` for an alternative never sent. */
  code?: string;
  refunded?: number;
}

/**
 * The kept catalogue's entries for these ids (a few lines of the copy read through its id index), and
 * whether a copy was there at all: undefined when there is none, or no service or key to name it by.
 */
export function keptEntries(ctx: Context, ids: number[]): Map<number, CatalogueEntry> | undefined {
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (!baseUrl || !apiKey) return undefined;
  try {
    const entries = withKeptIds({ configDir, profile, baseUrl, apiKey }, (kept) => kept.entriesOf(ids));
    return entries ? new Map(entries.map((e) => [e.id, e])) : undefined;
  } catch {
    return undefined;
  }
}

/** An item as people name it: the live catalogue names a variant within its product (`25.000` of Pulsa Telkomsel). */
export function keptName(entry: CatalogueEntry | undefined): string | undefined {
  if (!entry) return undefined;
  const { product, name } = entry;
  return product && !name.toLowerCase().includes(product.toLowerCase()) ? `${product} ${name}` : name;
}

/** Whether the kept catalogue has this id; undefined when there is no copy to tell. */
export function keptHas(ctx: Context, ids: number[]): ((id: number) => boolean) | undefined {
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (!baseUrl || !apiKey) return undefined;
  try {
    const known = withKeptIds({ configDir, profile, baseUrl, apiKey }, (kept) => {
      const all = new Set(kept.ids);
      return new Set(ids.filter((id) => all.has(id)));
    });
    return known ? (id) => known.has(id) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The order of the `n`th alternative: the same quantity and customer (the line as typed, checked
 * again against the alternative's item) under `<ref>-altN`, linked to the original and sold at the
 * original's selling price. Skipped, never sent, when the service does not have the item, says it is
 * disrupted, the customer's data does not fit it, or it costs above the cap.
 */
export async function makeAlternative(
  client: ServiceClient,
  original: Order,
  line: LineInput,
  options: {
    n: number;
    id: number;
    cap: number;
    check: boolean;
    sellingPrices: (number | null)[] | undefined;
    /** Items fetched already (a file's rows share them). */
    items?: Map<number, Item>;
  },
): Promise<{ order: Order } | { skipped: TriedOrder; said: Wording }> {
  const { n, id, cap } = options;
  const refId = alternativeRefId(original.refId, n);
  // Why an alternative was skipped is a wording, said by whoever shows it.
  const skipped = (name: string, code: string, why: Wording, named: Wording = () => name) => ({
    skipped: { ref_id: refId, item_id: id, item: name, outcome: "not_sent" as const, code },
    said: (say: Parameters<Wording>[0]) => say.alternatives.cannotSell(named(say), why(say)),
  });
  let item = options.items?.get(id);
  if (!item) {
    try {
      item = await fetchItem(client, id);
      options.items?.set(id, item);
    } catch (error) {
      // Not known, not reachable, or a fault of ours: nothing is sent for it, and the row's result
      // (a file's other rows with it) is never lost to it.
      const code = error instanceof ResellerError ? error.code : "INTERNAL_ERROR";
      const why: Wording = (say) =>
        error instanceof ResellerError ? error.messageIn(say) : error instanceof Error ? error.message : String(error);
      // No name is known: `tried` says it by its id alone (item_id), the line on stderr in the reader's words.
      return skipped("", code, why, (say) => say.alternatives.named(id, undefined));
    }
  }
  if (item.disruption)
    return skipped(
      item.name,
      "PRODUCT_TEMPORARILY_UNAVAILABLE",
      (say) => say.serviceCodes.PRODUCT_TEMPORARILY_UNAVAILABLE.message,
    );
  let checked;
  try {
    checked = checkLineForms(item, line, "", { check: options.check });
  } catch (error) {
    if (!(error instanceof ResellerError)) throw error;
    return skipped(item.name, error.code, (say) => error.messageIn(say));
  }
  const order: Order = {
    refId,
    // Derived and fixed, as an orders file's: a REF_ID_ALREADY_EXIST for the same items is this order.
    refIdGiven: true,
    lines: [
      {
        item,
        quantity: line.quantity,
        ...(checked.note !== undefined ? { note: checked.note } : {}),
        ...(checked.typed ? { typed: checked.typed } : {}),
      },
    ],
    alternativeOf: {
      refId: original.refId,
      carts: cartLines(original),
      ...(options.sellingPrices ? { sellingPrices: options.sellingPrices } : {}),
    },
    ...(original.source ? { source: original.source } : {}),
  };
  const cost = orderTotal(order);
  if (cost > cap)
    return {
      skipped: { ref_id: refId, item_id: id, item: item.name, outcome: "not_sent", code: "ABOVE_MAX_PRICE" },
      said: (say) => say.alternatives.aboveMax(item.name, formatRupiah(cost), formatRupiah(cap)),
    };
  return { order };
}

/**
 * The order an alternative's journal entry was bought instead of (`alternative_of` in its request:
 * the original's ref_id and lines); none for any other order, or for a link of another shape (an
 * older release's, a damaged one), which is then shown as an ordinary order rather than failing.
 * With the journal at hand, the original's own entry adds its item's name and why it was given up.
 */
export function alternativeOf(
  entry: JournalEntry,
  journal?: { byRefId(refId: string): JournalEntry[] },
): AlternativeOf | undefined {
  const link = entry.request?.alternative_of;
  if (typeof link !== "object" || link === null) return undefined;
  const { ref_id, carts } = link as { ref_id?: unknown; carts?: unknown };
  if (typeof ref_id !== "string" || !ref_id) return undefined;
  const first: unknown = Array.isArray(carts) ? carts[0] : undefined;
  const itemId = typeof first === "object" && first !== null ? (first as { item_id?: unknown }).item_id : undefined;
  const found: AlternativeOf = { ref_id, ...(typeof itemId === "number" ? { item_id: itemId } : {}) };
  const original = journal?.byRefId(ref_id).find((e) => e.kind === "buy");
  if (!original) return found;
  const names = original.request?.item_names as Record<string, unknown> | undefined;
  const item = found.item_id !== undefined ? names?.[String(found.item_id)] : undefined;
  const givenUp: AlternativeOf["givenUp"] =
    original.verdict === "delivery_failed"
      ? "delivery_failed"
      : original.code === "PRODUCT_TEMPORARILY_UNAVAILABLE"
        ? "disrupted"
        : original.outcome === "refused" || original.outcome === "not_sent"
          ? original.outcome
          : undefined;
  return { ...found, ...(typeof item === "string" ? { item } : {}), ...(givenUp ? { givenUp } : {}) };
}
