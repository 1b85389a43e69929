import { defineCommand, parser } from "../registry/declaration.js";
import { choice } from "../config/choice.js";

export default defineCommand({
  name: "items",
  summary: "the catalogue, one row per buyable variant, from a copy kept up to date with what changed",
  flags: (c) =>
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
      ),
  about:
    "Piped: one line per variant, tab-separated: id, category, product, name, price,\n" +
    "process, stock (or unlimited), minimum order, sku, disrupted (as the service says it, or empty).\n" +
    "With --changes, one line per change: change (price, new, gone, out_of_stock,\n" +
    "back_in_stock, disrupted, recovered), id, old price, new price, product, name; nothing when nothing changed.\n" +
    '--json: {"server_time": …, "items": [{id, sku, category, product, name, price,\n' +
    "process, stock, unlimited, min_order, disrupted when the service says so,\n" +
    'recent_failures: {failed, of, window: "1h"} when it failed here lately}]}; with --changes {server_time, since, changes: [{change, id, product, name, old_price, new_price, status}]}.\n' +
    "The catalogue is kept in the config dir: a copy younger than a minute is used\n" +
    "without asking the service; an older one asks only for what changed.",
  examples: [
    "reseller items --search telkomsel",
    'reseller items --category "Top Up Game" --process h2h',
    "reseller items --search ML86 --json | jq '.items[0].price'",
    "reseller items --refresh",
    "reseller items --changes",
  ],
  load: () => import("./items.js"),
});
