import { defineCommand } from "../registry/declaration.js";

export default defineCommand({
  name: "channels",
  summary: "payment channels for top-ups, with their fees",
  piped:
    "one line per channel, tab-separated: code, name, fee (the flat part), fee percentage, minimum, maximum, on or off",
  examples: ["reseller channels", "reseller channels --jq '.data[] | select(.code == \"QRIS\") | .fee'"],
  load: () => import("./channels.js"),
  movesNoMoney: true,
});
