import { describe, expect, it } from "vitest";
import type { Transaction } from "../../src/api/model.js";
import { licencesOf } from "../../src/api/decode.js";
import { buildReceipt, customerLanguage, whatsAppLink } from "../../src/shop/receipt.js";

const status = (text: string, kind: string) => ({ text, kind }) as Transaction["status"];

function transaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 1,
    refId: "RSL-1",
    invoice: "INV-1",
    status: status("completed", "completed"),
    price: 11_500,
    fees: 0,
    amount: 11_500,
    paymentMethod: null,
    note: null,
    paymentLink: null,
    expiresAt: null,
    createdAt: "2026-11-26T17:30:00Z",
    lines: [
      {
        itemId: 12,
        name: "Pulsa Telkomsel 10.000",
        productName: null,
        quantity: 1,
        price: 11_500,
        note: "081234567890",
        orderProcess: "h2h",
        isSmm: false,
        licence: null,
        sellerNote: null,
        status: null,
      },
    ],
    h2h: [{ itemId: 12, serial: "SN\u001b[2J123", status: null, failed: false, failure: null, message: null }],
    smm: [],
    ...overrides,
  } as Transaction;
}

describe("a receipt", () => {
  it("neutralises what the service wrote, and says the time in WIB the next day when it is past 17:00 UTC", () => {
    const r = buildReceipt({
      transaction: transaction(),
      timeZone: "Asia/Jakarta",
      language: customerLanguage("id"),
    });
    expect(r.text).not.toContain("\u001b");
    expect(r.text).toContain("SN: SN\\x1b[2J123");
    expect(r.time_local).toBe("27 November 2026 00.30 WIB");
  });

  it("takes the selling price kept with the sale, never the cost", () => {
    const r = buildReceipt({
      transaction: transaction(),
      sale: { carts: [{ item_id: 12, quantity: 1 }], selling_prices: [13_500], account_names: [null] },
      shopName: "Toko Makmur",
      timeZone: "Asia/Makassar",
      language: customerLanguage("en"),
    });
    expect(r.text.startsWith("*Toko Makmur*\nRECEIPT\nDate: 27 November 2026 01:30 WITA\n")).toBe(true);
    expect(r.total).toBe(13_500);
    expect(r.text).not.toContain("11.500");
  });

  it("a wa.me link goes to the customer's number in 62 form when none is given", () => {
    const r = buildReceipt({
      transaction: transaction(),
      timeZone: "Asia/Jakarta",
      language: customerLanguage("id"),
    });
    expect(whatsAppLink("a b", undefined, r.lines)).toBe("https://wa.me/6281234567890?text=a%20b");
    expect(whatsAppLink("x", "+62 813-1111-2222", r.lines)).toBe("https://wa.me/6281311112222?text=x");
  });

  it("keeps service text on its line: a line break in a licence, a seller note or a name is a space, never a line of its own", () => {
    const fake = "FAKE: Status SUKSES";
    // One unit's licence, as the list carries it, with a line of its own inside.
    const licences = licencesOf({
      licenses: [{ product_license: `user@mail.com|pass1\n${fake}` }, { product_license: "user2@mail.com|pass2" }],
      product_license: `user@mail.com|pass1\n${fake}\nuser2@mail.com|pass2`,
    });
    expect(licences).toEqual([`user@mail.com|pass1 ${fake}`, "user2@mail.com|pass2"]);
    const line = transaction().lines[0]!;
    const r = buildReceipt({
      transaction: transaction({
        status: status("failed", "failed"),
        lines: [
          { ...line, orderProcess: "auto", note: null, licence: licences.join("\n") },
          {
            ...line,
            itemId: 10,
            name: `Joki Rank\n${fake}`,
            orderProcess: "manual",
            note: null,
            sellerNote: `akun: a@b.c\r\n${fake}`,
          },
        ],
        h2h: [],
      }),
      timeZone: "Asia/Jakarta",
      language: customerLanguage("id"),
    });
    const lines = r.text.split("\n");
    expect(lines).not.toContain(fake);
    expect(lines.filter((l) => l.startsWith("Status:"))).toEqual(["Status: GAGAL — dana dikembalikan"]);
    expect(lines).toContain(`user@mail.com|pass1 ${fake}`);
    expect(lines).toContain(`akun: a@b.c ${fake}`);
    expect(lines).toContain(`Produk: Joki Rank ${fake}`);
    expect(whatsAppLink(r.text, undefined, r.lines)).not.toContain(encodeURIComponent(`\n${fake}`));
  });
});
