/**
 * What `buy --alternatives` says and decides around each order it tries: which alternatives an item
 * has, the price cap, the alternative's order (its ref_id derived from the original's, the same
 * customer), and the words for each step. Loaded only with --alternatives, when an item is refused
 * as disrupted, when a --ref-id was sold as its alternative, or by a plan: a plain buy never reads it.
 */
import type { ServiceClient } from "../../api/client.js";
import type { Context } from "../../context.js";
import { boughtElsewhere, type JournalEntry } from "../../journal/entries.js";
import type { Messages } from "../../messages/messages.js";
import { ResellerError, type ServiceError, UsageError, type Wording } from "../../errors.js";
import { recordedRefund, verdictAside, type OrderVerdict, type Verdict } from "../../domain/verdict.js";
import { isFinal, toStatus } from "../../api/status.js";
import { noteLatestStatus, verdictFacts } from "../../journal/request.js";
import {
  alternativesFor,
  boughtAlternative,
  costNothing,
  failedSince,
  failureCostNothing,
  keptEntries,
  keptName,
  makeAlternative,
  type TriedOrder,
  sameAlternative,
  sameSale,
} from "../../orders/alternatives.js";
import { formatRupiah } from "../../output/format.js";
import type { BuyRequest } from "../../orders/buy-request.js";
import { orderTotal, type Order } from "../../orders/order.js";
import type { Purchase } from "../../orders/purchase.js";
import {
  earlierNotFound,
  earlierPurchase,
  earlierVerdict,
  endedPurchase,
  type EarlierPurchase,
  type ReadFor,
} from "../../orders/repeats.js";
import { readCatalogue } from "../../catalogue/cache.js";
import { sellingPricesOf } from "../../shop/selling.js";

type SingleRequest = Extract<BuyRequest, { kind: "single" }>;

const firstLine = (order: Order) => {
  const [line] = order.lines;
  if (!line) throw new Error("internal error: an order without its line");
  return line;
};

const nameOf = (order: Order) => firstLine(order).item.name;

/**
 * The alternative that stands for a --ref-id's sale (`entry`, found by `boughtAlternative`), asked of
 * the service first when the journal last saw it bought but not yet delivered, here or by an earlier
 * run elsewhere (`boughtElsewhere`): a delivery that failed since was refunded, and the sale is then
 * still to be made. Its status is noted, and the look-up made again (read only for a plan);
 * unanswered, the journal's word stands.
 */
export async function standingAlternative(
  ctx: Context,
  refId: string,
  entry: JournalEntry,
  readFor: ReadFor = "buying",
): Promise<JournalEntry | undefined> {
  const status = entry.status === undefined ? null : toStatus(entry.status);
  const elsewhere = boughtElsewhere(entry);
  if ((entry.outcome !== "done" && !elsewhere) || isFinal(status) || !entry.ref_id) return entry;
  const failed = await failedSince(ctx, ctx.client(), entry.ref_id);
  if (failed === undefined) return entry;
  // Its status is noted above, but a plan's records may be read only: the service's word says whether it stands.
  return boughtAlternative(ctx, refId, readFor, elsewhere && failed ? entry.ref_id : undefined);
}

/** Another order under a ref_id whose sale was sold as its alternative: the ref_id is used, nothing sent. */
export function soldForAnother(refId: string, altRefId: string): UsageError {
  return new UsageError((say) => say.alternatives.soldForAnother(refId, altRefId), {
    code: "REF_ID_ALREADY_EXIST",
    details: { outcome: "not_sent", ref_id: refId, already_bought: altRefId },
    suggestion: (say) => say.orders.buying.refIdUsedHint(altRefId),
  });
}

/**
 * The alternative that stands for a --ref-id's sale (the journal's `entry`, found by
 * `boughtAlternative`), once it has ended: one another live process is still buying is waited for, as
 * a file's row's is (`endedPurchase`), and Ctrl-C stops the run. Undefined when it came to nothing
 * (refused, not sent): the order is then sent as any other.
 */
