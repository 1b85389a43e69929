import type { Command, OptionValues } from "@commander-js/extra-typings";
import { defineCommand, langOnCommandLine, type Nothing, parser } from "../registry/declaration.js";
import { choice } from "../config/choice.js";
import * as rules from "../rules/input.js";
import { markup } from "../rules/markup.js";

// Generic so that the options declared before it keep their types (`prices set`'s --markup).
const scopeOptions = <A extends unknown[], O extends OptionValues>(command: Command<A, O, Nothing>) =>
  command
    .option("--category <name>", "for the items of one category (name or slug)")
    .option("--product <name>", "for the items of one product (name or slug)")
    .option(
      "--item <id>",
      "for one item",
      parser((v) => rules.positiveInteger("--item", v)),
    );

export default defineCommand({
  name: "prices",
  summary: "your selling prices: each item's cost, selling price and margin, or a price list for customers",
  flags: (c) =>
    c
      .option("--search <text>", "every word, in any case, in the category, product, name or SKU")
      .option("--category <name>", "one category, by name or slug")
      .option(
        "--format <format>",
        "a price list for customers, selling prices only: csv, md, or text (Indonesian, grouped by product, for WhatsApp)",
        parser((v) => choice("--format", v, ["csv", "md", "text"] as const)),
      ),
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
  input: (flags, _args, command) => ({ ...flags, lang: langOnCommandLine(command) }),
  load: () => import("./prices/list.js"),
  commands: [
    defineCommand({
      name: "set",
      summary: "set a markup rule: for every item, or one category, product or item (the most specific wins)",
      flags: (c) =>
        scopeOptions(
          c.requiredOption(
            "--markup <markup>",
            "a percentage of the cost (10%, 7,5%) or Rupiah added to it (1500, 1.500, 1,5rb)",
            parser(markup),
          ),
        )
          .option(
            "--round <rupiah>",
            "round the selling price up to a multiple of this (500, 1rb)",
            parser((v) => rules.rupiah("--round", v)),
          )
          .option(
            "--per <units>",
            "a price list shows the price of this many units, marked up and rounded whole (1000 followers)",
            parser((v) => rules.positiveInteger("--per", v)),
          ),
      examples: [
        "reseller prices set --markup 10% --round 500",
        'reseller prices set --markup 2000 --category "Top Up Game"',
        "reseller prices set --markup 15% --product Netflix --round 1000",
        "reseller prices set --markup 1500 --item 12",
        "reseller prices set --markup 10% --round 500 --product Instagram --per 1000",
      ],
      input: (flags, _args, command) => ({ ...flags, category: categoryOf(flags.category, command) }),
      load: () => import("./prices/set.js"),
    }),
    defineCommand({
      name: "unset",
      summary: "remove a markup rule: the one for every item, or for a category, product or item",
      flags: (c) => scopeOptions(c),
      examples: ["reseller prices set --markup 1500 --item 12 && reseller prices unset --item 12"],
      input: (flags, _args, command) => ({ ...flags, category: categoryOf(flags.category, command) }),
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

/** `prices --category` is also the list's filter: commander gives the flag to `prices` wherever it stands. */
function categoryOf(own: string | undefined, command: Parameters<typeof langOnCommandLine>[0]): string | undefined {
  return own ?? (command.optsWithGlobals().category as string | undefined);
}
