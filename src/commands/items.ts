/**
 * `reseller items`: the catalogue, one row per buyable variant, found in a copy kept in the config
 * dir. A copy younger than a minute is used as it is; an older one is first brought up to date with only what changed since
 * (`updated_since`); `--refresh` fetches everything again.
 */
import type { Context } from "../context.js";
import { UsageError } from "../errors.js";
import { money } from "../output/output.js";
import { readCatalogue, type CatalogueOwner, type KeptCatalogue } from "../catalogue/cache.js";
import { showItems } from "../catalogue/show.js";
import { bringUpToDate, catalogueOwner, keptUpToDate } from "../catalogue/up-to-date.js";
import { relativeHint } from "../output/format.js";
import type { ItemsCommandOptions } from "./items/flags.js";

/** A long list on a terminal goes through the pager (Context.paged). */
export function run(ctx: Context, options: ItemsCommandOptions): Promise<void> {
  return ctx.paged(() => listItems(ctx, options));
}

async function listItems(ctx: Context, options: ItemsCommandOptions): Promise<void> {
  const now = ctx.now();
  if (options.changes) {
    const owner = await catalogueOwner(ctx);
    return showChanges(ctx, owner, readCatalogue(owner), options, now);
  }
  const kept = await keptUpToDate(ctx, options, now);
  // Piped rows keep their columns; a person and --json are told what failed here lately.
  showItems(ctx.output, kept, options, now, ctx.output.mode === "plain" ? new Map() : await failedHere(ctx, now));
}

/** What this machine saw fail in the last hour; a journal that cannot be read marks nothing. */
async function failedHere(ctx: Context, now: number) {
  const { recentFailures } = await import("../journal/recent-failures.js");
  try {
    return await recentFailures(ctx.settings, now);
  } catch {
    return new Map();
  }
}

/**
 * The copy brought up to date whatever its age, then compared with the summary the last `--changes`
 * kept (the first time, with the copy as it was before this sync). Nothing printed when nothing
 * changed, so a cron job mails only news.
 */
async function showChanges(
  ctx: Context,
  owner: CatalogueOwner,
  kept: KeptCatalogue | undefined,
  options: ItemsCommandOptions,
  now: number,
): Promise<void> {
  if (options.search !== undefined || options.category !== undefined || options.process !== undefined)
    throw new UsageError(ctx.say.catalogue.changesTakeNoFilter, { suggestion: ctx.say.catalogue.changesFilterHint });
  const { readSummary, summarise, compareSummaries, keepSummary } = await import("../catalogue/changes.js");
  const before = readSummary(owner) ?? (kept ? summarise(kept.entries(), kept.synced_at) : undefined);
  const current = await bringUpToDate(ctx, owner, kept, options, now);
  const after = summarise(current.entries(), current.synced_at);
  const changes = before ? compareSummaries(before, after) : [];
  const unkept = keepSummary(owner, after);
  if (unkept) ctx.output.warn(ctx.say.catalogue.pricesNotKept(unkept.message));
  const since = before ? new Date(before.synced_at).toISOString() : null;
  if (ctx.output.mode === "json") return ctx.output.json({ server_time: current.server_time, since, changes });
  if (!before) return ctx.output.info(ctx.say.catalogue.noEarlierCopy);
  if (changes.length === 0)
    return ctx.output.info(ctx.say.catalogue.nothingChanged(relativeHint(before.synced_at, now, ctx.say)));
  const table = ctx.output.mode === "table";
  ctx.output.table(
    [
      { header: ctx.say.catalogue.change },
      { header: ctx.say.headings.id },
      { header: ctx.say.headings.product, fit: "end", drop: 1 },
      { header: ctx.say.headings.name, fit: "middle", min: 12 },
      { header: ctx.say.catalogue.oldPrice, short: ctx.say.catalogue.oldShort },
      { header: ctx.say.catalogue.newPrice, short: ctx.say.catalogue.newShort },
    ],
    changes.map((c) =>
      table
        ? [
            `${ctx.say.catalogue.kinds[c.change] ?? c.change.replace(/_/g, " ")}${c.status && c.status.toLowerCase() !== ctx.say.catalogue.kinds[c.change] ? ` (${c.status})` : ""}`,
            c.id,
            c.product,
            c.name,
            money(c.old_price),
            money(c.new_price),
          ]
        : [c.change, c.id, money(c.old_price), money(c.new_price), c.product, c.name],
    ),
  );
  if (table)
    ctx.output.info(ctx.say.catalogue.changeCount(changes.length, relativeHint(before.synced_at, now, ctx.say)));
}