export function endedAlternative(
  ctx: Context,
  order: Order,
  entry: JournalEntry,
): Promise<EarlierPurchase | undefined> {
  const found = earlierPurchase(entry);
  if (!found) return Promise.resolve(undefined);
  return endedPurchase(ctx, found, {
    onWaiting: () => ctx.output.info(ctx.say.alternatives.waitingForOther(order.refId, found.refId)),
    interruptible: true,
  });
}

/**
 * A --ref-id sold before as its alternative (`<ref>-altN`, as `endedAlternative` found it): said on
 * stderr, and returned as the purchase that stands, for the caller to print as any buy's result;
 * nothing is sent.
 */
export function soldAsAlternative(
  ctx: Context,
  order: Order,
  earlier: EarlierPurchase,
): { bought: Purchase; judged: OrderVerdict } {
  const { refId } = order;
  if (!sameSale(order, earlier)) throw soldForAnother(refId, earlier.refId);
  const verdict = earlierVerdict(earlier);
  // Money given back is said as a buy's result says it: `refunded`, and the net beside the amount.
  const refunded = recordedRefund(verdict, earlier);
  const judged: OrderVerdict = { verdict, ...(refunded !== undefined ? { refunded } : {}) };
  ctx.output.warn(
    earlier.notFound
      ? ctx.say.alternatives.soldMaybe(refId, earlier.refId)
      : ctx.say.alternatives.soldBefore(
          refId,
          earlier.refId,
          earlier.item?.name ?? "",
          verdictAside(verdict, refunded, formatRupiah, ctx.say),
        ),
  );
  const bought: Purchase = {
    refId: earlier.refId,
    invoice: earlier.invoice ?? null,
    status: toStatus(earlier.status),
    amount: earlier.amount ?? null,
    // The journal's time of the purchase: the service's own is a moment after it.
    createdAt: earlier.at,
    body: {
      ref_id: earlier.refId,
      sent: false,
      already_bought: earlier.refId,
      ...earlierNotFound(earlier),
      alternative_of: { ref_id: refId },
      ...(earlier.invoice !== undefined ? { invoice: earlier.invoice } : {}),
      ...(earlier.amount !== undefined ? { amount: earlier.amount } : {}),
    },
    recovered: false,
    earlier: true,
  };
  return { bought, judged };
}

/**
 * An alternative the service held already under its ref_id (it refused it as REF_ID_ALREADY_EXIST, and
 * the look-up found this order: an earlier run of the same sale bought it). Its delivery failed and was
 * refunded whole, for this very order (item, quantity and customer each said): it cost nothing, and is
 * thrown `held` so the next alternative is tried; the last one (`holdRefunded` unset) is the run's
 * result, returned with its `failure` to throw once printed, as a fresh purchase failing under --wait
 * is. Otherwise it is the sale, bought, delivered, pending or partial: said as sold before, nothing
 * bought now (`sent: true`, `already_bought`), and its exit code.
 */
