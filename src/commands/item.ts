/**
 * `reseller item ID`: what a reseller checks before selling: price, stock, minimum order, and what an
 * order must give: the required fields by their labels, an open amount's range, the account check.
 */
import type { Item } from "../api/model.js";
import type { Context } from "../context.js";
import { readItem } from "../orders/items.js";
import { money, type Cell } from "../output/output.js";
import { fieldNames, openAmountRange } from "../orders/check-line.js";
import { en } from "../messages/en.js";
import type { Messages } from "../messages/messages.js";
import type { ItemOptions } from "./item/flags.js";

export async function run(ctx: Context, options: ItemOptions): Promise<void> {
  const { data, body } = await readItem(await ctx.client(), options.id);
  if (ctx.output.mode === "json") return ctx.output.json(body);

  // Piped, the labels and words stay as scripts read them (`minimum_order`, `offered`).
  const words = ctx.output.mode === "plain" ? en : ctx.say;
  // Unlimited items (h2h, manual, smm) report no count: say so rather than print -1.
  let stock: Cell;
  if (data.unlimited) stock = { human: ctx.say.items.unlimited, plain: "unlimited", tone: "good" };
  else if (data.stock === null) stock = undefined;
  else if (data.stock <= 0)
    stock = { human: `${data.stock} (${ctx.say.items.soldOut})`, plain: String(data.stock), tone: "bad" };
  else stock = data.stock;

  ctx.output.record([
    [words.headings.item, data.id],
    [words.headings.name, { human: data.name, plain: data.name, tone: "bold" }],
    [words.headings.price, { ...money(data.price), tone: "highlight" }],
    [words.headings.stock, stock],
    [words.catalogue.minimumOrder, data.minOrder],
    [
      words.catalogue.orderProcess,
      data.isSmm && data.orderProcess !== "smm" ? `${data.orderProcess ?? ""} (smm)`.trim() : data.orderProcess,
    ],
    [
      words.catalogue.requiredFields,
      data.requiredFields.length
        ? fieldNames(data.requiredFields.filter((f) => f.required))(words) || words.catalogue.none
        : undefined,
    ],
    [words.catalogue.openAmount, openAmountCell(data, words)],
    [words.catalogue.accountCheck, accountCheckCell(data, words)],
    [words.catalogue.description, data.description || undefined],
  ]);
}

/** `Nominal: from 10000 to 2000000 in steps of 1000`; `no` for a fixed price, `-` where the item says nothing. */
function openAmountCell(item: Item, words: Messages): Cell {
  if (item.openAmount)
    return `${item.openAmount.label ?? words.catalogue.amount}: ${openAmountRange(item.openAmount)(words)}`;
  return item.accountCheck === null && item.requiredFields.length === 0 ? undefined : words.catalogue.no;
}

function accountCheckCell(item: Item, words: Messages): Cell {
  if (item.accountCheck === null) return undefined;
  if (!item.accountCheck.available) return words.catalogue.notOffered;
  const offered = item.accountCheck.requiresZoneId ? words.catalogue.offeredWithZone : words.catalogue.offered;
  return {
    human: offered,
    plain: offered,
    tone: "good",
  };
}
