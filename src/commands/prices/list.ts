/**
 * `reseller prices`: every item with its cost (the service's price), the selling price the profile's
 * rules make of it, and the margin; or, with --format, a price list for customers.
 */
import type { Context } from "../../context.js";
import type { CatalogueEntry } from "../../catalogue/cache.js";
import { checkCategory, findItems } from "../../catalogue/search.js";
import { keptUpToDate } from "../../catalogue/up-to-date.js";
import { tableRowsShown } from "../../catalogue/show.js";
import { money, type Cell } from "../../output/output.js";
import { scopeWords, sellingPrice } from "../../shop/price-rules.js";
import { shopProfile } from "../../shop/shop-profile.js";
import type { PriceListFormat } from "../../shop/price-list.js";

export interface PricesOptions {
  search?: string;
  category?: string;
  format?: PriceListFormat;
}

/** What a row sells, product first (`Pulsa Telkomsel 10.000`), the product said once when the name already has it. */
function itemWords(entry: CatalogueEntry): string {
  if (!entry.product || entry.name.toLowerCase().includes(entry.product.toLowerCase())) return entry.name;
  return `${entry.product} ${entry.name}`;
}

export async function run(ctx: Context, options: PricesOptions): Promise<void> {
  const shop = shopProfile(ctx);
  const kept = await keptUpToDate(ctx, { refresh: false, search: options.search });
  const entries = kept.entries();
  const found = findItems(entries, { search: options.search, category: options.category });
  if (found.length === 0 && options.category !== undefined) checkCategory(entries, options.category);
  const priced = found.map((entry) => {
    const { price, rule } = sellingPrice(shop.rules, entry);
    return {
      entry,
      selling: price,
      margin: price !== null && entry.price !== null ? price - entry.price : null,
      rule: rule ? scopeWords(rule) : null,
    };
  });

  if (options.format) {
    const { priceList } = await import("../../shop/price-list.js");
    const { shopTime } = await import("../../shop/shop-time.js");
    const listed = priced.filter((p) => p.selling !== null);
    const left = priced.length - listed.length;
    if (left > 0)
      ctx.output.warn(
        `${left} ${left === 1 ? "item has" : "items have"} no selling price and ${left === 1 ? "is" : "are"} left out: set one with \`reseller prices set --markup …\`.`,
      );
    const lines = listed.map(({ entry, selling }) => ({
      id: entry.id,
      category: entry.category,
      product: entry.product,
      name: entry.name,
      selling_price: selling!,
      sold_out: !entry.unlimited && entry.stock !== null && entry.stock <= 0,
    }));
    return ctx.output.document(
      priceList(options.format, lines, {
        ...(shop.shopName ? { shopName: shop.shopName } : {}),
        at: shopTime(ctx.now(), shop.timeZone),
      }),
    );
  }

  if (ctx.output.mode === "json")
    return ctx.output.json({
      server_time: kept.server_time,
      items: priced.map(({ entry, selling, margin, rule }) => ({
        ...entry,
        selling_price: selling,
        margin,
        rule,
      })),
    });
  if (priced.length === 0) return ctx.output.info(kept.count ? "No items match." : "The catalogue is empty.");
  const table = ctx.output.mode === "table";
  const shown = table ? priced.slice(0, tableRowsShown) : priced;
  ctx.output.table(
    table
      ? [
          { header: "ID" },
          { header: "Item", fit: "middle", min: 16 },
          { header: "Cost" },
          { header: "Selling price", short: "Sell" },
          { header: "Margin" },
        ]
      : ["id", "category", "product", "name", "cost", "selling_price", "margin"],
    shown.map(({ entry, selling, margin }): Cell[] =>
      table
        ? [entry.id, itemWords(entry), money(entry.price), money(selling), money(margin)]
        : [entry.id, entry.category, entry.product, entry.name, money(entry.price), money(selling), money(margin)],
    ),
  );
  if (!table) return;
  const unpriced = priced.filter((p) => p.selling === null).length;
  if (shown.length < priced.length)
    ctx.output.info(
      `The first ${shown.length} of ${priced.length} items. Narrow with --search or --category, or pipe for every row.`,
    );
  if (unpriced)
    ctx.output.info(
      `${unpriced} ${unpriced === 1 ? "item has" : "items have"} no selling price: \`reseller prices set --markup 10%\` sets one for every item.`,
    );
}
