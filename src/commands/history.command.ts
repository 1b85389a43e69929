import { defineCommand, parser } from "../registry/declaration.js";
import * as rules from "../rules/input.js";

export default defineCommand({
  name: "history",
  summary: "the ledger of money-moving requests, newest first",
  flags: (c) =>
    c
      .option("--unresolved", "only requests whose outcome is unknown")
      .option(
        "--limit <n>",
        "at most this many entries (default 50; with --since, all since then)",
        parser((v) => rules.positiveInteger("--limit", v)),
      )
      .option("--since <date>", "only entries since this date (2026-11-01, local midnight) or timestamp")
      .option("--refresh", "ask the service where each entry not final stands, and record it (the default)")
      .option("--no-refresh", "show the ledger as recorded, asking the service nothing (faster, works offline)")
      .option("--all-services", "also entries sent to other service addresses (marked)"),
  piped:
    "one line per request, tab-separated: time, kind, ref_id (a lock's token), outcome, amount, detail, item, customer, status, invoice, verdict, refunded, service (set when it is another), what (purchase, cart, sandbox order, stock lock, top-up), net, alternative_of (the ref_id an alternative was bought instead of)",
  examples: [
    "reseller history",
    "reseller history --no-refresh --limit 10",
    "reseller history --unresolved --json",
    'reseller history --since 2026-11-01 --jq \'[.[] | select(.verdict == "bought" or .verdict == "delivered") | .amount] | add\'',
  ],
  load: () => import("./history.js"),
});