export async function heldAlternative(
  ctx: Context,
  order: Order,
  bought: Purchase,
  given: { holdRefunded?: boolean; held?: { judged: OrderVerdict; amount: number | undefined } },
): Promise<{ bought: Purchase; judged: OrderVerdict; failure?: ResellerError }> {
  const t = bought.detail?.data;
  const amount = t?.amount ?? bought.amount ?? undefined;
  // Judged as it stands now, final or not: an earlier run's purchase may be delivered already.
  const judged: OrderVerdict = t ? verdictFacts(t) : { verdict: "bought" };
  const { verdict, refunded } = judged;
  if (t) noteLatestStatus(ctx, t, order.refId);
  const original = order.alternativeOf?.refId ?? "";
  let failure: ResellerError | undefined;
  if (t && verdict === "delivery_failed" && costNothing(verdict, 1, amount, refunded) && sameAlternative(t, order))
    failure = (await import("../../output/transaction.js")).deliveryFailure(t, refunded);
  if (failure) {
    ctx.output.warn(
      ctx.say.alternatives.failedBefore(nameOf(order), order.refId, formatRupiah(refunded ?? amount ?? 0)),
    );
    if (given.holdRefunded) {
      given.held = { judged, amount };
      throw failure;
    }
  } else
    ctx.output.warn(
      ctx.say.alternatives.soldBefore(
        original,
        order.refId,
        nameOf(order),
        verdictAside(verdict, refunded, formatRupiah, ctx.say),
      ),
    );
  // An answer that does not name this very order may be another sale's: failing while waited for, it is the result.
  if (!t || !sameAlternative(t, order)) given.holdRefunded = false;
  const result: Purchase = {
    ...bought,
    body: {
      ref_id: order.refId,
      // Sent, and refused as a ref_id the service holds: a file's row found so says the same.
      sent: true,
      already_bought: order.refId,
      ...(bought.invoice !== null ? { invoice: bought.invoice } : {}),
      ...(amount !== undefined ? { amount } : {}),
      alternative_of: { ref_id: original },
    },
  };
  return { bought: result, judged, ...(failure ? { failure } : {}) };
}

/** A failure, or a delivery held back as failed and refunded whole: whether the next alternative may be bought. */
export function costNothingAfter(
  error: unknown,
  held: { judged: OrderVerdict; amount: number | undefined } | undefined,
) {
  if (held) return costNothing(held.judged.verdict, 1, held.amount, held.judged.refunded);
  return failureCostNothing(error);
}

export function alternativesOf(ctx: Context, order: Order): number[] {
  return alternativesFor(ctx, firstLine(order).item.id);
}

export function noneKept(order: Order, say: Messages): string {
  return say.alternatives.noneKept(firstLine(order).item.id);
}

export function noneLeft(original: Order, say: Messages): string {
  return say.alternatives.noneLeft(nameOf(original));
}

/**
 * The most an alternative may cost: --max-price, else what the customer pays for the original (its
 * selling price), else the original's cost, so the shop never sells at a loss without being told.
 */
export function priceCap(ctx: Context, original: Order, maxPrice: number | undefined): number {
  if (maxPrice !== undefined) return maxPrice;
  return sellingPricesOf(ctx, original).selling_prices?.[0] ?? orderTotal(original);
}

/** Why the order before was given up, in the words of the line that says what is tried next. */
export function reasonOf(error: unknown, held: unknown, say: Messages): { why: string; whyPast: string } {
  const words = say.alternatives;
  if (held) return { why: words.why.deliveryFailed, whyPast: words.whyPast.deliveryFailed };
  const code = error instanceof ResellerError ? error.code : "";
  if (code === "PRODUCT_TEMPORARILY_UNAVAILABLE") return { why: words.why.disrupted, whyPast: words.whyPast.disrupted };
  if (error instanceof ResellerError && error.details?.outcome === "not_sent")
    return { why: words.why.notSent(code), whyPast: words.whyPast.notSent };
  return { why: words.why.refused(code), whyPast: words.whyPast.refused };
}

export function triedOf(order: Order, error: unknown, held?: { judged: OrderVerdict }): TriedOrder {
  const line = firstLine(order);
  const outcome = (
    held ? held.judged.verdict : error instanceof ResellerError ? error.details?.outcome : "refused"
  ) as Verdict;
  const refunded = held?.judged.refunded;
  return {
    ref_id: order.refId,
    item_id: line.item.id,
    item: line.item.name,
    outcome,
    ...(error instanceof ResellerError ? { code: error.code } : {}),
    ...(refunded !== undefined ? { refunded } : {}),
  };
}

export function trying(
  original: Order,
  reason: { why: string },
  order: Order,
  n: number,
  of: number,
  say: Messages,
): string {
  return say.alternatives.trying(nameOf(original), reason.why, nameOf(order), n, of);
}

