/** `lock add`'s flags and `lock release`'s argument, declared once: their types are the options the handlers get. */
import {
  type ArgumentsOf,
  type Bare,
  type FlagsOf,
  itemOption,
  parser,
  quantityOption,
} from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const lockAddFlags = (c: Bare) =>
  c
    .addOption(itemOption())
    .addOption(quantityOption("quantity, at least the item's minimum order"))
    .option("--duration <seconds>", "60 to 600 (default 600)", parser(rules.lockDuration));

export type LockAddOptions = FlagsOf<typeof lockAddFlags>;

export const lockReleaseFlags = (c: Bare) => c.argument("<token>", "the lock token (LCK-…)");

/** The lock to give back, named by its argument. */
export const lockReleaseInput = (_flags: unknown, [token]: ArgumentsOf<typeof lockReleaseFlags>) => ({ token });

export type LockReleaseOptions = ReturnType<typeof lockReleaseInput>;
