import { defineCommand, langOnCommandLine } from "../registry/declaration.js";
import { buyFlags } from "./buy/flags.js";

export default defineCommand({
  name: "buy",
  summary: "buy with your balance: one item, a cart of several, or many orders from a file",
  flags: buyFlags,
  piped: "one line, tab-separated: invoice, ref_id, status, amount, created, outcome",
  details:
    "With --wait, the rows of `reseller trx show`. With --file, one line per order: line, ref_id, outcome (bought, delivered, partial, delivery_failed, refused, not_sent, unknown), exit code, invoice, amount, status, error code, item, customer, refunded, then what to hand over (serials, licences), one field each. With --plan, one line per row: line, ref_id, plan (would_buy, already_bought, refused), item id, item, quantity, customer, amount, unit price, kept catalogue's price when it differs, problem code, problem, ref_id bought under, alternatives; then total, balance, short, can_run.",
  examples: [
    "reseller buy --item 12 --qty 1 --note 081234567890",
    "reseller buy --item 22 --qty 1 --note 123456789   # names the account first",
    "reseller buy --item 29 --nominal 50rb --note 081234567890   # Rp 50.000",
    "reseller buy --item 23 --qty 500 --target https://instagram.com/toko --wait",
    "reseller buy --cart cart.json --yes",
    "reseller buy --file orders.csv --out results.jsonl",
    "reseller buy --file orders.csv --plan   # what a run would buy; nothing sent",
    "reseller buy --file orders.csv --skip-bought --wait",
    "reseller buy --item 12 --qty 1 --note 081234567891 --receipt",
    "reseller buy --file orders.csv --skip-bought --receipts receipts.txt",
  ],
  // The receipts follow --lang on this command line only: the reseller's own language is not the customer's.
  input: (flags, _args, command) => ({ ...flags, receiptLanguage: langOnCommandLine(command) }),
  load: () => import("./buy.js"),
});
