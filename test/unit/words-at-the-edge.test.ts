/**
 * Words at the edge (docs/structure.md): orders/ says what is wrong as wordings, and whoever shows it
 * words them in the reader's catalogue. A refusal made once reads in either language.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ResellerError } from "../../src/errors.js";
import { en } from "../../src/messages/en.js";
import { id } from "../../src/messages/id.js";
import { readCart } from "../../src/orders/cart-file.js";
import { checkLine } from "../../src/orders/check-line.js";
import { testItem } from "../support/items.js";

const orders = resolve(import.meta.dirname, "../../src/orders");

/** `name(line): what` for each function of orders/ that takes a catalogue beside other parameters. */
function catalogueTakers(): string[] {
  const found: string[] = [];
  for (const name of readdirSync(orders).filter((n) => n.endsWith(".ts"))) {
    const text = readFileSync(join(orders, name), "utf8");
    const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node)) {
        const { parameters } = node;
        // A function of the catalogue alone is a wording: `(say) => say.x(…)`.
        const takes = parameters.some((p) => p.type !== undefined && /\bMessages\b/.test(p.type.getText(source)));
        if (takes && parameters.length > 1) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${name}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function refusalOf(make: () => unknown): ResellerError {
  try {
    make();
  } catch (error) {
    if (error instanceof ResellerError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("words at the edge", () => {
  it("no function in orders/ takes the reader's catalogue: it hands back a wording instead", () => {
    expect(catalogueTakers()).toEqual([]);
  });

  it("a cart line refused once reads in English and in Indonesian, its place included", () => {
    const refusal = refusalOf(() => readCart('[{"item_id": 12, "quantity": 1}, {"item_id": 3, "quantity": "x"}]'));
    expect(refusal.messageIn(en)).toMatch(/^cart line 2: quantity/);
    expect(refusal.messageIn(id)).toMatch(/^keranjang baris 2: quantity/);
  });

  it("a line its item refuses names its place in the words that show it", () => {
    const item = testItem({ id: 12, minOrder: 5 });
    const [line] = readCart('[{"item_id": 12, "quantity": 1}]');
    const refusal = refusalOf(() => checkLine(item, { quantity: 1, opt: [] }, line?.where ?? ""));
    expect(refusal.code).toBe("MINIMUM_ORDER_NOT_MET");
    expect(refusal.messageIn(en)).toMatch(/^cart line 1: the minimum order of item 12 .* is 5; got 1\.$/);
    expect(refusal.messageIn(id)).toMatch(/^keranjang baris 1: /);
    expect(refusal.messageIn(id)).not.toBe(refusal.messageIn(en));
  });
});
