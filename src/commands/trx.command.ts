import { defineCommand } from "../registry/declaration.js";
import { trxListFlags, trxShowFlags, trxShowInput } from "./trx/flags.js";

export default defineCommand({
  name: "trx",
  summary: "transactions",
  examples: ["reseller trx show ORD-20261121-0001", "reseller trx list"],
  commands: [
    defineCommand({
      name: "list",
      summary: "your past transactions, newest first",
      flags: trxListFlags,
      about:
        "Piped, one line per transaction, tab-separated: created, ref_id, invoice, status, amount.\n" +
        "Purchases of the page this machine made whose outcome it had not recorded as final are asked about first (the refund of one that failed), unless --no-refresh.",
      examples: [
        "reseller trx list",
        "reseller trx list --status completed --per-page 50",
        "reseller trx list --page 2 --json | jq '.data'",
      ],
      load: () => import("./trx/list.js"),
      movesNoMoney: true,
    }),
    defineCommand({
      name: "show",
      summary: "a transaction with its items, serial numbers, licences and SMM progress",
      flags: trxShowFlags,
      piped: "one line per fact, tab-separated, the first field naming it",
      details:
        "  transaction  invoice, ref_id, status, amount, created\n" +
        "  note         the service's note (a refund, a failure)\n" +
        "  payment_link the link\n" +
        "  alternative_of the ref_id bought instead of, its item id, why it was given up\n" +
        "  item         item id, name, quantity, price, process, customer data\n" +
        "  licence      item id, one licence line\n" +
        "  seller_note  item id, the seller's note\n" +
        "  sn           item id, status, serial number (empty when it failed), provider message or why it failed\n" +
        "  smm          item id, order, status, start count, remains, delivered %, delivered, refund, provider status\n" +
        "  outcome      the order's verdict (bought, delivered, partial, delivery_failed), what was refunded",
      examples: [
        "reseller trx show ORD-20261121-0001",
        "reseller trx show INV-20261121-000123 --watch",
        "reseller trx show ORD-20261121-0001 | awk -F'\\t' '$1 == \"sn\" {print $4}'",
      ],
      input: trxShowInput,
      load: () => import("./trx/show.js"),
      movesNoMoney: true,
    }),
  ],
});
