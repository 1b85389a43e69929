/** `config get`'s and `config set`'s arguments, declared once: their types are the options the handlers get. */
import { definitions, profileKeys } from "../../config/definitions.js";
import type { ArgumentsOf, Bare } from "../../registry/declaration.js";

export const configGetFlags = (c: Bare) => c.argument("<key>", profileKeys.join(", "));

/** The setting asked for, named by its argument. */
export const configGetInput = (_flags: unknown, [key]: ArgumentsOf<typeof configGetFlags>) => ({ key });

export type ConfigGetOptions = ReturnType<typeof configGetInput>;

export const configSetFlags = (c: Bare) =>
  c
    .argument("<key>", profileKeys.filter((key) => definitions[key].check.type !== "secret").join(", "))
    .argument("<value>");

/** The setting to change and its new value, named by their arguments. */
export const configSetInput = (_flags: unknown, [key, value]: ArgumentsOf<typeof configSetFlags>) => ({ key, value });

export type ConfigSetOptions = ReturnType<typeof configSetInput>;
