import { defineCommand, itemOption, parser, quantityOption } from "../registry/declaration.js";
import * as rules from "../rules/input.js";

export default defineCommand({
  name: "sandbox",
  summary: "a test order: neither balance nor stock changes",
  flags: (c) =>
    c
      .addOption(itemOption())
      .addOption(quantityOption())
      .option("--ref-id <id>", "your reference id (default: generated)", parser(rules.refId)),
  piped: "one line, tab-separated: id, ref_id, status, invoice",
  examples: ["reseller sandbox --item 12 --qty 1"],
  load: () => import("./sandbox.js"),
});
