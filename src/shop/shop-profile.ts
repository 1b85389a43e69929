/**
 * What the shop keeps in its profile besides the service's settings: its name for customers, its
 * time zone, its selling-price rules. A damaged file is met by the command that needs it, as
 * with every stored setting.
 */
import type { Context } from "../context.js";
import { defaultTimeZone, isTimeZone } from "./shop-time.js";
import { priceRulesKey, rulesOf, type PriceRule } from "./price-rules.js";

export interface ShopProfile {
  shopName: string | undefined;
  timeZone: string;
  rules: PriceRule[];
}

export function shopProfile(ctx: Context): ShopProfile {
  const stored = ctx.config.profile(ctx.settings.profile);
  const shopName = ctx.settings.setting("shop_name").value;
  const name = typeof shopName === "string" && shopName.trim() ? shopName.trim() : undefined;
  const zone =
    typeof stored.time_zone === "string" && isTimeZone(stored.time_zone) ? stored.time_zone : defaultTimeZone;
  return { shopName: name, timeZone: zone, rules: rulesOf(stored) };
}

/** The rules saved in place of the profile's, everything else in it kept. */
export async function saveRules(ctx: Context, rules: PriceRule[]): Promise<void> {
  await ctx.config.changeProfile(ctx.settings.profile, { [priceRulesKey]: rules.length ? rules : undefined });
}
