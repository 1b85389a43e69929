import { defineCommand } from "../registry/declaration.js";
import { itemsFlags } from "./items/flags.js";

export default defineCommand({
  name: "items",
  summary: "the catalogue, one row per buyable variant, from a copy kept up to date with what changed",
  flags: itemsFlags,
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
  movesNoMoney: true,
});
