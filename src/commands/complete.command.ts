import { defineCommand } from "../registry/declaration.js";

// A hidden helper for completion scripts: prints candidates one per line, quietly.
export default defineCommand({
  name: "__complete",
  summary: "",
  hidden: true,
  flags: (c) => c.argument("<what>").argument("[prefix]", "only candidates that start so (the word being completed)"),
  input: (_flags, [what, prefix]) => ({ what, prefix }),
  load: () => import("./complete.js"),
});
