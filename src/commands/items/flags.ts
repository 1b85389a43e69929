/** `items`'s flags, declared once: their types are the options its handler gets (`ItemsCommandOptions`). */
import { choice } from "../../config/choice.js";
import { type Bare, type FlagsOf, parser } from "../../registry/declaration.js";

export const itemsFlags = (c: Bare) =>
  c
    .option("--search <text>", "every word, in any case, in the category, product, name or SKU")
    .option("--category <name>", "one category, by name or slug (aplikasi-premium)")
    .option(
      "--process <kind>",
      "auto, h2h, smm or manual",
      parser((v) => choice("--process", v, ["auto", "h2h", "smm", "manual"] as const)),
    )
    .option("--refresh", "fetch the whole catalogue again instead of what changed")
    .option(
      "--changes",
      "bring the copy up to date and list what changed since the last --changes: prices, new, gone, out of stock, disrupted",
    );

export type ItemsCommandOptions = FlagsOf<typeof itemsFlags>;
