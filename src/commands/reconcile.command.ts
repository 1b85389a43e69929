import { defineCommand } from "../registry/declaration.js";

export default defineCommand({
  name: "reconcile",
  summary: "settle journal entries whose outcome is unknown by asking the service",
  piped:
    "one line per request asked about, tab-separated: time, kind, ref_id (a lock's token), outcome now, what it means",
  examples: ["reseller reconcile"],
  load: () => import("./reconcile.js"),
});
