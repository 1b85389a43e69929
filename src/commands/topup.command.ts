import { defineCommand, parser } from "../registry/declaration.js";
import * as rules from "../rules/input.js";

export default defineCommand({
  name: "topup",
  summary: "top up the balance: get a payment link (asks for what is missing on a terminal)",
  flags: (c) =>
    c
      .option(
        "--amount <rupiah>",
        "at least 10.000, as you write it: 50000, 50.000, Rp 50.000, 50rb, 1,5jt",
        parser(rules.topUpAmount),
      )
      .option("--channel <code>", "a code from `reseller channels`")
      .option("-y, --yes", "do not ask for confirmation"),
  piped:
    "one line, tab-separated: payment link (else the QR link), amount, fee, total, channel, expires, QR link, invoice",
  examples: [
    "reseller topup",
    "reseller topup --amount 100000 --channel QRIS --yes",
    "reseller topup --amount 100000 --channel QRIS --yes | cut -f1",
  ],
  load: () => import("./topup.js"),
});
