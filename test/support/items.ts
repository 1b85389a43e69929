import type { Item } from "../../src/api/model.js";

/** An item as the decoder would give it, with only what a test cares about filled in. */
export function testItem(fields: Partial<Item> & { id: number }): Item {
  return {
    name: `item ${fields.id}`,
    productName: null,
    category: null,
    sku: null,
    price: 10_000,
    stock: null,
    unlimited: true,
    minOrder: 1,
    orderProcess: "h2h",
    isSmm: false,
    description: null,
    openAmount: null,
    requiredFields: [],
    accountCheck: null,
    disruption: null,
    ...fields,
  };
}
