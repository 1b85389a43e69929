/** `receipt`'s flags and argument, declared once: their types are the options its handler gets (`ReceiptOptions`). */
import type { CommandUnknownOpts } from "@commander-js/extra-typings";
import { type ArgumentsOf, type Bare, type FlagsOf, langOnCommandLine } from "../../registry/declaration.js";

export const receiptFlags = (c: Bare) =>
  c
    .argument("<ref>", "your ref_id or the invoice number")
    .option(
      "--wa [number]",
      "add a wa.me link that opens WhatsApp with the text filled in (to the customer's number by default)",
    );

/** The receipt asked for, named by its argument, in the language --lang gives on this command line. */
export const receiptInput = (
  flags: FlagsOf<typeof receiptFlags>,
  [ref]: ArgumentsOf<typeof receiptFlags>,
  command: CommandUnknownOpts,
) => ({ ...flags, ref, lang: langOnCommandLine(command) });

export type ReceiptOptions = ReturnType<typeof receiptInput>;
