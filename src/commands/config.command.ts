import { defineCommand } from "../registry/declaration.js";
import { configGetFlags, configGetInput, configSetFlags, configSetInput } from "./config/flags.js";

export default defineCommand({
  name: "config",
  summary: "read and change stored settings",
  examples: ["reseller config list", "reseller config set timeout 60"],
  commands: [
    defineCommand({
      name: "list",
      summary: "every setting of the profile, the API key masked",
      piped:
        "one line per setting, tab-separated: setting, value (the API key masked), where it comes from (flag, environment, profile, default)",
      examples: ["reseller config list"],
      load: () => import("./config/list.js"),
    }),
    defineCommand({
      name: "get",
      summary: "one setting",
      flags: configGetFlags,
      piped: "the value alone; nothing when it is not set",
      examples: ["reseller config get base_url"],
      input: configGetInput,
      load: () => import("./config/get.js"),
    }),
    defineCommand({
      name: "set",
      summary: "change a setting (the API key only through `reseller login`)",
      flags: configSetFlags,
      examples: [
        "reseller config set timeout 60",
        "reseller config set base_url https://api.example.com --profile shop2",
      ],
      input: configSetInput,
      load: () => import("./config/set.js"),
    }),
    defineCommand({
      name: "path",
      summary: "where the config file is",
      piped: "the path alone",
      examples: ["reseller config path"],
      load: () => import("./config/path.js"),
    }),
  ],
});
