import { defineCommand } from "../registry/declaration.js";
import { topUpFlags } from "./topup/flags.js";

export default defineCommand({
  name: "topup",
  summary: "top up the balance: get a payment link (asks for what is missing on a terminal)",
  flags: topUpFlags,
  piped:
    "one line, tab-separated: payment link (else the QR link), amount, fee, total, channel, expires, QR link, invoice",
  examples: [
    "reseller topup",
    "reseller topup --amount 100000 --channel QRIS --yes",
    "reseller topup --amount 100000 --channel QRIS --yes | cut -f1",
  ],
  load: () => import("./topup.js"),
});
