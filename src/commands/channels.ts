import type { Context } from "../context.js";
import { money } from "../output/output.js";

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.listChannels();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  ctx.output.table(
    ["Code", "Channel", "Fee"],
    data.map((c) => [c.code, c.name, money(c.fee)]),
  );
}
