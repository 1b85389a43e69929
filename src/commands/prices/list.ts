/**
 * `reseller prices`: every item with its cost (the service's price), the selling price the profile's
 * rules make of it, and the margin; or, with --format, a price list for customers in their language
 * (Indonesian unless --lang is given on the command line: the reseller's own language is not theirs).
 */
import type { Context } from "../../context.js";
import type { CatalogueEntry } from "../../catalogue/cache.js";
import { checkCategory, findItems } from "../../catalogue/search.js";
import { keptUpToDate } from "../../catalogue/up-to-date.js";
import { tableRowsShown } from "../../catalogue/show.js";
import { money, type Cell } from "../../output/output.js";
import { formatCount, listedPrice, scopeKey } from "../../shop/price-rules.js";
import { shopProfile } from "../../shop/shop-profile.js";
import { catalogueOf, type Messages } from "../../messages/messages.js";
import { itemName } from "../../domain/item-name.js";
import type { PricesOptions } from "./flags.js";

/** What a row sells, product first (`Pulsa Telkomsel 10.000`), the product said once when the name already has it. */
function itemWords(entry: CatalogueEntry): string {
  return itemName(entry.product, entry.name);
}

/** `1.000 × Instagram Followers Indonesia`, `Saldo DANA Bebas Nominal (+ nominal)`: what the prices are for. */
function packWords(entry: CatalogueEntry, per: number | null, say: Messages): string {
  if (per === null) return say.shop.plusAmount(itemWords(entry));
  return per > 1 ? `${formatCount(per)} × ${itemWords(entry)}` : itemWords(entry);
}

/**
 * A long list on a terminal goes through the pager (Context.paged), as `items` does: a catalogue's
 * prices are as many rows. A price list (--format) is not paged: it is text to copy whole.
 */
export function run(ctx: Context, options: PricesOptions): Promise<void> {
  return options.format ? listPrices(ctx, options) : ctx.paged(() => listPrices(ctx, options));
}

async function listPrices(ctx: Context, options: PricesOptions): Promise<void> {
  const shop = shopProfile(ctx);
  const kept = await keptUpToDate(ctx, { refresh: false, search: options.search });
  const entries = kept.entries();
  const found = findItems(entries, { search: options.search, category: options.category });
  if (found.length === 0 && options.category !== undefined) checkCategory(entries, options.category);
  // Each item priced as the customers' list shows it: a pack of per-unit items, the fee of an open amount.
  const priced = found.map((entry) => {
    const listed = listedPrice(shop.rules, entry);
    return {
      entry,
      cost: listed ? listed.cost : entry.price,
      selling: listed ? listed.price : null,
      margin: listed ? listed.price - listed.cost : null,
      per: listed ? listed.per : entry.open_amount ? null : 1,
      rule: listed ? scopeKey(listed.rule) : null,
    };
  });

  if (options.format) {
    const { priceList } = await import("../../shop/price-list.js");
    const { shopTime } = await import("../../shop/shop-time.js");
    const listed = priced.flatMap(({ selling, ...p }) => (selling === null ? [] : [{ ...p, selling }]));
    const left = priced.length - listed.length;
    if (left > 0) ctx.output.warn(ctx.say.shop.leftOut(left));
    const lines = listed.map(({ entry, selling, per }) => ({
      id: entry.id,
      category: entry.category,
      product: entry.product,
      name: entry.name,
      selling_price: selling,
      per,
      min_order: entry.min_order,
      stock: entry.unlimited ? null : entry.stock,
      sold_out: !entry.unlimited && entry.stock !== null && entry.stock <= 0,
    }));
    const lang = options.lang ?? "id";
    return ctx.output.document(
      priceList(
        options.format,
        lines,
        { ...(shop.shopName ? { shopName: shop.shopName } : {}), at: shopTime(ctx.now(), shop.timeZone) },
        { lang, words: catalogueOf(lang).shop.priceList },
      ),
    );
  }

  if (ctx.output.mode === "json")
    return ctx.output.json({
      server_time: kept.server_time,
      items: priced.map(({ entry, cost, selling, margin, per, rule }) => ({
        ...entry,
        per,
        cost,
        selling_price: selling,
        margin,
        rule,
      })),
    });
  if (priced.length === 0) return ctx.output.info(kept.count ? ctx.say.shop.noItemsMatch : ctx.say.shop.catalogueEmpty);
  const table = ctx.output.mode === "table";
  const shown = table ? priced.slice(0, tableRowsShown) : priced;
  ctx.output.table(
    table
      ? [
          { header: ctx.say.headings.id },
          { header: ctx.say.headings.item, fit: "middle", min: 16 },
          { header: ctx.say.shop.cost },
          { header: ctx.say.shop.sellingPrice, short: ctx.say.shop.sellingPriceShort },
          { header: ctx.say.shop.margin },
        ]
      : ["id", "category", "product", "name", "cost", "selling_price", "margin", "per"],
    shown.map(({ entry, cost, selling, margin, per }): Cell[] =>
      table
        ? [entry.id, packWords(entry, per, ctx.say), money(cost), money(selling), money(margin)]
        : [entry.id, entry.category, entry.product, entry.name, money(cost), money(selling), money(margin), per],
    ),
  );
  if (!table) return;
  const unpriced = priced.filter((p) => p.selling === null).length;
  if (shown.length < priced.length) ctx.output.info(ctx.say.shop.firstOf(shown.length, priced.length));
  if (unpriced) ctx.output.info(ctx.say.shop.unpriced(unpriced));
}
