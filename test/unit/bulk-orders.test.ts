import { describe, expect, it } from "vitest";
import {
  inFileTerms,
  parseCsv,
  placeOf,
  problemsError,
  readOrderRows,
  readOrders,
} from "../../src/orders/orders-file.js";
import { id } from "../../src/messages/id.js";
import { en } from "../../src/messages/en.js";
import { derivedRefId, refIdsOf } from "../../src/orders/repeats.js";
import { UsageError } from "../../src/errors.js";

describe("reading an orders file", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const rows = parseCsv(
      'item_id,quantity,note\n23,100,"{""target"":""https://instagram.com/a,b""}"\n10,1,"line one\nline two"\n',
    );
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
    expect(orders.map((o) => [o.row, placeOf(o)(en), o.itemId, o.quantity])).toEqual([
      [2, "orders.csv line 2", 12, 1],
      [4, "orders.csv line 4", 23, 100],
    ]);
    // The place is data, worded by whoever shows it: in Indonesian, the row is a `baris`.
    const [, fourth] = orders;
    expect(fourth && placeOf(fourth)(id)).toBe("orders.csv baris 4");
    expect(() => readOrders("orders.csv", "item_id,quantity\n12,1\n\n12,0\n")).toThrow(/^orders\.csv line 4: quantity/);
  });

  it("names every bad row of a file at once, by the line an editor shows", () => {
    const { rows, problems } = readOrderRows(
      "orders.csv",
      "item_id,quantity,note\n12,0,0812\n12,1,0812\n\nx,1,0812\n12,,0812\n",
    );
    expect(rows.map((r) => r.row)).toEqual([3]);
    expect(problems.map((p) => p.line)).toEqual([2, 5, 6]);
    expect(() => readOrders("orders.csv", "item_id,quantity,note\n12,0,0812\n12,1,0812\n\nx,1,0812\n")).toThrow(
      /^2 rows need fixing; nothing was sent:$/,
    );
    expect(() => readOrders("orders.csv", "item_id,quantity,note\n12,0,0812\n\nx,1,0812\n")).toThrow(
      expect.objectContaining({
        details: { "orders.csv line 2": expect.anything(), "orders.csv line 4": expect.anything() },
      }),
    );
  });

  it("words a file's problems where they are shown: Indonesian for people, English in a JSON error's details", () => {
    // Read once; each problem is worded where it is shown, in the catalogue of whoever shows it.
    const { problems } = readOrderRows("shop.csv", "item_id,quantity,note\n12,1.5,0812\n12,1,0812,x\n");
    const error = problemsError(problems);
    expect(error.messageIn(id)).toBe("2 baris perlu diperbaiki; tidak ada yang dikirim:");
    expect(error.details).toEqual({
      "shop.csv line 2": 'quantity must be a positive whole number, not "1.5". (Write it as 1000 or 1.000)',
      "shop.csv line 3": "4 fields but the header has 3 (quote a note that contains commas).",
    });
    expect(error.detailsSaid?.(id)).toEqual({
      "shop.csv baris 2": 'quantity harus bilangan bulat positif, bukan "1.5". (Tulis seperti 1000 atau 1.000)',
      "shop.csv baris 3": "ada 4 kolom padahal header-nya 3 (beri tanda kutip pada catatan yang berisi koma).",
    });
    // One problem reads as itself, in the reader's words.
    const [first] = problems;
    const one = problemsError(first ? [first] : []);
    expect(one.messageIn(id)).toBe('shop.csv baris 2: quantity harus bilangan bulat positif, bukan "1.5".');
    expect(one.suggestionIn(id)).toBe("Tulis seperti 1000 atau 1.000.");
  });

  it("speaks of a file's columns, not of flags", () => {
    expect(inFileTerms("For example: --target https://instagram.com/tokoku")(en)).toBe(
      "the target column, e.g. https://instagram.com/tokoku",
    );
    expect(inFileTerms("Give it with --note or --zone-id.")(en)).toBe(
      "Give it with the note column or the zone_id column.",
    );
  });

  it("derives a row's ref_id from its content, the day and its occurrence: reordering or appending keeps it", () => {
    const a = { key: '[12,1,"0812"]' };
    const b = { key: '[11,1,"0813"]' };
    const first = refIdsOf([a, b, a], "20261123");
    const reordered = refIdsOf([b, a, a, { key: '[3,1,""]' }], "20261123");
    expect(first[0]).toBe(derivedRefId(a.key, 1, "20261123"));
    expect(first[2]).toBe(derivedRefId(a.key, 2, "20261123"));
    expect(new Set(reordered.slice(0, 3))).toEqual(new Set(first));
    expect(refIdsOf([{ key: a.key, refId: "mine-1" }], "20261123")).toEqual(["mine-1"]);
    expect(first[0]).toMatch(/^BLK-20261123-[0-9a-f]{12}-1$/);
  });
});
