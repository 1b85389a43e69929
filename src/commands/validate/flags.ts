/** `validate`'s flags, declared once: their types are the options its handler gets (`ValidateOptions`). */
import { type Bare, type FlagsOf, itemOption, parser, ruledOption } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const validateFlags = (c: Bare) =>
  c
    .addOption(itemOption())
    .requiredOption(
      "--customer-id <id>",
      "the customer's game user id (or number)",
      parser((v) => rules.customerId("--customer-id", v)),
    )
    .addOption(
      ruledOption("--zone-id <zone>", "the game's zone or server, for items whose check needs one", rules.customerId),
    );

export type ValidateOptions = FlagsOf<typeof validateFlags>;
