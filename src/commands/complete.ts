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
import { itemName } from "../domain/item-name.js";
import type { CompleteOptions } from "./complete/flags.js";

/** Codes, tokens, ids and profile names: letters, digits and `._+@-`, nothing a shell gives meaning to. */
const safeValue = /^[A-Za-z0-9_][A-Za-z0-9._+@-]{0,127}$/;

/** More than this is more than a terminal shows at once: the person types another character instead. */
export const screenful = 50;

export interface Candidate {
  value: string;
  description?: string;
}

export async function run(ctx: Context, options: CompleteOptions): Promise<number> {
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
  const [head] = all;
  if (all.length <= screenful || head === undefined) return all;
  let first = head;
  let last = head;
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
    return data.map((c) => ({ value: c.code, description: ctx.say.completion.channel(c.name, formatRupiah(c.fee)) }));
  }
  if (what === "locks") {
    const { data } = await (await ctx.client()).listLocks();
    return data.map((l) => ({
      value: l.token,
      description: ctx.say.completion.lock(
        String(l.itemId),
        l.quantity,
        l.remainingSeconds === null ? "" : formatDuration(l.remainingSeconds, ctx.say),
      ),
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
  const { withKeptIds } = await import("../catalogue/id-index.js");
  // Ids first, from the copy's id index: only the screenful shown is read and parsed.
  const entries =
    withKeptIds({ configDir, profile, baseUrl, apiKey }, (kept) =>
      kept.entriesOf(screenfulOfIds(prefix ? kept.ids.filter((id) => String(id).startsWith(prefix)) : kept.ids)),
    ) ?? [];
  return entries.map((entry) => {
    // B names a variant within its product ("12 Bulan"): the product goes first unless the name says it.
    return {
      value: String(entry.id),
      description: `${itemName(entry.product, entry.name)}, ${formatRupiah(entry.price)}`,
    };
  });
}

/**
 * pickScreenful for ids, without sorting 200,000 of them: the smallest, in order, and the
 * alphabetically first and last of all (for the prefix a shell inserts), each once.
 */
export function screenfulOfIds(ids: ArrayLike<number> & Iterable<number>): number[] {
  if (ids.length <= screenful) return [...new Set(ids)].sort((a, b) => a - b);
  const smallest: number[] = [];
  let first = String(ids[0]);
  let last = first;
  for (const id of ids) {
    const text = String(id);
    if (text < first) first = text;
    if (text > last) last = text;
    const largest = smallest.at(-1);
    if (smallest.length === screenful && largest !== undefined && id >= largest) continue;
    let at = smallest.length;
    // Where `at` is above 0 there is one before it; as `undefined > id` the walk would stop there too.
    while (at > 0 && (smallest[at - 1] ?? id) > id) at--;
    if (smallest[at - 1] === id) continue;
    smallest.splice(at, 0, id);
    if (smallest.length > screenful) smallest.pop();
  }
  const shown = new Set([...smallest.slice(0, screenful - 2), Number(first), Number(last)]);
  // When an end was among the smallest anyway, the next smallest takes its place.
  for (const id of smallest.slice(screenful - 2)) if (shown.size < screenful) shown.add(id);
  return [...shown].sort((a, b) => a - b);
}
