/** `balance`'s and `balance history`'s flags, declared once: their types are the options the handlers get. */
import { type Bare, type FlagsOf, ruledOption } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const balanceFlags = (c: Bare) =>
  c.addOption(
    ruledOption(
      "--below <rupiah>",
      "for cron and bots: exit 1 with one line on stderr when the balance is under this (100000, 100rb)",
      rules.rupiah,
    ),
  );

export type BalanceOptions = FlagsOf<typeof balanceFlags>;

export const balanceHistoryFlags = (c: Bare) =>
  c.addOption(ruledOption("--page <n>", "which page of the history (default 1, the newest)", rules.positiveInteger));

export type BalanceHistoryOptions = FlagsOf<typeof balanceHistoryFlags>;
