import { defineCommand } from "../registry/declaration.js";
import { balanceFlags, balanceHistoryFlags } from "./balance/flags.js";

export default defineCommand({
  name: "balance",
  summary: "your balance, in real time",
  flags: balanceFlags,
  piped: "one line, tab-separated: balance, the amount in Rupiah",
  examples: [
    "reseller balance",
    "reseller balance --jq .data.balance",
    "reseller balance --below 100rb > /dev/null || echo 'top up soon'",
    "reseller balance history",
  ],
  load: () => import("./balance.js"),
  movesNoMoney: true,
  commands: [
    defineCommand({
      name: "history",
      summary: "how the balance moved, newest first: purchases, refunds, top-ups",
      flags: balanceHistoryFlags,
      about:
        "Piped, one line per change, tab-separated: time, type, amount (negative when it went out), balance before, balance after, description, invoice, then name=value for each field reseller has no column for.",
      examples: [
        "reseller balance history",
        "reseller balance history --page 2",
        "reseller balance history --json | jq '.data'",
      ],
      load: () => import("./balance/history.js"),
      movesNoMoney: true,
    }),
  ],
});
