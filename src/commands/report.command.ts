import { defineCommand } from "../registry/declaration.js";
import { reportFlags } from "./report/flags.js";

export default defineCommand({
  name: "report",
  summary:
    "the books: orders by outcome, spent, refunded, revenue, profit and top-ups, per hour, day, product or customer",
  flags: reportFlags,
  piped:
    "one line per group, then a line `total`, tab-separated: group, orders, delivered, bought, partial, delivery_failed, refused, unknown, spent, refunded, revenue, profit",
  details:
    "--json: {since, until, by, orders, by_verdict, spent, refunded, revenue, profit, unpriced, top_ups: {count, amount, paid}, rows: [...], opening_balance, closing_balance, unaccounted}.\n" +
    "Spent is net of refunds: what those purchases took from the balance. Revenue counts the selling prices kept with each sale; profit = revenue - spent. Unknown outcomes are counted apart.",
  examples: [
    "reseller report",
    "reseller report --since yesterday",
    "reseller report --no-refresh",
    "reseller report --since 7d --by product",
    "reseller report --since 2026-11-01 --until 2026-11-30 --json | jq .profit",
  ],
  load: () => import("./report.js"),
  movesNoMoney: true,
});
