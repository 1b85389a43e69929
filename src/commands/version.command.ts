import { defineCommand } from "../registry/declaration.js";

export default defineCommand({
  name: "version",
  summary: "print the version of reseller (also -v and --version)",
  piped: 'the version alone, like 0.1.0; with --json {"version": …}',
  examples: ["reseller version", "reseller version --json"],
  load: () => import("./version.js"),
});
