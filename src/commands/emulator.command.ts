import { defineCommand } from "../registry/declaration.js";
import { emulatorFlags, emulatorInput } from "./emulator/flags.js";

export default defineCommand({
  name: "emulator",
  summary: "run the local service emulator (rehearse without spending money)",
  flags: emulatorFlags,
  piped: "Base URL and Demo API key lines, then the export lines; with --print-env the export lines alone",
  examples: [
    "reseller emulator --port 8787",
    "reseller emulator --dialect live-short",
    'eval "$(reseller emulator --port 0 --print-env --detach)"   # then: kill "$RESELLER_EMULATOR_PID"',
  ],
  input: emulatorInput,
  load: () => import("./emulator.js"),
});
