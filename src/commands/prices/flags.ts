/** The flags of `prices`, `prices set` and `prices unset`, declared once: their types are the options the handlers get. */
import type { Command, CommandUnknownOpts, OptionValues } from "@commander-js/extra-typings";
import { choice } from "../../config/choice.js";
import {
  type Bare,
  type FlagsOf,
  langOnCommandLine,
  type Nothing,
  parser,
  ruledOption,
} from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";
import { markup } from "../../rules/markup.js";

// Generic so that the options declared before it keep their types (`prices set`'s --markup).
const scopeOptions = <A extends unknown[], O extends OptionValues>(command: Command<A, O, Nothing>) =>
  command
    .option("--category <name>", "for the items of one category (name or slug)")
    .option("--product <name>", "for the items of one product (name or slug)")
    .addOption(ruledOption("--item <id>", "for one item", rules.positiveInteger));

export const pricesFlags = (c: Bare) =>
  c
    .option("--search <text>", "every word, in any case, in the category, product, name or SKU")
    .option("--category <name>", "one category, by name or slug")
    .option(
      "--format <format>",
      "a price list for customers, selling prices only: csv, md, or text (Indonesian, grouped by product, for WhatsApp)",
      parser((v) => choice("--format", v, ["csv", "md", "text"] as const)),
    );

/** A price list is for customers, as a receipt is: only --lang on this command line says their language. */
export const pricesInput = (flags: FlagsOf<typeof pricesFlags>, _args: [], command: CommandUnknownOpts) => ({
  ...flags,
  lang: langOnCommandLine(command),
});

export type PricesOptions = ReturnType<typeof pricesInput>;

export const pricesSetFlags = (c: Bare) =>
  scopeOptions(
    c.requiredOption(
      "--markup <markup>",
      "a percentage of the cost (10%, 7,5%) or Rupiah added to it (1500, 1.500, 1,5rb)",
      parser(markup),
    ),
  )
    .addOption(
      ruledOption("--round <rupiah>", "round the selling price up to a multiple of this (500, 1rb)", rules.rupiah),
    )
    .addOption(
      ruledOption(
        "--per <units>",
        "a price list shows the price of this many units, marked up and rounded whole (1000 followers)",
        rules.positiveInteger,
      ),
    );

export const pricesSetInput = (flags: FlagsOf<typeof pricesSetFlags>, _args: [], command: CommandUnknownOpts) => ({
  ...flags,
  category: categoryOf(flags.category, command),
});

export type PricesSetOptions = ReturnType<typeof pricesSetInput>;

export const pricesUnsetFlags = (c: Bare) => scopeOptions(c);

export const pricesUnsetInput = (flags: FlagsOf<typeof pricesUnsetFlags>, _args: [], command: CommandUnknownOpts) => ({
  ...flags,
  category: categoryOf(flags.category, command),
});

/** Which items a rule is for: --category, --product or --item, as `prices set` and `prices unset` declare them. */
export type ScopeOptions = ReturnType<typeof pricesUnsetInput>;

/** `prices --category` is also the list's filter: commander gives the flag to `prices` wherever it stands. */
function categoryOf(own: string | undefined, command: CommandUnknownOpts): string | undefined {
  return own ?? (command.optsWithGlobals().category as string | undefined);
}
