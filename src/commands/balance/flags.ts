/** `balance`'s and `balance history`'s flags, declared once: their types are the options the handlers get. */
import { type Bare, type FlagsOf, parser } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const balanceFlags = (c: Bare) =>
  c.option(
    "--below <rupiah>",
    "for cron and bots: exit 1 with one line on stderr when the balance is under this (100000, 100rb)",
    parser((v) => rules.rupiah("--below", v)),
  );

export type BalanceOptions = FlagsOf<typeof balanceFlags>;

export const balanceHistoryFlags = (c: Bare) =>
  c.option(
    "--page <n>",
    "which page of the history (default 1, the newest)",
    parser((v) => rules.positiveInteger("--page", v)),
  );

export type BalanceHistoryOptions = FlagsOf<typeof balanceHistoryFlags>;
