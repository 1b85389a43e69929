/** `reseller prices rules`: the profile's selling-price rules, the most specific first. */
import type { Context } from "../../context.js";
import { money } from "../../output/output.js";
import { markupWords, scopeWords } from "../../shop/price-rules.js";
import { shopProfile } from "../../shop/shop-profile.js";

const order = { item: 0, product: 1, category: 2, all: 3 } as const;

export async function run(ctx: Context): Promise<void> {
  const rules = [...shopProfile(ctx).rules].sort((a, b) => order[a.scope] - order[b.scope]);
  if (ctx.output.mode === "json") return ctx.output.json({ rules });
  if (rules.length === 0) return ctx.output.info(ctx.say.shop.noRules);
  const table = ctx.output.mode === "table";
  ctx.output.table(
    table
      ? [{ header: ctx.say.shop.ruleFor }, { header: ctx.say.shop.ruleMarkup }]
      : ["scope", "name", "markup", "round", "per"],
    rules.map((r) =>
      table
        ? [scopeWords(r, ctx.say.shop.scope), markupWords(r, ctx.say)]
        : [
            r.scope,
            r.scope === "item" ? String(r.item) : (r.name ?? ""),
            r.percent !== undefined ? `${r.percent}%` : String(r.amount),
            money(r.round ?? null),
            r.per ?? null,
          ],
    ),
  );
}
