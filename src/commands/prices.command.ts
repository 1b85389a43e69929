import { defineCommand } from "../registry/declaration.js";
import {
  pricesFlags,
  pricesInput,
  pricesSetFlags,
  pricesSetInput,
  pricesUnsetFlags,
  pricesUnsetInput,
} from "./prices/flags.js";

export default defineCommand({
  name: "prices",
  summary: "your selling prices: each item's cost, selling price and margin, or a price list for customers",
  flags: pricesFlags,
  piped:
    "one line per item, tab-separated: id, category, product, name, cost, selling price (empty without a rule), margin, per (the units they are for; empty for an open amount)",
  details:
    '--json: {"server_time": …, "items": [{…the item as `items --json` gives it, per, cost, selling_price, margin, rule}]}.\n' +
    "With --format, the list alone (items without a selling price are left out, and said on stderr).",
  examples: [
    "reseller prices set --markup 10% --round 500",
    "reseller prices --search telkomsel",
    "reseller prices --format text --category Pulsa",
    "reseller prices --format csv > harga.csv",
  ],
  // Only --lang on this command line: a price list is for customers, as a receipt is.
  input: pricesInput,
  load: () => import("./prices/list.js"),
  commands: [
    defineCommand({
      name: "set",
      summary: "set a markup rule: for every item, or one category, product or item (the most specific wins)",
      flags: pricesSetFlags,
      examples: [
        "reseller prices set --markup 10% --round 500",
        'reseller prices set --markup 2000 --category "Top Up Game"',
        "reseller prices set --markup 15% --product Netflix --round 1000",
        "reseller prices set --markup 1500 --item 12",
        "reseller prices set --markup 10% --round 500 --product Instagram --per 1000",
      ],
      input: pricesSetInput,
      load: () => import("./prices/set.js"),
    }),
    defineCommand({
      name: "unset",
      summary: "remove a markup rule: the one for every item, or for a category, product or item",
      flags: pricesUnsetFlags,
      examples: ["reseller prices set --markup 1500 --item 12 && reseller prices unset --item 12"],
      input: pricesUnsetInput,
      load: () => import("./prices/unset.js"),
    }),
    defineCommand({
      name: "rules",
      summary: "the markup rules of the profile, the most specific first",
      piped:
        "one line per rule, tab-separated: scope (item, product, category, all), name or item id, markup (10% or 1500), round, per",
      examples: ["reseller prices rules", "reseller prices rules --json"],
      load: () => import("./prices/rules.js"),
    }),
  ],
});
