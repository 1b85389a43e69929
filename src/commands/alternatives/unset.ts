/** `reseller alternatives unset ITEM`: forget an item's alternatives. */
import type { Context } from "../../context.js";
import { InputError } from "../../errors.js";
import { changeAlternatives, keptEntries, keptName, storedAlternatives } from "../../orders/alternatives.js";
import { positiveInteger } from "../../rules/input.js";
import type { AlternativesUnsetOptions } from "./flags.js";

export async function run(ctx: Context, options: AlternativesUnsetOptions): Promise<void> {
  const words = ctx.say.alternatives;
  const item = positiveInteger("ITEM", options.item);
  const named = words.named(item, keptName(keptEntries(ctx, [item])?.get(item)));
  const none = () => new InputError(words.noneFor(named), { suggestion: words.seeThem });
  // Said before the lock is waited for, and again should another reseller have removed them meanwhile.
  if (!storedAlternatives(ctx)[String(item)]) throw none();
  const before = await changeAlternatives(ctx, (table) => {
    delete table[String(item)];
    return table;
  });
  if (!before[String(item)]) throw none();
  if (ctx.output.mode === "json") ctx.output.json({ profile: ctx.settings.profile, removed: item });
  else ctx.output.success(words.removed(named));
}
