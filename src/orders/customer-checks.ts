/**
 * Doubts about the customer data that only a person can settle, found before paying: a phone number
 * of another operator than the item's (Indonesian numbers keep their operator's prefix: there is no
 * number portability), and a game account whose region is not the item's. The service would take
 * both and the provider would deliver to the wrong place or refuse after charging; so at a terminal
 * each is said before "Buy?", and where nobody confirms (a script, --no-input, --yes) the purchase
 * is refused, exit 2, nothing sent. `--no-check` skips them.
 */
import type { Item, OpenAmountNote } from "../api/model.js";
import { UsageError, type Wording } from "../errors.js";
import { readPhoneNumber } from "../rules/phone.js";
import { accountName, type LineAccount } from "./account-check.js";
import { itemWords, takesPhoneNumber } from "./check-line.js";
import type { Order, OrderLine } from "./order.js";

/**
 * The operators' prefixes (the four digits after the 0), as the operators publish them. by.U is a
 * Telkomsel brand on Telkomsel numbers; XL and Axis are one company but sell pulsa separately.
 */
const operatorPrefixes: Readonly<Record<string, readonly string[]>> = {
  Telkomsel: ["0811", "0812", "0813", "0821", "0822", "0823", "0851", "0852", "0853"],
  Indosat: ["0814", "0815", "0816", "0855", "0856", "0857", "0858"],
  XL: ["0817", "0818", "0819", "0859", "0877", "0878"],
  Axis: ["0831", "0832", "0833", "0838"],
  Tri: ["0895", "0896", "0897", "0898", "0899"],
  Smartfren: ["0881", "0882", "0883", "0884", "0885", "0886", "0887", "0888", "0889"],
};

/** How an item names its operator: the operator, or one of its card brands. */
const operatorWords: Readonly<Record<string, RegExp>> = {
  Telkomsel: /\b(telkomsel|tsel|simpati|kartu\s*as|loop|by\.?u)\b/i,
  Indosat: /\b(indosat|im3|mentari|ooredoo)\b/i,
  XL: /\b(xl|xl\s*axiata)\b/i,
  Axis: /\baxis\b/i,
  Tri: /\b(tri|three)\b/i,
  Smartfren: /\bsmartfren\b/i,
};

/** The operator a mobile number belongs to, by its prefix; undefined for a prefix not in the tables. */
export function operatorOfNumber(text: string): string | undefined {
  const reading = readPhoneNumber(text);
  if (!reading.ok) return undefined;
  const prefix = reading.number.slice(0, 4);
  return Object.entries(operatorPrefixes).find(([, prefixes]) => prefixes.includes(prefix))?.[0];
}

/** The one operator an item is for, from its product, name or category; undefined when it names none or several. */
export function operatorOfItem(item: Item): string | undefined {
  const text = [item.productName, item.name].filter(Boolean).join(" ");
  const named = Object.entries(operatorWords)
    .filter(([, words]) => words.test(text))
    .map(([operator]) => operator);
  return named.length === 1 ? named[0] : undefined;
}

/** Regions a game's items are sold for, as their names say them. `Global` takes any region, so it is not one. */
const regions = [
  "Indonesia",
  "Malaysia",
  "Singapore",
  "Philippines",
  "Thailand",
  "Vietnam",
  "Brazil",
  "Myanmar",
  "Cambodia",
  "Laos",
  "India",
  "Russia",
  "Turkey",
];

/** The region an item is for, when its product or name says one. */
export function regionOfItem(item: Item): string | undefined {
  const text = [item.productName, item.name].filter(Boolean).join(" ");
  return regions.find((region) => new RegExp(`\\b${region}\\b`, "i").test(text));
}

/** The customer's number a line sends: the note, or an open amount's target. */
function numberOf(line: OrderLine): string | undefined {
  if (line.note === undefined) return undefined;
  if (!line.item.openAmount) return line.note;
  try {
    return (JSON.parse(line.note) as OpenAmountNote).target;
  } catch {
    return undefined;
  }
}

export interface Doubt {
  line: OrderLine;
  code: "OPERATOR_MISMATCH" | "REGION_MISMATCH";
  /** One sentence naming the customer data, what it is and what the item is for, in the reader's words. */
  message: Wording;
}

/** Numbers of another operator than their line's item: known from the order alone, before any request. */
export function operatorDoubts(order: Order): Doubt[] {
  return order.lines.flatMap((line) => operatorDoubt(line) ?? []);
}

/** A line's number of another operator than its item's, if it is one. */
export function operatorDoubt(line: OrderLine): Doubt | undefined {
  if (!takesPhoneNumber(line.item)) return undefined;
  const wanted = operatorOfItem(line.item);
  const number = numberOf(line);
  if (number === undefined) return undefined;
  const found = operatorOfNumber(number);
  if (wanted === undefined || found === undefined || found === wanted) return undefined;
  return {
    line,
    code: "OPERATOR_MISMATCH",
    message: (words) => words.orders.checks.otherOperator(number.trim(), found, itemWords(line.item)(words), wanted),
  };
}

/** Accounts found in another region than their line's item is sold for. */
export function regionDoubts(accounts: LineAccount[]): Doubt[] {
  const doubts: Doubt[] = [];
  for (const a of accounts) {
    if (a.state !== "found" || !a.result.region) continue;
    const wanted = regionOfItem(a.line.item);
    if (wanted === undefined || a.result.region.trim().toLowerCase() === wanted.toLowerCase()) continue;
    const name = accountName(a.result);
    const region = name.includes(a.result.region) ? "" : a.result.region;
    doubts.push({
      line: a.line,
      code: "REGION_MISMATCH",
      message: (say) =>
        say.orders.checks.otherRegion(a.account.customerId, name, region, itemWords(a.line.item)(say), wanted),
    });
  }
  return doubts;
}

/** What to do about a doubt nobody at a terminal confirmed. */
export const doubtSuggestion: Wording = (say) => say.orders.checks.doubtHint;

/** Where nobody confirms: the first doubt stops the purchase, exit 2, before anything is sent. */
export function refuseDoubts(doubts: Doubt[]): void {
  const first = doubts[0];
  if (!first) return;
  // Its verdict too, as a bulk row stopped by the same check and a refused repeat say it.
  throw new UsageError((say) => say.orders.checks.nothingBought(first.message(say)), {
    code: first.code,
    details: { outcome: "not_sent" },
    suggestion: doubtSuggestion,
  });
}
