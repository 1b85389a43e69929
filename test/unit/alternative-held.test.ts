/**
 * An alternative the service holds already under its ref_id is this very order only when its answer
 * says the same item, quantity and customer; an answer that leaves one out is unclear, and the next
 * alternative is never bought on it.
 */
import { describe, expect, it } from "vitest";
import type { Item, Transaction, TransactionLine } from "../../src/api/model.js";
import { sameAlternative } from "../../src/orders/alternatives.js";
import type { Order } from "../../src/orders/order.js";
import { freeFireLine, freeFireSale } from "../support/transactions.js";

const line = freeFireLine("99990077");

function held(lines: Partial<TransactionLine>[]): Transaction {
  return freeFireSale(
    "failed",
    lines.map((l) => ({ ...line, ...l })),
    { refId: "SALE-81-alt1" },
  );
}

const order: Order = {
  refId: "SALE-81-alt1",
  refIdGiven: true,
  lines: [{ item: { id: 22, name: "Free Fire 140 Diamonds", price: 19_000 } as Item, quantity: 1, note: "99990077" }],
  alternativeOf: { refId: "SALE-81", carts: [{ item_id: 4, quantity: 1, note: "99990077" }] },
};

describe("an alternative the service holds", () => {
  it("is this order when item, quantity and customer are each the same", () => {
    expect(sameAlternative(held([{}]), order)).toBe(true);
  });

  it("is not when any of them differs", () => {
    for (const other of [{ itemId: 3 }, { quantity: 2 }, { note: "99990078" }])
      expect(sameAlternative(held([other]), order)).toBe(false);
    expect(sameAlternative(held([{}, {}]), order)).toBe(false);
  });

  it("is unclear, so not this order, when the answer leaves the customer, the item or its lines out", () => {
    for (const unsaid of [{ note: null }, { itemId: null }, { quantity: null }])
      expect(sameAlternative(held([unsaid]), order)).toBe(false);
    expect(sameAlternative(held([]), order)).toBe(false);
  });
});
