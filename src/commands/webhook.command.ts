import { defineCommand } from "../registry/declaration.js";
import { webhookListenFlags, webhookSecretFlags, webhookSetFlags } from "./webhook/flags.js";

export default defineCommand({
  name: "webhook",
  summary: "the service's webhooks: where they go, their secret, and a local receiver",
  examples: [
    "reseller webhook secret --save",
    "reseller webhook set --url https://bot.example.com/webhook",
    "reseller webhook listen --exec ./on-order.sh",
  ],
  commands: [
    defineCommand({
      name: "show",
      summary: "the callback URL and whether webhooks are on",
      piped: "label<TAB>value lines: url, enabled, has_secret (then any other field the service sent)",
      examples: ["reseller webhook show", "reseller webhook show --json"],
      load: () => import("./webhook/show.js"),
    }),
    defineCommand({
      name: "set",
      summary: "set the callback URL, or switch webhooks on or off",
      flags: webhookSetFlags,
      examples: ["reseller webhook set --url https://bot.example.com/webhook", "reseller webhook set --disable"],
      load: () => import("./webhook/set.js"),
    }),
    defineCommand({
      name: "test",
      summary: "have the service send a webhook.test event to the callback URL",
      examples: ["reseller webhook test"],
      load: () => import("./webhook/test.js"),
    }),
    defineCommand({
      name: "secret",
      summary: "make a new webhook secret (the old one stops working); the service shows it once",
      flags: webhookSecretFlags,
      piped: "the secret alone",
      examples: ["reseller webhook secret --save", "reseller webhook secret --yes > webhook-secret.txt"],
      load: () => import("./webhook/secret.js"),
    }),
    defineCommand({
      name: "listen",
      summary:
        "receive webhooks here: verify, answer, confirm each order event with the service, deduplicate, print each event (piped: time, event, ref_id, invoice, status, then serials/licences), hand it on",
      flags: webhookListenFlags,
      examples: [
        "reseller webhook listen",
        "reseller webhook listen --port 0 --json | jq .data.ref_id",
        "reseller webhook listen --forward-to http://localhost:3000/webhook",
        "reseller webhook listen --exec ./on-order.sh",
      ],
      endsWithItsReader: true,
      load: () => import("./webhook/listen.js"),
    }),
  ],
});
