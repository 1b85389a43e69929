import { defineCommand, parser } from "../registry/declaration.js";
import * as rules from "../rules/input.js";

export default defineCommand({
  name: "item",
  summary: "one item: name, price, stock, minimum order, required fields, open-amount range, account check",
  flags: (c) =>
    c.argument(
      "<id>",
      "item (variant) id",
      parser((v) => rules.positiveInteger("item id", v)),
    ),
  piped:
    "label<TAB>value lines: item, name, price, stock, minimum_order, order_process, required_fields, open_amount, account_check, description",
  examples: ["reseller item 12", "reseller item 21 --jq .data.validation"],
  input: (_flags, [id]) => ({ id }),
  load: () => import("./item.js"),
});
