import { defineCommand } from "../registry/declaration.js";
import { loginFlags } from "./login/flags.js";

export default defineCommand({
  name: "login",
  summary: "save an API key for the profile (hidden prompt, or stdin with --with-key); checks it first",
  flags: loginFlags,
  examples: [
    "reseller login --base-url https://api.example.com",
    "printf '%s' \"$KEY\" | reseller login --with-key --base-url https://api.example.com",
  ],
  load: () => import("./login.js"),
});
