/** `login`'s flags, declared once: their types are the options its handler gets (`LoginOptions`). */
import type { Bare, FlagsOf } from "../../registry/declaration.js";

export const loginFlags = (c: Bare) => c.option("--with-key", "read the API key from stdin instead of prompting");

export type LoginOptions = FlagsOf<typeof loginFlags>;
