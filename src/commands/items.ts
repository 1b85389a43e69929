/**
 * `reseller items`: the catalogue, one row per buyable variant, found in a copy kept in the config
 * dir. A copy younger than a minute is used as it is (piped, the launcher answers that case itself:
 * src/catalogue/quick.ts); an older one is first brought up to date with only what changed since
 * (`updated_since`); `--refresh` fetches everything again.
 */
import { createRequire } from "node:module";
import type { Context } from "../context.js";
import { NetworkError } from "../errors.js";
import { keptInMemory, readCatalogue, writeCatalogue, type CatalogueOwner, type KeptCatalogue } from "../catalogue/cache.js";
import { isFresh, showItems, type ItemsOptions } from "../catalogue/show.js";
import { relativeHint } from "../output/format.js";

export type { ItemsOptions } from "../catalogue/show.js";

export async function run(ctx: Context, options: ItemsOptions): Promise<void> {
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  // No address or key: the client says which is missing, as every service command does.
  if (!baseUrl || !apiKey) await ctx.client();
  const owner: CatalogueOwner = { configDir, profile, baseUrl: baseUrl!, apiKey: apiKey! };
  const now = ctx.now();
  let kept = readCatalogue(owner);
  if (options.refresh || !kept || !isFresh(kept, now)) kept = await bringUpToDate(ctx, owner, kept, options.refresh, now);
  showItems(ctx.output, kept, options, now);
}

async function bringUpToDate(ctx: Context, owner: CatalogueOwner, kept: KeptCatalogue | undefined, refresh: boolean, now: number): Promise<KeptCatalogue> {
  // `items` starts as a command that speaks no HTTP (bin/reseller.js), since a warm copy asks nothing.
  // A sync does: hold V8 to its baseline compiler for undici's WebAssembly parser before it loads,
  // as the launcher does for every service command (the reason is written there).
  (createRequire(import.meta.url)("node:v8") as typeof import("node:v8")).setFlagsFromString("--liftoff-only");
  const [{ syncCatalogue }, client] = await Promise.all([import("../catalogue/sync.js"), ctx.client()]);
  const spinner = ctx.output.spinner(kept && !refresh ? "Checking the catalogue for changes…" : "Fetching the catalogue…");
  let outcome: Awaited<ReturnType<typeof syncCatalogue>>;
  try {
    outcome = await syncCatalogue(client, kept, { refresh, now });
  } catch (error) {
    // Offline with a copy at hand: finding an item still works; buying will say what the service says.
    if (kept && !refresh && error instanceof NetworkError) {
      ctx.output.warn(`${error.message} Showing the catalogue as checked ${relativeHint(kept.synced_at, now)}.`);
      return kept;
    }
    throw error;
  } finally {
    spinner.stop();
  }
  if (ctx.output.stderrIsTTY) {
    ctx.output.info(outcome.whole ? `Fetched ${outcome.items.length} items.` : `${outcome.received} ${outcome.received === 1 ? "item" : "items"} changed since the last check.`);
  }
  const times = { server_time: outcome.serverTime, synced_at: now, full_synced_at: outcome.fullSyncedAt };
  try {
    return await writeCatalogue(owner, times, outcome.items);
  } catch (error) {
    ctx.output.warn(`Could not keep the catalogue in ${ctx.settings.configDir} (${(error as Error).message}); the next call fetches it again.`);
    return keptInMemory({ version: 1, profile: owner.profile, base_url: owner.baseUrl, account: "", ...times, count: outcome.items.length }, outcome.items);
  }
}
