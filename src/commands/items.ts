/**
 * `reseller items`: the catalogue, one row per buyable variant, found in a copy kept in the config
 * dir. A copy younger than a minute is used as it is (piped, the launcher answers that case itself:
 * src/catalogue/quick.ts); an older one is first brought up to date with only what changed since
 * (`updated_since`); `--refresh` fetches everything again.
 */
import type { Context } from "../context.js";
import { NetworkError, UsageError } from "../errors.js";
import { money } from "../output/output.js";
import { readCatalogue, type CatalogueOwner, type KeptCatalogue } from "../catalogue/cache.js";
import { isFresh, showItems, type ItemsOptions } from "../catalogue/show.js";
import { searchWords } from "../catalogue/search.js";
import { relativeHint } from "../output/format.js";

export type ItemsCommandOptions = ItemsOptions & {
  /** `--changes`: bring the copy up to date and say what changed since the copy before. */
  changes?: boolean;
};

export async function run(ctx: Context, options: ItemsCommandOptions): Promise<void> {
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  // No address or key: the client says which is missing, as every service command does.
  if (!baseUrl || !apiKey) await ctx.client();
  const owner: CatalogueOwner = { configDir, profile, baseUrl: baseUrl!, apiKey: apiKey! };
  const now = ctx.now();
  let kept = readCatalogue(owner);
  if (options.changes) return showChanges(ctx, owner, kept, options, now);
  if (options.refresh || !kept || !isFresh(kept, now)) kept = await bringUpToDate(ctx, owner, kept, options, now);
  showItems(ctx.output, kept, options, now);
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
    throw new UsageError(
      "--changes lists every change in the catalogue; it takes no --search, --category or --process.",
      {
        suggestion: "Filter the rows instead: reseller items --changes | grep -i telkomsel",
      },
    );
  const { readSummary, summarise, compareSummaries, keepSummary } = await import("../catalogue/changes.js");
  const before = readSummary(owner) ?? (kept ? summarise(kept.entries(), kept.synced_at) : undefined);
  const current = await bringUpToDate(ctx, owner, kept, options, now);
  const after = summarise(current.entries(), current.synced_at);
  const changes = before ? compareSummaries(before, after) : [];
  const unkept = keepSummary(owner, after);
  if (unkept) ctx.output.warn(`Could not keep the prices for the next --changes (${unkept.message}).`);
  const since = before ? new Date(before.synced_at).toISOString() : null;
  if (ctx.output.mode === "json") return ctx.output.json({ server_time: current.server_time, since, changes });
  if (!before)
    return ctx.output.info(
      "No earlier copy of the catalogue to compare with; the next --changes will say what changed since now.",
    );
  if (changes.length === 0) return ctx.output.info(`Nothing changed since ${relativeHint(before.synced_at, now)}.`);
  const table = ctx.output.mode === "table";
  ctx.output.table(
    [
      { header: "Change" },
      { header: "ID" },
      { header: "Product", fit: "end", drop: 1 },
      { header: "Name", fit: "middle", min: 12 },
      { header: "Old price", short: "Old" },
      { header: "New price", short: "New" },
    ],
    changes.map((c) =>
      table
        ? [c.change.replace(/_/g, " "), c.id, c.product, c.name, money(c.old_price), money(c.new_price)]
        : [c.change, c.id, money(c.old_price), money(c.new_price), c.product, c.name],
    ),
  );
  if (table)
    ctx.output.info(
      `${changes.length} ${changes.length === 1 ? "change" : "changes"} since ${relativeHint(before.synced_at, now)}.`,
    );
}

/**
 * A sync, every page and retry of it, is given this many times the timeout of one request: a whole
 * catalogue that needs hundreds of pages still ends, and a script is never left waiting.
 */
export const syncTimeouts = 10;

async function bringUpToDate(
  ctx: Context,
  owner: CatalogueOwner,
  kept: KeptCatalogue | undefined,
  options: ItemsOptions,
  now: number,
): Promise<KeptCatalogue> {
  const refresh = options.refresh;
  const [{ syncCatalogue }, client] = await Promise.all([import("../catalogue/sync.js"), ctx.client()]);
  const checking = kept && !refresh ? "Checking the catalogue for changes" : "Fetching the catalogue";
  const spinner = ctx.output.spinner(`${checking}…`);
  let outcome: Awaited<ReturnType<typeof syncCatalogue>>;
  let searching: Promise<void> | undefined;
  let sent!: () => void;
  const onItsWay = new Promise<void>((resolve) => (sent = resolve));
  try {
    const syncing = syncCatalogue(client, owner, kept, {
      refresh,
      now: ctx.now,
      deadline: now + syncTimeouts * ctx.settings.timeoutMs,
      onProgress: (text) => spinner.update(`${checking}: ${text}`),
      onSent: sent,
    });
    // Awaited below; a failure while the copy is searched must not count as unhandled.
    syncing.catch(() => undefined);
    const words = searchWords(options.search);
    // While the service looks up what changed, find the words in the copy: a piece at a time until
    // the request is on its way, then the rest at once while the service answers. The few lines
    // that changed are put in their places once they arrive (the copy is brought up to date before
    // anything is shown). A read that fails here is met again, and said, when the list is shown.
    if (kept && !refresh && words.length)
      searching = kept.searchAhead(words, Promise.race([onItsWay, syncing])).catch(() => undefined);
    outcome = await syncing;
    await searching;
  } catch (error) {
    // Offline with a copy at hand: finding an item still works; buying will say what the service says.
    if (kept && !refresh && error instanceof NetworkError) {
      await searching;
      ctx.output.warn(`${error.message} Showing the catalogue as checked ${relativeHint(kept.synced_at, now)}.`);
      return kept;
    }
    throw error;
  } finally {
    spinner.stop();
  }
  if (ctx.output.stderrIsTTY) {
    const from = outcome.resumed ? " (going on from the pages kept by the last run)" : "";
    ctx.output.info(
      outcome.whole
        ? `Fetched ${outcome.kept.count} items${from}.`
        : `${outcome.received} ${outcome.received === 1 ? "item" : "items"} changed since the last check${from}.`,
    );
  }
  if (outcome.unkept)
    ctx.output.warn(
      `Could not keep the catalogue in ${ctx.settings.configDir} (${outcome.unkept}); the next call fetches it again.`,
    );
  return outcome.kept;
}
