import { defineCommand } from "../registry/declaration.js";

export default defineCommand({
  name: "leaderboard",
  summary: "this month's top 10 resellers",
  piped: "one line per reseller, tab-separated: rank, name, transactions",
  examples: ["reseller leaderboard", "reseller leaderboard me"],
  load: () => import("./leaderboard/top.js"),
  movesNoMoney: true,
  commands: [
    defineCommand({
      name: "me",
      summary: "your own rank, transactions and points this month",
      piped: "label<TAB>value lines: rank, transactions, points",
      examples: ["reseller leaderboard me"],
      load: () => import("./leaderboard/me.js"),
      movesNoMoney: true,
    }),
  ],
});
