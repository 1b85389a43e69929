import { defineCommand, execGraceOption, execTimeoutOption, parser } from "../registry/declaration.js";
import * as rules from "../rules/input.js";

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
      flags: (c) =>
        c
          .option("--url <url>", "where the service POSTs events: https://, or http:// on this machine only")
          .option("--enable", "switch webhooks on (the default with --url)")
          .option("--disable", "switch webhooks off, keeping the URL"),
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
      flags: (c) =>
        c
          .option("--save", "keep it in the profile for `webhook listen` (file mode 0600)")
          .option("-y, --yes", "do not ask for confirmation"),
      piped: "the secret alone",
      examples: ["reseller webhook secret --save", "reseller webhook secret --yes > webhook-secret.txt"],
      load: () => import("./webhook/secret.js"),
    }),
    defineCommand({
      name: "listen",
      summary:
        "receive webhooks here: verify, answer, confirm each order event with the service, deduplicate, print each event (piped: time, event, ref_id, invoice, status, then serials/licences), hand it on",
      flags: (c) =>
        c
          .option(
            "--port <n>",
            "port; 0 takes a free one (default 8788)",
            parser((v) => (v === "0" ? 0 : rules.positiveInteger("--port", v))),
          )
          .option("--host <host>", "address to listen on (default 127.0.0.1)")
          .option(
            "--forward-to <url>",
            "POST each verified event on to this address, with its delivery id in X-Reseller-Delivery; tried again until it answers 2xx",
          )
          .option(
            "--exec <command>",
            "run this command per event: the event JSON on stdin, RESELLER_EVENT, RESELLER_REF_ID, RESELLER_INVOICE, RESELLER_STATUS, RESELLER_DELIVERY_ID set; exit 0 = handled",
          )
          .option(
            "--max-age <seconds>",
            "refuse a delivery whose X-Timestamp is further than this from now (off by default)",
            parser((v) => rules.positiveInteger("--max-age", v)),
          )
          .addOption(execTimeoutOption())
          .addOption(execGraceOption())
          .option(
            "--receipts <file>",
            "append each delivered or partly delivered order's receipt for the customer to this file (needs the API key: orders are confirmed first)",
          ),
      examples: [
        "reseller webhook listen",
        "reseller webhook listen --port 0 --json | jq .data.ref_id",
        "reseller webhook listen --forward-to http://localhost:3000/webhook",
        "reseller webhook listen --exec ./on-order.sh",
      ],
      load: () => import("./webhook/listen.js"),
    }),
  ],
});
