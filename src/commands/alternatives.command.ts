import { defineCommand } from "../registry/declaration.js";
import {
  alternativesSetFlags,
  alternativesSetInput,
  alternativesUnsetFlags,
  alternativesUnsetInput,
} from "./alternatives/flags.js";

const listed = {
  summary: "the alternatives kept for each item, in the order they are tried",
  piped:
    "one line per alternative, tab-separated: item id, its place in the order tried (1, 2 …), alternative id, item name, alternative name (names from the kept catalogue; empty when it has none)",
  details: '--json: {"profile": …, "alternatives": [{item_id, item, alternatives: [{item_id, item}]}]}.',
} as const;

export default defineCommand({
  name: "alternatives",
  ...listed,
  about:
    "An alternative is an item you agreed to sell the same customer when the one ordered cannot be: disrupted, sold out, refused, or its delivery failed and was refunded.\n" +
    "`buy --alternatives` buys the next one after such an outcome (never after an unknown outcome or a partial delivery), at no more than --max-price (default: the original's selling price, else its cost).",
  examples: [
    "reseller alternatives set 13 14 12",
    "reseller alternatives",
    "reseller buy --item 13 --qty 1 --note 081234567890 --alternatives",
    "reseller alternatives unset 13",
  ],
  load: () => import("./alternatives/list.js"),
  commands: [
    defineCommand({
      name: "set",
      summary: "keep an item's alternatives, in the order they are tried (replaces its list)",
      flags: alternativesSetFlags,
      examples: ["reseller alternatives set 13 14 12"],
      input: alternativesSetInput,
      load: () => import("./alternatives/set.js"),
    }),
    defineCommand({
      name: "list",
      ...listed,
      examples: ["reseller alternatives list --json"],
      load: () => import("./alternatives/list.js"),
    }),
    defineCommand({
      name: "unset",
      summary: "forget an item's alternatives",
      flags: alternativesUnsetFlags,
      examples: ["reseller alternatives unset 13"],
      input: alternativesUnsetInput,
      load: () => import("./alternatives/unset.js"),
    }),
  ],
});
