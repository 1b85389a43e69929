import {
  defineCommand,
  execGraceOption,
  execTimeoutOption,
  langOnCommandLine,
  parser,
} from "../registry/declaration.js";
import * as rules from "../rules/input.js";

export default defineCommand({
  name: "pending",
  summary: "orders not final yet (not delivered, or outcome unknown), oldest first; --follow them to the end",
  flags: (c) =>
    c
      .option("--follow", "keep asking, with a growing wait, until every order has ended; hand each on as it ends")
      .option("--once", "one pass for cron: hand on what ended; exit 0 nothing pending, 1 some, 5 an outcome unknown")
      .option(
        "--receipts <file>",
        "with --follow or --once: append each ended order's receipt for the customer (with its wa.me link) to this file",
      )
      .option(
        "--exec <command>",
        "with --follow or --once: run this command per ended order, the order's JSON on stdin, RESELLER_REF_ID, RESELLER_INVOICE, RESELLER_OUTCOME set; exit 0 = handled",
      )
      .addOption(execTimeoutOption())
      .addOption(execGraceOption())
      .option(
        "--interval <seconds>",
        "with --follow: the first wait between passes, doubling while nothing changes (default 5)",
        parser((v) => rules.positiveInteger("--interval", v)),
      )
      .option(
        "--max-interval <seconds>",
        "with --follow: the longest wait between passes (default 300)",
        parser((v) => rules.positiveInteger("--max-interval", v)),
      ),
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
  input: (flags, _args, command) => ({ ...flags, receiptLanguage: langOnCommandLine(command) }),
  load: () => import("./pending.js"),
});
