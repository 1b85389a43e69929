import { defineCommand } from "../registry/declaration.js";
import { pendingFlags, pendingInput } from "./pending/flags.js";

export default defineCommand({
  name: "pending",
  summary: "orders not final yet (not delivered, or outcome unknown), oldest first; --follow them to the end",
  flags: pendingFlags,
  piped:
    "one line per order not final, tab-separated: bought at, ref_id, invoice, outcome (bought, unknown), status, waited seconds, amount, item ids, quantities, customers. With --follow or --once, one line per order as it ends instead: ended at, ref_id, invoice, outcome, refunded, net, item ids, quantities, customers",
  details:
    "--json: the orders as a list; with --follow or --once one object per line per ended order: {ref_id, invoice, outcome, status, amount, refunded, net, bought_at, ended_at, waited_seconds, lines, hand_over, receipt}.\n" +
    "Exit codes of --once: 0 nothing pending, 1 some orders still pending (or an --exec not yet done), 5 an outcome still unknown.",
  examples: [
    "reseller pending",
    "reseller pending --follow --receipts receipts.txt",
    "reseller pending --once --exec ./on-order.sh",
  ],
  input: pendingInput,
  endsWithItsReader: true,
  load: () => import("./pending.js"),
});
