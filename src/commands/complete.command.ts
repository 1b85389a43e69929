import { defineCommand } from "../registry/declaration.js";
import { completeFlags, completeInput } from "./complete/flags.js";

// A hidden helper for completion scripts: prints candidates one per line, quietly.
export default defineCommand({
  name: "__complete",
  summary: "",
  hidden: true,
  flags: completeFlags,
  input: completeInput,
  load: () => import("./complete.js"),
});
