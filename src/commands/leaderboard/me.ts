/** `reseller leaderboard me`: where the reseller stands this month. */
import type { Context } from "../../context.js";

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.getOwnRanking();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  ctx.output.record([
    // A rank of 0 (or none) means no transactions this month yet.
    [
      "Rank",
      data.rank !== null && data.rank > 0
        ? { human: `#${data.rank}`, plain: String(data.rank), tone: "highlight" }
        : { human: "not ranked yet", plain: "" },
    ],
    ["Transactions", data.totalTransactions],
    // The live service documents no points; the row shows `-` rather than a made-up zero.
    ["Points", data.points],
  ]);
}
