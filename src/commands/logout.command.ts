import { defineCommand } from "../registry/declaration.js";

export default defineCommand({
  name: "logout",
  summary: "forget the profile's API key",
  examples: ["reseller logout", "reseller logout --profile shop2"],
  load: () => import("./logout.js"),
});
