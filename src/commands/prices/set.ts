/** `reseller prices set --markup 10%|1500 [--category|--product|--item] [--round 500]`: a selling-price rule. */
import type { Context } from "../../context.js";
import { readCatalogue } from "../../catalogue/cache.js";
import { markupWords, sameScope, scopeWords, ruleFor, type PriceRule } from "../../shop/price-rules.js";
import { changeRules } from "../../shop/shop-profile.js";
import { scopeOf } from "./scope.js";
import type { PricesSetOptions } from "./flags.js";

export async function run(ctx: Context, options: PricesSetOptions): Promise<void> {
  const rule: PriceRule = {
    ...scopeOf(options),
    ...options.markup,
    ...(options.round !== undefined ? { round: options.round } : {}),
    ...(options.per !== undefined ? { per: options.per } : {}),
  };
  const before = await changeRules(ctx, (rules) => [...rules.filter((r) => !sameScope(r, rule)), rule]);
  const replaced = before.some((r) => sameScope(r, rule));
  if (ctx.output.mode === "json") ctx.output.json({ profile: ctx.settings.profile, rule, replaced });
  else ctx.output.success(ctx.say.shop.ruleSet(scopeWords(rule, ctx.say.shop.scope), markupWords(rule, ctx.say)));
  warnWhenNothingMatches(ctx, rule);
}

/** A category or product name with a typo would price nothing: said at once, from the kept copy alone. */
function warnWhenNothingMatches(ctx: Context, rule: PriceRule): void {
  if (rule.scope === "all") return;
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (!baseUrl || !apiKey) return;
  const kept = readCatalogue({ configDir, profile, baseUrl, apiKey });
  if (!kept) return;
  const matched = kept.entries().some((entry) => ruleFor([rule], entry) !== undefined);
  if (!matched)
    ctx.output.warn(
      ctx.say.shop.nothingInScope(
        scopeWords(rule, ctx.say.shop.scope),
        `${new Date(kept.synced_at).toISOString().slice(0, 16)}Z`,
      ),
    );
}
