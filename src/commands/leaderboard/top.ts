/** `reseller leaderboard`: this month's ten resellers with the most transactions. */
import type { Context } from "../../context.js";

export async function run(ctx: Context): Promise<void> {
  const client = await ctx.client();
  const { data: entries, body } = await client.getLeaderboard();
  if (ctx.output.mode === "json") return ctx.output.json(body);
  const words = ctx.say.leaderboard;
  if (entries.length === 0) return ctx.output.info(words.nobody);
  ctx.output.table(
    // A name may be cut in the middle; the rank and the count never.
    [
      { header: words.rank },
      { header: words.reseller, fit: "middle", min: 10 },
      { header: words.transactions, short: words.transactionsShort },
    ],
    entries.map((entry, index) => {
      // A service that leaves the rank out lists the board in order.
      const rank = entry.rank ?? index + 1;
      return [
        rank <= 3 ? { human: String(rank), plain: String(rank), tone: "highlight" } : rank,
        entry.name,
        entry.totalTransactions,
      ];
    }),
  );
}
