import { defineCommand } from "../registry/declaration.js";
import { itemFlags, itemInput } from "./item/flags.js";

export default defineCommand({
  name: "item",
  summary: "one item: name, price, stock, minimum order, required fields, open-amount range, account check",
  flags: itemFlags,
  piped:
    "label<TAB>value lines: item, name, price, stock, minimum_order, order_process, required_fields, open_amount, account_check, description",
  examples: ["reseller item 12", "reseller item 21 --jq .data.validation"],
  input: itemInput,
  load: () => import("./item.js"),
  movesNoMoney: true,
});
