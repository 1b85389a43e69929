/** `topup`'s flags, declared once: their types are the options its handler gets (`TopUpOptions`). */
import { type Bare, type FlagsOf, parser } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const topUpFlags = (c: Bare) =>
  c
    .option(
      "--amount <rupiah>",
      "at least 10.000, as you write it: 50000, 50.000, Rp 50.000, 50rb, 1,5jt",
      parser(rules.topUpAmount),
    )
    .option("--channel <code>", "a code from `reseller channels`")
    .option("-y, --yes", "do not ask for confirmation");

export type TopUpOptions = FlagsOf<typeof topUpFlags>;
