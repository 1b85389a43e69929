import type { Context } from "../context.js";
import { formatRupiah } from "../output/format.js";
import { money } from "../output/output.js";
import type { BalanceOptions } from "./balance/flags.js";

export async function run(ctx: Context, options: BalanceOptions = {}): Promise<number> {
  const client = await ctx.client();
  const { data, body } = await client.getBalance();
  if (ctx.output.mode === "json") ctx.output.json(body);
  // Piped, the key stays `balance` in every language: scripts read it.
  else ctx.output.record([[ctx.say.balance.heading, { ...money(data.balance), tone: "highlight" }, "balance"]]);
  if (options.below === undefined || data.balance >= options.below) return 0;
  ctx.output.warn(ctx.say.balance.below(formatRupiah(data.balance), formatRupiah(options.below)));
  return 1;
}
