/**
 * `reseller item ID`: what a reseller checks before selling: price, stock, minimum order, and what an
 * order must give: the required fields by their labels, an open amount's range, the account check.
 */
import type { Item } from "../api/model.js";
import type { Context } from "../context.js";
import { readItem } from "../orders/items.js";
import { money, type Cell } from "../output/output.js";
import { fieldNames, openAmountRange } from "../orders/check-line.js";

export interface ItemOptions {
  id: number;
}

export async function run(ctx: Context, options: ItemOptions): Promise<void> {
  const { data, body } = await readItem(await ctx.client(), options.id);
  if (ctx.output.mode === "json") return ctx.output.json(body);

  // Unlimited items (h2h, manual, smm) report no count: say so rather than print -1.
  let stock: Cell;
  if (data.unlimited) stock = { human: "unlimited", plain: "unlimited", tone: "good" };
  else if (data.stock === null) stock = undefined;
  else if (data.stock <= 0) stock = { human: `${data.stock} (sold out)`, plain: String(data.stock), tone: "bad" };
  else stock = data.stock;

  ctx.output.record([
    ["Item", data.id],
    ["Name", { human: data.name, plain: data.name, tone: "bold" }],
    ["Price", { ...money(data.price), tone: "highlight" }],
    ["Stock", stock],
    ["Minimum order", data.minOrder],
    [
      "Order process",
      data.isSmm && data.orderProcess !== "smm" ? `${data.orderProcess ?? ""} (smm)`.trim() : data.orderProcess,
    ],
    [
      "Required fields",
      data.requiredFields.length ? fieldNames(data.requiredFields.filter((f) => f.required)) || "none" : undefined,
    ],
    ["Open amount", openAmountCell(data)],
    ["Account check", accountCheckCell(data)],
    ["Description", data.description || undefined],
  ]);
}

/** `Nominal: from 10000 to 2000000 in steps of 1000`; `no` for a fixed price, `-` where the item says nothing. */
function openAmountCell(item: Item): Cell {
  if (item.openAmount) return `${item.openAmount.label ?? "amount"}: ${openAmountRange(item.openAmount)}`;
  return item.accountCheck === null && item.requiredFields.length === 0 ? undefined : "no";
}

function accountCheckCell(item: Item): Cell {
  if (item.accountCheck === null) return undefined;
  if (!item.accountCheck.available) return "not offered";
  return {
    human: item.accountCheck.requiresZoneId ? "offered, needs a zone" : "offered",
    plain: item.accountCheck.requiresZoneId ? "offered, needs a zone" : "offered",
    tone: "good",
  };
}
