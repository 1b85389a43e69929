import { defineCommand } from "../registry/declaration.js";

export default defineCommand({
  name: "login",
  summary: "save an API key for the profile (hidden prompt, or stdin with --with-key); checks it first",
  flags: (c) => c.option("--with-key", "read the API key from stdin instead of prompting"),
  examples: [
    "reseller login --base-url https://api.example.com",
    "printf '%s' \"$KEY\" | reseller login --with-key --base-url https://api.example.com",
  ],
  load: () => import("./login.js"),
});
