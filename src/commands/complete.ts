/**
 * `reseller __complete channels|locks|profiles`, hidden: candidates for the completion scripts, one
 * a line (`value<TAB>description`), and nothing at all on any failure.
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
