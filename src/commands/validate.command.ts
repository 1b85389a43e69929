import { defineCommand } from "../registry/declaration.js";
import { validateFlags } from "./validate/flags.js";

export default defineCommand({
  name: "validate",
  summary: "the account name behind a customer id, before paying (items whose account check is offered)",
  flags: validateFlags,
  about: "Piped: label<TAB>value lines; `account` is the account name as the service gave it.",
  examples: [
    "reseller validate --item 22 --customer-id 123456789",
    "reseller validate --item 21 --customer-id 12345678 --zone-id 1234",
    "reseller validate --item 21 --customer-id 12345678 --zone-id 1234 --json | jq -r .data.account_name",
  ],
  load: () => import("./validate.js"),
  movesNoMoney: true,
});
