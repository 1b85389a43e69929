/** `pending`'s flags, declared once: their types are the options its handler gets (`PendingOptions`). */
import type { CommandUnknownOpts } from "@commander-js/extra-typings";
import {
  type Bare,
  execGraceOption,
  execTimeoutOption,
  type FlagsOf,
  langOnCommandLine,
  ruledOption,
} from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const pendingFlags = (c: Bare) =>
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
    .addOption(
      ruledOption(
        "--interval <seconds>",
        "with --follow: the first wait between passes, doubling while nothing changes (default 5)",
        rules.positiveInteger,
      ),
    )
    .addOption(
      ruledOption(
        "--max-interval <seconds>",
        "with --follow: the longest wait between passes (default 300)",
        rules.positiveInteger,
      ),
    );

/** The receipts follow --lang on this command line only: the reseller's own language is not the customer's. */
export const pendingInput = (flags: FlagsOf<typeof pendingFlags>, _args: [], command: CommandUnknownOpts) => ({
  ...flags,
  receiptLanguage: langOnCommandLine(command),
});

export type PendingOptions = ReturnType<typeof pendingInput>;
