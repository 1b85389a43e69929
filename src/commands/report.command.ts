import { defineCommand, parser } from "../registry/declaration.js";
import { choice } from "../config/choice.js";

export default defineCommand({
  name: "report",
  summary:
    "the books: orders by outcome, spent, refunded, revenue, profit and top-ups, per hour, day, product or customer",
  flags: (c) =>
    c
      .option(
        "--since <when>",
        "today (the default), yesterday, 7d, 30d, this week, this month, or a date like 2026-11-01 (the shop's time zone, WIB)",
      )
      .option("--until <date>", "up to and with this date (default: today)")
      .option(
        "--by <group>",
        "rows per day, hour, product, category or customer (default: hour for a day, else day)",
        parser((v) => choice("--by", v, ["day", "hour", "product", "category", "customer"] as const)),
      )
      .option(
        "--refresh",
        "ask the service about every order not final first (unknown, or not delivered yet): the default",
      )
      .option("--no-refresh", "count the orders as recorded, asking the service nothing (faster, works offline)"),
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
});
