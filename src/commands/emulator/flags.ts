/** `emulator`'s flags, declared once: their types are the options its handler gets (`EmulatorOptions`). */
import { choice } from "../../config/choice.js";
import { type Bare, type FlagsOf, parser, ruledOption } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const emulatorFlags = (c: Bare) =>
  c
    .option(
      "--port <n>",
      "port; 0 takes a free one (default 8787)",
      parser((v) => (v === "0" ? 0 : rules.positiveInteger("--port", v))),
    )
    .option("--host <host>", "address to listen on (default 127.0.0.1)")
    .option("--state <file>", "keep state in this file across restarts")
    .addOption(ruledOption("--seed <n>", "seed for repeatable serial numbers and licences", rules.positiveInteger))
    .option(
      "--dialect <name>",
      "answer shapes: live (default; the live reference), live-short (its short guide) or spec",
      parser((v) => choice("--dialect", v, ["live", "live-short", "spec"] as const)),
    )
    .addOption(
      ruledOption(
        "--catalogue-size <n>",
        "grow the catalogue with generated variants to at least this many (GET /v1/item pages)",
        rules.positiveInteger,
      ),
    )
    .option("--print-env", "print only the export lines for a shell to eval (RESELLER_BASE_URL, RESELLER_API_KEY)")
    .option(
      "--detach",
      "run in the background and return at once; says how to stop it (with --print-env, also RESELLER_EMULATOR_PID)",
    )
    .option(
      "--allow-remote-webhooks",
      "POST webhooks to callback URLs off this machine too (by default only to loopback addresses)",
    );

/** `--state` is the file the emulator keeps its state in. */
export const emulatorInput = ({ state, ...flags }: FlagsOf<typeof emulatorFlags>) => ({ ...flags, stateFile: state });

export type EmulatorOptions = ReturnType<typeof emulatorInput>;
