/** `lock add`'s flags, declared once: their types are the options its handler gets (`LockAddOptions`). */
import { type Bare, type Flags, itemOption, parser, quantityOption } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const lockAddFlags = (c: Bare) =>
  c
    .addOption(itemOption())
    .addOption(quantityOption("quantity, at least the item's minimum order"))
    .option("--duration <seconds>", "60 to 600 (default 600)", parser(rules.lockDuration));

export type LockAddOptions = Flags<ReturnType<ReturnType<typeof lockAddFlags>["opts"]>>;
