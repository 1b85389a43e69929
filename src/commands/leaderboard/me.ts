/** `reseller leaderboard me`: where the reseller stands this month. */
import type { Context } from "../../context.js";

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data, body } = await client.getOwnRanking();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  ctx.output.record([
    // A rank of 0 (or none) means no transactions this month yet.
    [
      ctx.say.leaderboard.rank,
      data.rank !== null && data.rank > 0
        ? { human: `#${data.rank}`, plain: String(data.rank), tone: "highlight" }
        : { human: ctx.say.leaderboard.notRanked, plain: "" },
      // Piped, the keys stay English in every language: scripts read them.
      "rank",
    ],
    [ctx.say.leaderboard.transactions, data.totalTransactions, "transactions"],
    // The live service documents no points; the row shows `-` rather than a made-up zero.
    [ctx.say.leaderboard.points, data.points, "points"],
  ]);
}
