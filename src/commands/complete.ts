/**
 * `reseller __complete channels|locks|profiles|items [PREFIX]`, hidden: candidates for the completion
 * scripts, one a line (`value<TAB>description`), and nothing at all on any failure.
 *
 * The values come from the service or from files: the shells must never evaluate them, so only a value
 * made of safe characters is offered at all (a channel code `$(touch /tmp/x)` is dropped, not escaped),
 * and only those that start with what was typed, at most a screenful: a shell never has to sift a
 * catalogue of 200,000 variants itself.
 */
import type { Context } from "../context.js";
import { formatDuration, formatRupiah } from "../output/format.js";

/** Codes, tokens, ids and profile names: letters, digits and `._+@-`, nothing a shell gives meaning to. */
const safeValue = /^[A-Za-z0-9_][A-Za-z0-9._+@-]{0,127}$/;

/** More than this is more than a terminal shows at once: the person types another character instead. */
export const screenful = 50;

export interface Candidate {
  value: string;
  description?: string;
}

export async function run(ctx: Context, options: { what: string; prefix?: string }): Promise<number> {
  try {
    const all = await candidates(ctx, options.what, options.prefix ?? "");
    for (const c of pickScreenful(offerable(all, options.prefix ?? ""))) {
      // One candidate a line, one tab: a description with a line break or a tab must not make another.
      ctx.output.result(c.description ? `${c.value}\t${c.description.replace(/[\t\r\n]+/g, " ")}` : c.value);
    }
  } catch {
    // A missing key, a slow network, a refused request: the shell just gets no suggestions.
  }
  return 0;
}

/** The candidates a shell may be given: safe values that start with what was typed, each once. */
export function offerable(all: Candidate[], prefix: string): Candidate[] {
  const seen = new Set<string>();
  return all.filter((c) => {
    if (!safeValue.test(c.value) || !c.value.startsWith(prefix) || seen.has(c.value)) return false;
    seen.add(c.value);
    return true;
  });
}

/**
 * At most a screenful, in their order. Shells insert the longest prefix the candidates share, so the
 * lexically first and last of all are kept among them: the shared prefix of a sorted set is that of its
 * ends, and a cut list then never makes Tab insert more than the whole list would.
 */
export function pickScreenful(all: Candidate[]): Candidate[] {
  if (all.length <= screenful) return all;
  let first = all[0]!;
  let last = all[0]!;
  for (const c of all) {
    if (c.value < first.value) first = c;
    if (c.value > last.value) last = c;
  }
  const rest = all.filter((c) => c !== first && c !== last).slice(0, screenful - 2);
  // In their order still: the ends go where they stand when they are among the first.
  const keep = new Set([first, last, ...rest]);
  return all.filter((c) => keep.has(c));
}

async function candidates(ctx: Context, what: string, prefix: string): Promise<Candidate[]> {
  if (what === "profiles") return ctx.config.profileNames().map((value) => ({ value }));
  if (what === "items") return itemCandidates(ctx, prefix);
  if (what === "channels") {
    const { data } = await (await ctx.client()).listChannels();
    return data.map((c) => ({ value: c.code, description: `${c.name}, fee ${formatRupiah(c.fee)}` }));
  }
  if (what === "locks") {
    const { data } = await (await ctx.client()).listLocks();
    return data.map((l) => ({
      value: l.token,
      description: `item ${l.itemId} x${l.quantity}${l.remainingSeconds === null ? "" : `, ${formatDuration(l.remainingSeconds)} left`}`,
    }));
  }
  return [];
}

/**
 * Item ids from the kept catalogue (`reseller items` fills it), each with its name and price: never
 * a request, since a whole catalogue will not download within a keystroke's patience. Ordered by id,
 * so `--item 1<TAB>` shows 1, 10, 11 … rather than the catalogue's order.
 */
async function itemCandidates(ctx: Context, prefix: string): Promise<Candidate[]> {
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (!baseUrl || !apiKey || !/^\d*$/.test(prefix)) return [];
  const { readCatalogue } = await import("../catalogue/cache.js");
  const kept = readCatalogue({ configDir, profile, baseUrl, apiKey });
  if (!kept) return [];
  // Ids first, without parsing 200,000 lines: only the screenful shown is read whole.
  const all = kept.ids?.() ?? kept.entries().map((entry) => entry.id);
  const ids = all.filter((id) => String(id).startsWith(prefix)).sort((a, b) => a - b);
  const shown = pickScreenful(ids.map((id) => ({ value: String(id) }))).map((c) => Number(c.value));
  const entries = kept.entriesOf?.(shown) ?? kept.entries().filter((entry) => shown.includes(entry.id)).sort((a, b) => a.id - b.id);
  return entries.map((entry) => {
    // B names a variant within its product ("12 Bulan"): the product goes first unless the name says it.
    const product = entry.product && !entry.name.toLowerCase().includes(entry.product.toLowerCase()) ? `${entry.product} ` : "";
    return { value: String(entry.id), description: `${product}${entry.name}, ${formatRupiah(entry.price)}` };
  });
}
