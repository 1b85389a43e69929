/** `__complete`'s arguments, declared once: their types are the options its handler gets (`CompleteOptions`). */
import type { ArgumentsOf, Bare } from "../../registry/declaration.js";

export const completeFlags = (c: Bare) =>
  c.argument("<what>").argument("[prefix]", "only candidates that start so (the word being completed)");

/** What to complete and the word typed so far, named by their arguments. */
export const completeInput = (_flags: unknown, [what, prefix]: ArgumentsOf<typeof completeFlags>) => ({ what, prefix });

export type CompleteOptions = ReturnType<typeof completeInput>;
