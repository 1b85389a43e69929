/**
 * What the customer's side of a sale needs kept with the purchase in the journal: the selling price
 * in force when the order is sent (a rule changed later never rewrites what an old sale was sold
 * for) and the account name the check found (receipts and the report read them there).
 */
import type { Transaction } from "../api/model.js";
import type { Context } from "../context.js";
import { journalFor } from "../journal/request.js";
import { unitPrice, type Order } from "../orders/order.js";
import { openAmountOf } from "../orders/check-line.js";
import { withKeptIds } from "../catalogue/id-index.js";
import type { CatalogueEntry } from "../catalogue/cache.js";
import { sellingPrice, type PriceRule } from "./price-rules.js";
import type { KeptSale } from "./receipt.js";
import { shopProfile } from "./shop-profile.js";

/**
 * `{selling_prices: [13500, null]}`: each line's selling price (for its whole quantity), in the order
 * of its carts (null where no rule prices it); nothing when no line has one. A config file that cannot
 * be read never stops a purchase: the sale is then kept without a selling price.
 */
export function saleFactsOf(
  ctx: Context,
  order: Order,
): { selling_prices?: (number | null)[]; account_names?: (string | null)[] } {
  const names = order.accountNames?.some((n) => n) ? { account_names: order.accountNames } : {};
  // An alternative is sold at the price the customer was quoted for the order it stands in for.
  const quoted = order.alternativeOf?.sellingPrices;
  const prices = quoted?.some((p) => p !== null) ? { selling_prices: quoted } : sellingPricesOf(ctx, order);
  return { ...prices, ...names };
}

export function sellingPricesOf(ctx: Context, order: Order): { selling_prices?: (number | null)[] } {
  let rules: ReturnType<typeof shopProfile>["rules"];
  try {
    rules = shopProfile(ctx).rules;
  } catch {
    return {};
  }
  if (rules.length === 0) return {};
  const kept = keptNames(ctx, order, rules);
  const prices = order.lines.map((line) => {
    const named = kept.get(line.item.id);
    const item = {
      id: line.item.id,
      category: line.item.category ?? named?.category ?? null,
      product: line.item.productName ?? named?.product ?? null,
      price: line.item.price,
    };
    // An open amount sells at the amount named plus the marked-up fee, as the price list says
    // (`nominal + Rp 1.500`): a percentage of the customer's own amount is no shop's price.
    const amount = openAmountOf(line.item, line.note);
    if (amount !== undefined) {
      const fee = sellingPrice(rules, item).price;
      return fee === null ? null : (amount + fee) * line.quantity;
    }
    // The whole line priced at once: 300 followers at Rp 35 rounded up to Rp 500 each would be absurd.
    return sellingPrice(rules, item, line.item.price === null ? null : unitPrice(line) * line.quantity).price;
  });
  return prices.some((p) => p !== null) ? { selling_prices: prices } : {};
}

/**
 * The live service's answer for one item names no product: a product's rule then finds the product
 * in the kept catalogue (its id index: a few lines read, not the whole copy). Nothing is read when no
 * rule needs it.
 */
function keptNames(ctx: Context, order: Order, rules: readonly PriceRule[]): Map<number, CatalogueEntry> {
  const needed = order.lines
    .filter(
      (l) =>
        (l.item.productName === null && rules.some((r) => r.scope === "product")) ||
        (l.item.category === null && rules.some((r) => r.scope === "category")),
    )
    .map((l) => l.item.id);
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (needed.length === 0 || !baseUrl || !apiKey) return new Map();
  try {
    const entries = withKeptIds({ configDir, profile, baseUrl, apiKey }, (kept) => kept.entriesOf(needed)) ?? [];
    return new Map(entries.map((e) => [e.id, e]));
  } catch {
    return new Map();
  }
}

/** What the receipt of an order just sent needs: the same facts the journal keeps with it. */
export function saleOf(ctx: Context, order: Order): KeptSale {
  return {
    carts: order.lines.map((line) => ({ item_id: line.item.id, quantity: line.quantity })),
    ...saleFactsOf(ctx, order),
  };
}

/** What the journal kept of a sale made from this machine: its carts, selling prices and account names. */
export function keptSaleOf(ctx: Context, t: Transaction): KeptSale | undefined {
  const journal = journalFor(ctx);
  const entries = [
    ...(t.refId ? journal.byRefId(t.refId) : []),
    ...(t.invoice ? journal.byInvoice(t.invoice) : []),
  ].filter((e) => e.kind === "buy" && Array.isArray(e.request.carts));
  return entries[0]?.request as unknown as KeptSale | undefined;
}
