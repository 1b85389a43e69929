/** `trx list`'s and `trx show`'s flags and argument, declared once: their types are the options the handlers get. */
import {
  type ArgumentsOf,
  type Bare,
  type FlagsOf,
  parser,
  settingOption,
  ruledOption,
} from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const trxListFlags = (c: Bare) =>
  c
    .option(
      "--status <status>",
      `only these: ${rules.transactionStatuses.join(", ")} (as the service words them)`,
      parser(rules.transactionStatus),
    )
    .addOption(ruledOption("--page <n>", "which page (default 1, the newest)", rules.positiveInteger))
    .addOption(
      ruledOption(
        "--per-page <n>",
        "transactions per page (the service's default when left out)",
        rules.positiveInteger,
      ),
    )
    .option("--no-refresh", "show the refunds and outcomes this machine recorded, asking nothing more");

export type TrxListOptions = FlagsOf<typeof trxListFlags>;

export const trxShowFlags = (c: Bare) =>
  c
    .argument("<ref>", "your ref_id or the invoice number")
    .option("--watch", "keep checking until delivered or failed")
    .addOption(settingOption("wait_timeout", "with --watch: give up after this many seconds"));

/** The transaction asked about, named by its argument. */
export const trxShowInput = (flags: FlagsOf<typeof trxShowFlags>, [ref]: ArgumentsOf<typeof trxShowFlags>) => ({
  ...flags,
  ref,
});

export type TrxShowOptions = ReturnType<typeof trxShowInput>;
