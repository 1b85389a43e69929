/** `reseller alternatives [list]`: each item's alternatives, in the order `buy --alternatives` tries them. */
import type { Context } from "../../context.js";
import { keptEntries, keptName, storedAlternatives } from "../../orders/alternatives.js";

export async function run(ctx: Context): Promise<void> {
  const table = storedAlternatives(ctx);
  const items = Object.keys(table)
    .map(Number)
    .sort((a, b) => a - b);
  const ids = [...new Set(items.flatMap((id) => [id, ...(table[String(id)] ?? [])]))];
  const kept = ids.length ? keptEntries(ctx, ids) : undefined;
  const nameOf = (id: number) => keptName(kept?.get(id));
  const words = ctx.say.alternatives;
  if (ctx.output.mode === "json")
    return ctx.output.json({
      profile: ctx.settings.profile,
      alternatives: items.map((id) => ({
        item_id: id,
        item: nameOf(id) ?? null,
        alternatives: (table[String(id)] ?? []).map((alt) => ({ item_id: alt, item: nameOf(alt) ?? null })),
      })),
    });
  if (items.length === 0) return ctx.output.info(words.noneYet);
  if (ctx.output.mode === "plain")
    return ctx.output.table(
      [],
      items.flatMap((id) =>
        (table[String(id)] ?? []).map((alt, i) => [
          String(id),
          String(i + 1),
          String(alt),
          nameOf(id) ?? "",
          nameOf(alt) ?? "",
        ]),
      ),
    );
  ctx.output.table(
    [{ header: words.item }, { header: words.alternatives }],
    items.map((id) => [
      words.named(id, nameOf(id)),
      (table[String(id)] ?? []).map((alt, i) => `${i + 1}. ${words.named(alt, nameOf(alt))}`).join("\n"),
    ]),
  );
}
