/** `completion`'s argument, declared once: its type is the options its handler gets (`CompletionOptions`). */
import type { CommandUnknownOpts } from "@commander-js/extra-typings";
import { choice } from "../../config/choice.js";
import { type ArgumentsOf, type Bare, parser } from "../../registry/declaration.js";

export const completionFlags = (c: Bare) =>
  c.argument(
    "<shell>",
    "bash, zsh or fish",
    parser((v) => choice("The shell", v, ["bash", "zsh", "fish"] as const)),
  );

/** The shell asked for, and the program to describe: handed over, as the handler importing the registry would make a loop. */
export const completionInput = (
  _flags: unknown,
  [shell]: ArgumentsOf<typeof completionFlags>,
  command: CommandUnknownOpts,
) => ({ shell, program: programOf(command) });

export type CompletionOptions = ReturnType<typeof completionInput>;

function programOf(command: CommandUnknownOpts): CommandUnknownOpts {
  let root = command;
  while (root.parent) root = root.parent;
  return root;
}
