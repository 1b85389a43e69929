/** Which items a `prices set` or `prices unset` is about: one of --category, --product, --item, or every item. */
import { UsageError } from "../../errors.js";
import type { PriceRule } from "../../shop/price-rules.js";
import type { ScopeOptions } from "./flags.js";

export function scopeOf(options: ScopeOptions): Pick<PriceRule, "scope" | "name" | "item"> {
  const given = (["category", "product", "item"] as const).filter((k) => options[k] !== undefined);
  if (given.length > 1)
    throw new UsageError((say) => say.shop.oneScope(given.map((k) => `--${k}`).join(", ")), {
      suggestion: (say) => say.shop.oneScopeHint,
    });
  if (options.item !== undefined) return { scope: "item", item: options.item };
  if (options.product !== undefined) return { scope: "product", name: options.product.trim() };
  if (options.category !== undefined) return { scope: "category", name: options.category.trim() };
  return { scope: "all" };
}
