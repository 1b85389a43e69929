/** `sandbox`'s flags, declared once: their types are the options its handler gets (`SandboxOptions`). */
import { type Bare, type FlagsOf, itemOption, parser, quantityOption } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const sandboxFlags = (c: Bare) =>
  c
    .addOption(itemOption())
    .addOption(quantityOption())
    .option("--ref-id <id>", "your reference id (default: generated)", parser(rules.refId));

export type SandboxOptions = FlagsOf<typeof sandboxFlags>;
