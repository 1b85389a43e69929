/**
 * `reseller __complete channels|locks|profiles|items`, hidden: candidates for the completion scripts,
 * one a line (`value<TAB>description`), and nothing at all on any failure.
 */
import type { Context } from "../context.js";
import { formatDuration, formatRupiah } from "../output/format.js";

export async function run(ctx: Context, options: { what: string }): Promise<number> {
  try {
    for (const line of await candidates(ctx, options.what)) ctx.output.result(line);
  } catch {
    // A missing key, a slow network, a refused request: the shell just gets no suggestions.
  }
  return 0;
}

async function candidates(ctx: Context, what: string): Promise<string[]> {
  if (what === "profiles") return ctx.config.profileNames();
  if (what === "items") return itemCandidates(ctx);
  if (what === "channels") {
    const { data } = await (await ctx.client()).listChannels();
    return data.map((c) => `${c.code}\t${c.name}, fee ${formatRupiah(c.fee)}`);
  }
  if (what === "locks") {
    const { data } = await (await ctx.client()).listLocks();
    return data.map((l) => `${l.token}\titem ${l.itemId} x${l.quantity}${l.remainingSeconds === null ? "" : `, ${formatDuration(l.remainingSeconds)} left`}`);
  }
  return [];
}

/**
 * Item ids from the kept catalogue (`reseller items` fills it), each with its name and price: never
 * a request, since a whole catalogue will not download within a keystroke's patience.
 */
async function itemCandidates(ctx: Context): Promise<string[]> {
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (!baseUrl || !apiKey) return [];
  const { readCatalogue } = await import("../catalogue/cache.js");
  const kept = readCatalogue({ configDir, profile, baseUrl, apiKey });
  return (kept?.entries() ?? []).map((entry) => {
    // B names a variant within its product ("12 Bulan"): the product goes first unless the name says it.
    const product = entry.product && !entry.name.toLowerCase().includes(entry.product.toLowerCase()) ? `${entry.product} ` : "";
    // One candidate a line, one tab: a name with a line break or a tab must not make another.
    return `${entry.id}\t${`${product}${entry.name}, ${formatRupiah(entry.price)}`.replace(/[\t\r\n]+/g, " ")}`;
  });
}
