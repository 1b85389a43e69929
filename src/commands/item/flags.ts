/** `item`'s argument, declared once: its type is the options its handler gets (`ItemOptions`). */
import { type ArgumentsOf, type Bare, parser } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const itemFlags = (c: Bare) =>
  c.argument(
    "<id>",
    "item (variant) id",
    parser((v) => rules.positiveInteger("item id", v)),
  );

/** The item asked about, named by its argument. */
export const itemInput = (_flags: unknown, [id]: ArgumentsOf<typeof itemFlags>) => ({ id });

export type ItemOptions = ReturnType<typeof itemInput>;
