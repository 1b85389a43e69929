/** `reseller prices unset [--category|--product|--item]`: drop a selling-price rule. */
import type { Context } from "../../context.js";
import { InputError } from "../../errors.js";
import { sameScope, scopeKey, scopeWords, type PriceRule } from "../../shop/price-rules.js";
import { changeRules, shopProfile } from "../../shop/shop-profile.js";
import { scopeOf } from "./scope.js";
import type { ScopeOptions } from "./flags.js";

export async function run(ctx: Context, options: ScopeOptions): Promise<void> {
  const scope = scopeOf(options) as PriceRule;
  const noSuchRule = () =>
    new InputError(ctx.say.shop.noSuchRule(scopeWords(scope, ctx.say.shop.scope)), {
      suggestion: ctx.say.shop.seeRules,
    });
  // Said before the lock is waited for, and again should another reseller have removed it meanwhile.
  if (!shopProfile(ctx).rules.some((r) => sameScope(r, scope))) throw noSuchRule();
  const before = await changeRules(ctx, (rules) => rules.filter((r) => !sameScope(r, scope)));
  if (!before.some((r) => sameScope(r, scope))) throw noSuchRule();
  if (ctx.output.mode === "json") ctx.output.json({ profile: ctx.settings.profile, removed: scopeKey(scope) });
  else ctx.output.success(ctx.say.shop.ruleRemoved(scopeWords(scope, ctx.say.shop.scope)));
}
