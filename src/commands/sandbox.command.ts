import { defineCommand } from "../registry/declaration.js";
import { sandboxFlags } from "./sandbox/flags.js";

export default defineCommand({
  name: "sandbox",
  summary: "a test order: neither balance nor stock changes",
  flags: sandboxFlags,
  piped: "one line, tab-separated: id, ref_id, status, invoice",
  examples: ["reseller sandbox --item 12 --qty 1"],
  load: () => import("./sandbox.js"),
});
