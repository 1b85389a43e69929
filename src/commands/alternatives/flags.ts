/** `alternatives set`'s and `alternatives unset`'s arguments, declared once: their types are the options the handlers get. */
import type { ArgumentsOf, Bare } from "../../registry/declaration.js";

export const alternativesSetFlags = (c: Bare) =>
  c
    .argument("<item>", "the item (variant) id that may be disrupted")
    .argument("<alternatives...>", "the items to sell instead, first choice first (at most 5)");

/** The item and its alternatives, named by their arguments. */
export const alternativesSetInput = (
  _flags: unknown,
  [item, alternatives]: ArgumentsOf<typeof alternativesSetFlags>,
) => ({ item, alternatives });

export type AlternativesSetOptions = ReturnType<typeof alternativesSetInput>;

export const alternativesUnsetFlags = (c: Bare) => c.argument("<item>", "the item (variant) id");

/** The item whose alternatives are forgotten, named by its argument. */
export const alternativesUnsetInput = (_flags: unknown, [item]: ArgumentsOf<typeof alternativesUnsetFlags>) => ({
  item,
});

export type AlternativesUnsetOptions = ReturnType<typeof alternativesUnsetInput>;
