/** `reseller alternatives set ITEM ALT [ALT…]`: an item's alternatives, first choice first, kept with the profile. */
import type { Context } from "../../context.js";
import { InputError } from "../../errors.js";
import { changeAlternatives, keptEntries, keptName, keptHas, maxAlternatives } from "../../orders/alternatives.js";
import { positiveInteger } from "../../rules/input.js";
import type { AlternativesSetOptions } from "./flags.js";

export async function run(ctx: Context, options: AlternativesSetOptions): Promise<void> {
  const words = ctx.say.alternatives;
  const item = positiveInteger("ITEM", options.item);
  const alternatives = options.alternatives.map((v) => positiveInteger("ALT", v));
  if (alternatives.length > maxAlternatives) throw new InputError(words.tooMany(maxAlternatives, alternatives.length));
  if (alternatives.includes(item)) throw new InputError(words.itself(item));
  const twice = alternatives.find((id, i) => alternatives.indexOf(id) !== i);
  if (twice !== undefined) throw new InputError(words.twice(twice));
  // Reviewed in advance means bought later without a question: an id with a typo must not get that far.
  const has = keptHas(ctx, [item, ...alternatives]);
  const unknown = has ? [item, ...alternatives].filter((id) => !has(id)) : [];
  if (unknown.length) throw new InputError(words.notKept(unknown.join(", ")), { suggestion: words.notKeptHint });
  const before = await changeAlternatives(ctx, (table) => ({ ...table, [String(item)]: alternatives }));
  if (ctx.output.mode === "json")
    return ctx.output.json({
      profile: ctx.settings.profile,
      item_id: item,
      alternatives,
      replaced: before[String(item)] !== undefined,
    });
  const kept = keptEntries(ctx, [item, ...alternatives]);
  const named = (id: number) => words.named(id, keptName(kept?.get(id)));
  ctx.output.success(words.set(named(item), alternatives.map(named).join(", ")));
}
