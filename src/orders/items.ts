/**
 * Items as orders need them: read from the service, with a missing one named by its id, under the
 * id the reseller asked for (that id is what is bought, whatever id the answer names).
 */
import type { ServiceClient } from "../api/client.js";
import type { ApiResult, Item } from "../api/model.js";
import { ServiceError } from "../errors.js";

/** One item as the service answered it (the body for `--json`), a not-found said with the id. */
export async function readItem(client: ServiceClient, id: number): Promise<ApiResult<Item>> {
  try {
    const result = await client.getItem(id);
    return { ...result, data: { ...result.data, id } };
  } catch (error) {
    if (error instanceof ServiceError && error.code === "ITEM_NOT_FOUND") {
      error.said = (say) => say.orders.buying.noItem(id);
      error.suggestion ??= (say) => say.orders.buying.noItemHint;
    }
    throw error;
  }
}

export async function fetchItem(client: ServiceClient, id: number): Promise<Item> {
  return (await readItem(client, id)).data;
}

/** Each item once, however many lines name it. */
export async function fetchItems(client: ServiceClient, ids: number[]): Promise<Map<number, Item>> {
  const items = new Map<number, Item>();
  for (const id of new Set(ids)) items.set(id, await fetchItem(client, id));
  return items;
}
