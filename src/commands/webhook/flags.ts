/** The flags of `webhook set`, `webhook secret` and `webhook listen`, declared once: their types are the options their handlers get. */
import {
  type Bare,
  execGraceOption,
  execTimeoutOption,
  type FlagsOf,
  parser,
  ruledOption,
} from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const webhookSetFlags = (c: Bare) =>
  c
    .option("--url <url>", "where the service POSTs events: https://, or http:// on this machine only")
    .option("--enable", "switch webhooks on (the default with --url)")
    .option("--disable", "switch webhooks off, keeping the URL");

export type WebhookSetOptions = FlagsOf<typeof webhookSetFlags>;

export const webhookSecretFlags = (c: Bare) =>
  c
    .option("--save", "keep it in the profile for `webhook listen` (file mode 0600)")
    .option("-y, --yes", "do not ask for confirmation");

export type WebhookSecretOptions = FlagsOf<typeof webhookSecretFlags>;

export const webhookListenFlags = (c: Bare) =>
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
    .addOption(
      ruledOption(
        "--max-age <seconds>",
        "refuse a delivery whose X-Timestamp is further than this from now (off by default)",
        rules.positiveInteger,
      ),
    )
    .addOption(execTimeoutOption())
    .addOption(execGraceOption())
    .option(
      "--receipts <file>",
      "append each delivered or partly delivered order's receipt for the customer to this file (needs the API key: orders are confirmed first)",
    );

export type WebhookListenOptions = FlagsOf<typeof webhookListenFlags>;
