import { defineCommand } from "../registry/declaration.js";
import { historyFlags } from "./history/flags.js";

export default defineCommand({
  name: "history",
  summary: "the ledger of money-moving requests, newest first",
  flags: historyFlags,
  piped:
    "one line per request, tab-separated: time, kind, ref_id (a lock's token), outcome, amount, detail, item, customer, status, invoice, verdict, refunded, service (set when it is another), what (purchase, cart, sandbox order, stock lock, top-up), net, alternative_of (the ref_id an alternative was bought instead of)",
  examples: [
    "reseller history",
    "reseller history --no-refresh --limit 10",
    "reseller history --unresolved --json",
    'reseller history --since 2026-11-01 --jq \'[.[] | select(.verdict == "bought" or .verdict == "delivered") | .amount] | add\'',
  ],
  load: () => import("./history.js"),
  movesNoMoney: true,
});
