/** An item's whole name: its product said once, the words product and name share said once. */
import { describe, expect, it } from "vitest";
import { itemName } from "../../src/domain/item-name.js";

describe("itemName", () => {
  it.each([
    ["Jasa Desain", "Desain Logo Custom", "Jasa Desain Logo Custom"],
    ["Jasa Joki Mobile Legends", "Joki Mobile Legends Epic ke Legend", "Jasa Joki Mobile Legends Epic ke Legend"],
    ["Pulsa Telkomsel", "10.000", "Pulsa Telkomsel 10.000"],
    ["Mobile Legends", "Mobile Legends 86 Diamonds", "Mobile Legends 86 Diamonds"],
    ["Netflix Premium", "netflix premium 1 Bulan", "netflix premium 1 Bulan"],
    ["Voucher Google Play", "Play 50.000", "Voucher Google Play 50.000"],
    [null, "86 Diamonds", "86 Diamonds"],
    ["Spotify", "Premium Spotify 1 Bulan", "Premium Spotify 1 Bulan"],
  ])("%s + %s reads %s", (product, name, whole) => {
    expect(itemName(product, name)).toBe(whole);
  });
});
