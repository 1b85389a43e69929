/**
 * `reseller channels`: payment channels for top-ups, with the fee and the range of amounts each
 * takes (the out-of-range error of `topup` sends the reseller here to find one that takes more).
 */
import type { Context } from "../context.js";
import { money, type Column } from "../output/output.js";

/** Only the channel's name may be cut (in the middle); the code, fee and range never. */
const columns: Column[] = [{ header: "Code" }, { header: "Channel", fit: "middle", min: 10 }, { header: "Fee" }, { header: "Min" }, { header: "Max" }];

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.listChannels();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  // Piped: code, name, fee, then (appended) min and max, empty when the service gives none.
  ctx.output.table(
    columns,
    data.map((c) => [c.code, c.name, money(c.fee), money(c.minAmount), money(c.maxAmount)]),
  );
}
