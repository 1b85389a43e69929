/**
 * What the shop keeps in its profile besides the service's settings: its name for customers, its
 * time zone, its selling-price rules. A damaged file is met by the command that needs it, as
 * with every stored setting.
 */
import type { Context } from "../context.js";
import { defaultTimeZone } from "./shop-time.js";
import { priceRulesKey, rulesOf, type PriceRule } from "./price-rules.js";

export interface ShopProfile {
  shopName: string | undefined;
  timeZone: string;
  rules: PriceRule[];
}

export function shopProfile(ctx: Context): ShopProfile {
  const shopName = ctx.settings.setting("shop_name").value?.trim();
  return {
    shopName: shopName || undefined,
    // The table's default stands behind every read; the type only does not know it.
    timeZone: ctx.settings.setting("time_zone").value ?? defaultTimeZone,
    rules: rulesOf(ctx.config.profile(ctx.settings.profile)),
  };
}

/**
 * The profile's rules changed by `change`, everything else in it kept. The rules are read again under
 * the config's lock: two `prices set` at once would otherwise each save the list it read at its start,
 * and one rule would be lost. Returns the rules as they stood before.
 */
export async function changeRules(ctx: Context, change: (rules: PriceRule[]) => PriceRule[]): Promise<PriceRule[]> {
  let before: PriceRule[] = [];
  await ctx.config.changeProfile(ctx.settings.profile, (stored) => {
    before = rulesOf(stored);
    const rules = change(before);
    return { [priceRulesKey]: rules.length ? rules : undefined };
  });
  return before;
}
