/**
 * Rupiah as Indonesians type them, read by the one parser every amount goes through (topup --amount,
 * buy --nominal, prompts, the nominal of a cart or orders file): each form, and the texts that could
 * mean two sums, which are refused with their readings instead of being guessed.
 */
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/errors.js";
import { formatRupiah } from "../../src/output/format.js";
import { type AmountReading, parseRupiah, readAmount, whyNotAmount } from "../../src/rules/amount.js";
import { en } from "../../src/messages/en.js";
import { id } from "../../src/messages/id.js";
import { rupiah, topUpAmount } from "../../src/rules/input.js";

describe("the forms an amount is written in", () => {
  it.each<[string, number]>([
    ["75000", 75_000],
    ["75.000", 75_000],
    ["75,000", 75_000],
    ["75 000", 75_000],
    ["Rp 75.000", 75_000],
    ["Rp75.000", 75_000],
    ["rp. 75.000", 75_000],
    ["IDR 75000", 75_000],
    ["Rp 75.000,-", 75_000],
    ["75.000,00", 75_000],
    ["75000,00", 75_000],
    ["1.250.000", 1_250_000],
    ["75rb", 75_000],
    ["75 rb", 75_000],
    ["75RB", 75_000],
    ["75ribu", 75_000],
    ["75k", 75_000],
    ["2,5rb", 2_500],
    ["1,5jt", 1_500_000],
    ["1.5jt", 1_500_000],
    ["1,25 juta", 1_250_000],
    ["2jt", 2_000_000],
    ["Rp 1,5jt", 1_500_000],
    ["1 miliar", 1_000_000_000],
    ["  50000  ", 50_000],
  ])("%j is %d", (text, amount) => {
    expect(readAmount(text)).toEqual({ ok: true, amount });
    expect(parseRupiah(text)).toBe(amount);
  });

  it("reads back whatever formatRupiah prints", () => {
    for (const n of [1, 999, 10_000, 75_000, 1_250_000, 1_000_000_000]) expect(parseRupiah(formatRupiah(n))).toBe(n);
  });
});

/** Why a reading is no amount, in the catalogue given; undefined for an amount. */
const whyIn = (reading: AmountReading, say = en) => (reading.ok ? undefined : whyNotAmount(reading.problem)(say));

describe("texts that could mean two sums, or none", () => {
  it.each<[string, RegExp, number[]]>([
    // Indonesian decimals need a unit: 1,5 Rupiah is no sum, 1,5rb and 1,5jt both are.
    ["1,5", /decimal part but no unit/, [1_500, 1_500_000]],
    ["1.5", /decimal part but no unit/, [1_500, 1_500_000]],
    ["2,25", /decimal part but no unit/, [2_250, 2_250_000]],
    // One separator then three digits, with a unit: a thousand groups or a decimal point.
    ["1.500rb", /with "rb" it could mean Rp 1\.500\.000 or Rp 1\.500/, [1_500_000, 1_500]],
    ["1,500jt", /with "jt" it could mean/, [1_500_000_000, 1_500_000]],
    // A separator out of place: the digits without it are offered.
    ["50.0000", /not between groups of three digits/, [500_000]],
    ["1.25.000", /not between groups of three digits/, [125_000]],
    // Rupiah have no cents.
    ["10000.5", /without cents/, [10_000]],
    // Cents written out: the hint is the whole part, never the digits run together (Rp 7.550.050).
    ["75.500,50", /without cents/, [75_500]],
    ["75,500.50", /without cents/, [75_500]],
    ["75500,50", /without cents/, [75_500]],
    ["1.250.000,5", /without cents/, [1_250_000]],
    ["1,2345rb", /not a whole number/, [1_234, 1_235]],
  ])("%j is refused with its readings", (text, why, readings) => {
    const reading = readAmount(text);
    expect(reading).toEqual({ ok: false, problem: expect.anything(), readings });
    expect(whyIn(reading)).toMatch(why);
  });

  it.each<[string, RegExp]>([
    ["", /no number/],
    ["Rp", /no number/],
    ["abc", /not a Rupiah unit|not a number/],
    ["75 dolar", /"dolar" is not a Rupiah unit/],
    ["75m", /"m" is not a Rupiah unit/],
    ["-5000", /not a number/],
    ["10.5e3", /not a number/],
    ["0x10", /not a Rupiah unit|not a number/],
  ])("%j is not an amount", (text, why) => {
    const reading = readAmount(text);
    expect(reading.ok).toBe(false);
    expect(whyIn(reading)).toMatch(why);
  });

  it("says what it found as data, read once and worded in either language", () => {
    const reading = readAmount("1.500rb");
    expect(reading).toEqual({
      ok: false,
      problem: { code: "twoReadings", unit: "rb", asGroups: 1_500_000, asDecimal: 1_500 },
      readings: [1_500_000, 1_500],
    });
    expect(whyIn(reading)).toBe('with "rb" it could mean Rp 1.500.000 or Rp 1.500');
    expect(whyIn(reading, id)).toBe(
      whyNotAmount({ code: "twoReadings", unit: "rb", asGroups: 1_500_000, asDecimal: 1_500 })(id),
    );
    expect(whyIn(reading, id)).not.toBe(whyIn(reading));
    expect(readAmount("75 dolar")).toEqual({ ok: false, problem: { code: "notUnit", unit: "dolar" }, readings: [] });
  });
});

describe("the rule a flag, a prompt or a file applies", () => {
  it("names the flag and the text, and offers the readings as sums and as digits to type", () => {
    let thrown: unknown;
    try {
      rupiah("--nominal", "1,5");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InputError);
    const refusal = thrown as InputError;
    expect(refusal.messageIn(en)).toBe(
      '--nominal "1,5" is not an amount of Rupiah: it has a decimal part but no unit (rb, jt).',
    );
    expect(refusal.suggestionIn(en)).toBe(
      "Did you mean Rp 1.500 (1500) or Rp 1.500.000 (1500000)? Write it as 75000, 75.000, Rp 75.000, 75rb or 1,5jt.",
    );
  });

  it("refuses nothing at all, and a top-up under the minimum in Rupiah words", () => {
    expect(() => rupiah("nominal", "0")).toThrow("nominal must be more than Rp 0.");
    expect(() => topUpAmount("9rb")).toThrow("--amount must be at least Rp 10.000; Rp 9.000 is less.");
    expect(topUpAmount("50rb")).toBe(50_000);
    expect(topUpAmount(50_000)).toBe(50_000);
  });
});
