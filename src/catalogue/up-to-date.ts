/**
 * The kept catalogue brought up to date with what changed at the service (`updated_since`), or fetched
 * whole: what `items` shows and what `prices` prices. Searching the old copy while the service
 * answers is the caller's choice (`options.search`).
 */
import type { Context } from "../context.js";
import { NetworkError } from "../errors.js";
import { readCatalogue, type CatalogueOwner, type KeptCatalogue } from "./cache.js";
import { isFresh } from "./show.js";
import { searchWords } from "./search.js";
import { relativeHint } from "../output/format.js";

export interface UpToDateOptions {
  refresh: boolean;
  search?: string;
}

/** The profile's copy of the catalogue: this owner's, by profile, address and key. */
export async function catalogueOwner(ctx: Context): Promise<CatalogueOwner> {
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (baseUrl && apiKey) return { configDir, profile, baseUrl, apiKey };
  // No address or key: the client says which is missing, as every service command does.
  await ctx.client();
  throw new Error("internal error: a client made without an address or a key");
}

/** The copy as it is when younger than a minute, else brought up to date first. */
export async function keptUpToDate(
  ctx: Context,
  options: UpToDateOptions,
  now: number = ctx.now(),
): Promise<KeptCatalogue> {
  const owner = await catalogueOwner(ctx);
  const kept = readCatalogue(owner);
  if (!options.refresh && kept && isFresh(kept, now)) return kept;
  return bringUpToDate(ctx, owner, kept, options, now);
}

/**
 * A sync, every page and retry of it, is given this many times the timeout of one request: a whole
 * catalogue that needs hundreds of pages still ends, and a script is never left waiting.
 */
export const syncTimeouts = 10;

export async function bringUpToDate(
  ctx: Context,
  owner: CatalogueOwner,
  kept: KeptCatalogue | undefined,
  options: UpToDateOptions,
  now: number,
): Promise<KeptCatalogue> {
  const { say } = ctx;
  const refresh = options.refresh;
  const [{ syncCatalogue, variantsPerMegabyte }, client] = await Promise.all([
    import("../catalogue/sync.js"),
    ctx.client(),
  ]);
  const checking = kept && !refresh ? say.catalogue.checking : say.catalogue.fetching;
  const spinner = ctx.output.spinner(say.catalogue.spinner(checking));
  let outcome: Awaited<ReturnType<typeof syncCatalogue>>;
  let searching: Promise<void> | undefined;
  let sent!: () => void;
  const onItsWay = new Promise<void>((resolve) => (sent = resolve));
  try {
    const syncing = syncCatalogue(client, owner, kept, {
      refresh,
      now: ctx.now,
      deadline: now + syncTimeouts * ctx.settings.setting("timeout").value * 1000,
      onProgress: (text) => spinner.update(say.catalogue.progress(checking, text)),
      onSent: sent,
      maxVariants: ctx.settings.setting("max_catalogue_mb").value * variantsPerMegabyte,
      say,
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
      ctx.output.warn(
        ctx.say.catalogue.showingOld(error.messageIn(ctx.say), relativeHint(kept.synced_at, now, ctx.say)),
      );
      return kept;
    }
    throw error;
  } finally {
    spinner.stop();
  }
  if (ctx.output.stderrIsTTY) {
    const from = outcome.resumed ? say.catalogue.resumed : "";
    ctx.output.info(
      outcome.whole ? say.catalogue.fetched(outcome.kept.count, from) : say.catalogue.changed(outcome.received, from),
    );
  }
  if (outcome.unkept) ctx.output.warn(say.catalogue.notKept(ctx.settings.configDir, String(outcome.unkept)));
  return outcome.kept;
}
