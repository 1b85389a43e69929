import { defineCommand } from "../registry/declaration.js";
import { receiptFlags, receiptInput } from "./receipt/flags.js";

export default defineCommand({
  name: "receipt",
  summary:
    "the receipt for your customer: item, customer, serial or licence, your selling price, a status they understand",
  flags: receiptFlags,
  about:
    "Piped, the receipt's text as it is, then the wa.me link with --wa; --json gives its fields (status: success, processing, failed, partial; lines; total; refund; text).\n" +
    "The shop's name comes from `reseller config set shop_name NAME`, the time is in the shop's time_zone (WIB unless `config set time_zone`).\n" +
    "In Indonesian for your customer unless --lang en is given here (RESELLER_LANG and the profile's language are yours, not the customer's).",
  examples: [
    "reseller receipt ORD-20261121-0001",
    "reseller receipt INV-20261121-000123 --lang en",
    "reseller receipt ORD-20261121-0001 --wa",
    "reseller receipt ORD-20261121-0001 --json | jq -r .text",
  ],
  input: receiptInput,
  load: () => import("./receipt.js"),
});
