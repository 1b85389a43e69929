/** `reseller item ID`: what a reseller checks before selling: price, stock, minimum order. */
import type { ServiceClient } from "../api/client.js";
import type { ApiResult, Item } from "../api/model.js";
import type { Context } from "../context.js";
import { ServiceError } from "../errors.js";
import { money, type Cell } from "../output/output.js";

export interface ItemOptions {
  id: number;
}

/** One item, with the id in the words of a not-found refusal. `buy` reads items through this too. */
export async function getItem(client: ServiceClient, id: number): Promise<ApiResult<Item>> {
  try {
    return await client.getItem(id);
  } catch (error) {
    if (error instanceof ServiceError && error.code === "ITEM_NOT_FOUND") {
      error.message = `No active item has id ${id}.`;
      error.suggestion ??= "Check the id in your seller's catalogue; an item the seller withdrew reads as not found too.";
    }
    throw error;
  }
}

export async function run(ctx: Context, options: ItemOptions): Promise<void> {
  const { data, body } = await getItem(await ctx.client(), options.id);
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
    ["Order process", data.isSmm && data.orderProcess !== "smm" ? `${data.orderProcess ?? ""} (smm)`.trim() : data.orderProcess],
    ["Description", data.description || undefined],
  ]);
}
