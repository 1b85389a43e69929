/**
 * `buy`'s flags, declared once: their types are the options `buy` gets (`BuyFlags`), which
 * src/orders/buy-request.ts turns into the one request they describe.
 */
import { type Bare, collect, type FlagsOf, parser, settingOption, ruledOption } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const buyFlags = (c: Bare) =>
  c
    .addOption(ruledOption("--item <id>", "item (variant) id", rules.positiveInteger))
    .addOption(ruledOption("--qty <n>", "quantity", rules.quantity))
    .option("--note <text>", "customer data: target number, user id, or an SMM JSON note")
    .option("--target <target>", "SMM: link or username; builds the JSON note")
    .option("--opt <option>", "SMM: an extra option (repeat for more)", collect)
    .option("--comment <text>", "SMM: comment for comment services")
    .option(
      "--cart <file>",
      "one transaction with several items: a JSON array of {item_id, quantity, note}; - for stdin",
    )
    .option("--file <orders>", "many transactions from orders.csv or orders.jsonl")
    .addOption(
      ruledOption("--concurrency <n>", "with --file: orders in flight at once (default 4)", rules.positiveInteger),
    )
    .option("--out <results>", "with --file: also write each result as a JSON line here")
    .option(
      "--skip-bought",
      "with --file: skip orders that match a recent purchase (same item, quantity, customer) and buy the new ones",
    )
    .option(
      "--again",
      "buy again what matches a recent purchase (same item, quantity, customer) without asking; with --file, those rows",
    )
    .addOption(settingOption("repeat_window", "how far back the repeat check looks, in hours"))
    .option("--ref-id <id>", "your reference id (default: generated and printed)", parser(rules.refId))
    .option("--lock <token>", "use a stock lock from `reseller lock add`")
    .option("--wait", "wait until delivered, then show serial numbers / licences")
    .addOption(settingOption("wait_timeout", "with --wait: give up waiting after this many seconds"))
    .option("-y, --yes", "do not ask for confirmation")
    .option(
      "--plan",
      "check everything a run with these flags would, print what it would buy, find bought or refuse, and the total against the balance; nothing is sent (exit 0: the run could go ahead, 2: it could not)",
    )
    .addOption(
      ruledOption(
        "--nominal <rupiah>",
        "open amount: the amount asked for (provider_qty: 50000, 50.000, 50rb); the note is then the target",
        rules.rupiah,
      ),
    )
    .addOption(
      ruledOption("--zone-id <zone>", "open amount: the game's zone, sent in the note as zone_id", rules.customerId),
    )
    .option("--receipt", "print the customer's receipt once delivered (implies --wait; see `reseller receipt`)")
    .option(
      "--receipts <file>",
      "with --file: append each delivered (or partly delivered) order's receipt to this file, one after another (implies --wait)",
    )
    .option(
      "--alternatives",
      "when the item cannot be sold (disrupted, refused, not sent, or its delivery failed and was refunded), buy its next alternative for the same customer (`reseller alternatives`; with --file, also an alternatives column)",
    )
    .addOption(
      ruledOption(
        "--max-price <rupiah>",
        "with --alternatives: the most an alternative may cost (default: the original's selling price, else its cost)",
        rules.rupiah,
      ),
    )
    .option("--no-validate", "do not check the customer's account before buying")
    .option(
      "--no-check",
      "skip the checks of the customer data: a phone number's form (08…, 10-13 digits) and operator, a game account's region",
    );

export type BuyFlags = FlagsOf<typeof buyFlags>;
