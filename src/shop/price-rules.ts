/**
 * Selling prices: what the reseller charges their own customers, made from the service's price (the
 * cost) by markup rules kept in the profile (`price_rules` in config.json). A rule is for every item,
 * a category, a product or one item; the most specific one that matches wins (item, then product,
 * then category, then every item). A markup is a percentage or an amount of Rupiah, and the result
 * is rounded up to a multiple (`--round 500`): a shop's prices end in round numbers, never below cost.
 */
import { formatRupiah } from "../output/format.js";
import { slugOf } from "../catalogue/search.js";
import { en } from "../messages/en.js";
import { present } from "../errors.js";
import type { Messages } from "../messages/messages.js";

export type RuleScope = "all" | "category" | "product" | "item";

export interface PriceRule {
  scope: RuleScope;
  /** The category's or product's name as typed (matched in any case, or by slug); absent for item and all. */
  name?: string;
  item?: number;
  /** One of the two: a percentage of the cost, or Rupiah added to it. */
  percent?: number;
  amount?: number;
  /** The selling price is rounded up to a multiple of this. */
  round?: number;
  /** A price list shows the price of this many units (`--per 1000`: 1.000 followers), marked up and rounded whole. */
  per?: number;
}

/** What the rules need to know of an item. */
export interface Priced {
  id: number;
  category: string | null;
  product: string | null;
  price: number | null;
}

export const priceRulesKey = "price_rules";

const specificity: Record<RuleScope, number> = { item: 3, product: 2, category: 1, all: 0 };

/** The rules kept in a profile record; what does not read as a rule is left out, never half-used. */
export function rulesOf(profile: Record<string, unknown>): PriceRule[] {
  const stored = profile[priceRulesKey];
  if (!Array.isArray(stored)) return [];
  return stored.filter(isRule);
}

function isRule(value: unknown): value is PriceRule {
  if (typeof value !== "object" || value === null) return false;
  const r = value as Record<string, unknown>;
  const scoped =
    r.scope === "all" ||
    ((r.scope === "category" || r.scope === "product") && typeof r.name === "string") ||
    (r.scope === "item" && Number.isSafeInteger(r.item));
  const positive = (v: unknown) => typeof v === "number" && Number.isFinite(v) && v > 0;
  return (
    scoped &&
    positive(r.percent) !== positive(r.amount) &&
    (r.round === undefined || (Number.isSafeInteger(r.round) && (r.round as number) > 0)) &&
    (r.per === undefined || (Number.isSafeInteger(r.per) && (r.per as number) > 0))
  );
}

const sameName = (a: string, b: string | null) =>
  b !== null && (a.trim().toLowerCase() === b.trim().toLowerCase() || slugOf(a) === slugOf(b));

/** Whether two rules are for the same items (a new one replaces the old). */
export function sameScope(a: PriceRule, b: PriceRule): boolean {
  if (a.scope !== b.scope) return false;
  if (a.scope === "item") return a.item === b.item;
  if (a.scope === "all") return true;
  return sameName(present(a.name, "a named rule's name"), b.name ?? null);
}

function matches(rule: PriceRule, item: Priced): boolean {
  switch (rule.scope) {
    case "all":
      return true;
    case "item":
      return rule.item === item.id;
    case "product":
      return sameName(present(rule.name, "a product rule's name"), item.product);
    case "category":
      return sameName(present(rule.name, "a category rule's name"), item.category);
  }
}

/** The rule in force for an item: the most specific that matches. */
export function ruleFor(rules: readonly PriceRule[], item: Priced): PriceRule | undefined {
  let best: PriceRule | undefined;
  for (const rule of rules)
    if (matches(rule, item) && (!best || specificity[rule.scope] > specificity[best.scope])) best = rule;
  return best;
}

/** A cost with a rule's markup, rounded up to the rule's multiple. */
export function applyRule(rule: PriceRule, cost: number): number {
  // Percent in hundredths, so 7,5% of 11.500 is whole arithmetic before the one rounding up.
  const marked =
    rule.percent !== undefined
      ? Math.ceil((cost * Math.round(rule.percent * 100 + 10_000)) / 10_000)
      : cost + (rule.amount ?? 0);
  return rule.round ? Math.ceil(marked / rule.round) * rule.round : marked;
}

/** The selling price of one unit, with the rule that made it; null price when the item has no cost or no rule. */
export function sellingPrice(
  rules: readonly PriceRule[],
  item: Priced,
  cost = item.price,
): { price: number | null; rule?: PriceRule } {
  const rule = ruleFor(rules, item);
  if (!rule || cost === null) return { price: null, ...(rule ? { rule } : {}) };
  return { price: applyRule(rule, cost), rule };
}

/** What a price list needs to know of an item besides what the rules do. */
export interface Listable extends Priced {
  process: string | null;
  min_order: number;
  open_amount?: unknown;
}

/**
 * What a customer's price list says of an item, with the markup and rounding applied to exactly that:
 *   per         the units the price is for: the rule's `per`; else an SMM item's minimum order (one
 *               follower at Rp 35 rounded up to Rp 500 would be absurd); else 1. null for an open amount.
 *   price       the selling price of `per` units, made whole from their cost; for an open amount, what
 *               is added to the amount the customer names (the service's fee, marked up).
 *   cost        what those units (or the fee) cost the reseller.
 */
export interface ListedPrice {
  per: number | null;
  price: number;
  cost: number;
  rule: PriceRule;
}

export function listedPrice(rules: readonly PriceRule[], item: Listable): ListedPrice | null {
  const rule = ruleFor(rules, item);
  if (!rule || item.price === null) return null;
  if (item.open_amount) return { per: null, price: applyRule(rule, item.price), cost: item.price, rule };
  const per = rule.per ?? (item.process === "smm" ? Math.max(1, item.min_order) : 1);
  const cost = item.price * per;
  return { per, price: applyRule(rule, cost), cost, rule };
}

/** `item 12`, `product Netflix`, `category Pulsa`, `every item`, in the reader's language. */
export function scopeWords(rule: PriceRule, words: Messages["shop"]["scope"]): string {
  if (rule.scope === "all") return words.all;
  return rule.scope === "item" ? words.item(String(rule.item)) : words[rule.scope](rule.name ?? "");
}

/** A rule's items as --json gives them (`rule`, `removed`): English in every language, as scripts read them. */
export function scopeKey(rule: PriceRule): string {
  return scopeWords(rule, en.shop.scope);
}

/** `10%` or `+Rp 1.500`, then the rounding: what a rule does, in a few words. */
export function markupWords(rule: PriceRule, say: Messages): string {
  const markup =
    rule.percent !== undefined ? `+${String(rule.percent).replace(".", ",")}%` : `+${formatRupiah(rule.amount)}`;
  const rounded = rule.round ? say.shop.roundedUp(markup, formatRupiah(rule.round)) : markup;
  return rule.per ? say.shop.perUnits(rounded, formatCount(rule.per)) : rounded;
}

/** 1000 as people read it in a price list: `1.000`. */
export function formatCount(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}
