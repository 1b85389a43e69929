import { describe, expect, it } from "vitest";
import { bulkRefId, parseCsv, readOrders } from "../../src/orders/orders-file.js";
import { UsageError } from "../../src/errors.js";

describe("reading an orders file", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const rows = parseCsv('item_id,quantity,note\n23,100,"{""target"":""https://instagram.com/a,b""}"\n10,1,"line one\nline two"\n');
    expect(rows).toEqual([
      { fields: ["item_id", "quantity", "note"], line: 1 },
      { fields: ["23", "100", '{"target":"https://instagram.com/a,b"}'], line: 2 },
      { fields: ["10", "1", "line one\nline two"], line: 3 },
    ]);
  });

  it("reads a semicolon file with a byte-order mark and skips blank lines", () => {
    expect(parseCsv("\uFEFFitem_id;quantity;note\r\n\r\n12;1;081234567890\r\n")).toEqual([
      { fields: ["item_id", "quantity", "note"], line: 1 },
      { fields: ["12", "1", "081234567890"], line: 3 },
    ]);
  });

  it("refuses a file that ends inside a quoted field, as an input error", () => {
    expect(() => parseCsv('item_id,quantity,note\n12,1,"0812')).toThrow(UsageError);
  });

  it("turns rows into orders, naming the line of a bad one as an editor shows it", () => {
    const orders = readOrders("orders.csv", "item_id,quantity,note\n12,1,081234567890\n\n23,100,\n");
    expect(orders.map((o) => [o.row, o.place, o.itemId, o.quantity])).toEqual([
      [1, "orders.csv line 2", 12, 1],
      [2, "orders.csv line 4", 23, 100],
    ]);
    expect(() => readOrders("orders.csv", "item_id,quantity\n12,1\n\n12,0\n")).toThrow(/^orders\.csv line 4: quantity/);
  });

  it("derives the same ref_id from the same file and row", () => {
    expect(bulkRefId("3f9a1c2b7d4e0000", 7)).toBe("BLK-3f9a1c2b7d4e-0007");
  });
});