export function instead(original: Order, order: Order, reason: { whyPast: string }, say: Messages): string {
  return say.alternatives.boughtInstead(nameOf(order), nameOf(original), reason.whyPast);
}

/** What --json adds to the alternative's result: the order it stands in for, and every order tried before it. */
export function extraOf(original: Order, tried: TriedOrder[]): Record<string, unknown> {
  const line = firstLine(original);
  return {
    alternative_of: { ref_id: original.refId, item_id: line.item.id, item: line.item.name },
    tried: [...tried],
  };
}

/** The `n`th alternative of a single buy's order, or why it is skipped (src/orders/alternatives.ts). */
export async function alternativeOrder(
  ctx: Context,
  client: ServiceClient,
  original: Order,
  request: SingleRequest,
  n: number,
  id: number,
  cap: number,
): Promise<{ order: Order } | { skipped: TriedOrder; said: Wording }> {
  return makeAlternative(
    client,
    original,
    { ...request.line, quantity: firstLine(original).quantity },
    {
      n,
      id,
      cap,
      check: request.check,
      sellingPrices: sellingPricesOf(ctx, original).selling_prices,
    },
  );
}

/**
 * A disrupted item's refusal names what could be sold instead: the alternatives kept for it (and how
 * to buy them), else items of the same product the kept catalogue has and the service sells now.
 */
export function nameAlternatives(ctx: Context, error: ServiceError, order: Order): void {
  if (order.lines.length > 1) return nameCartAlternatives(ctx, error, order);
  const words = ctx.say.alternatives;
  const { item } = firstLine(order);
  const ids = alternativesFor(ctx, item.id);
  if (ids.length) {
    const kept = keptEntries(ctx, ids);
    error.suggestion = words.keptFor(ids.map((id) => words.named(id, keptName(kept?.get(id)))).join(", "));
    error.details = { ...(error.details ?? {}), alternatives: ids };
    return;
  }
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  let candidates = "";
  try {
    const product = item.productName ?? keptEntries(ctx, [item.id])?.get(item.id)?.product ?? null;
    const catalogue = product && baseUrl && apiKey ? readCatalogue({ configDir, profile, baseUrl, apiKey }) : undefined;
    candidates = (catalogue?.entries() ?? [])
      .filter((e) => e.product === product && e.id !== item.id && !e.disrupted && (e.unlimited || (e.stock ?? 0) > 0))
      .slice(0, 3)
      .map((e) => words.named(e.id, keptName(e)))
      .join(", ");
  } catch {
    // The refusal is said without candidates.
  }
  error.suggestion = words.noneKeptHint(item.id, candidates);
}

/**
 * A cart refused as disrupted names the lines whose items the service reported disrupted when the
 * cart was read, each with its alternatives: not its first line's, and never `buy --cart
 * --alternatives`, which a cart does not take (it is bought whole, so the reseller replaces a line).
 */
function nameCartAlternatives(ctx: Context, error: ServiceError, order: Order): void {
  const words = ctx.say.alternatives;
  const disrupted = order.lines.flatMap((line, i) =>
    line.item.disruption ? [{ line: i + 1, item: line.item, ids: alternativesFor(ctx, line.item.id) }] : [],
  );
  if (disrupted.length === 0) {
    error.suggestion = words.cartDisruptedUnnamed;
    return;
  }
  const kept = keptEntries(
    ctx,
    disrupted.flatMap((d) => d.ids),
  );
  const named = (ids: number[]) => ids.map((id) => words.named(id, keptName(kept?.get(id)))).join(", ");
  error.suggestion = words.cartDisrupted(
    disrupted.map((d) => words.cartLine(ctx.say.orders.file.cartPlace(d.line), d.item.name, named(d.ids))).join("; "),
  );
  error.details = {
    ...(error.details ?? {}),
    disrupted: disrupted.map((d) => ({ line: d.line, item_id: d.item.id, alternatives: d.ids })),
  };
}
