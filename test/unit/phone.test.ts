/**
 * The customer's mobile number, checked before paying: the forms a number is given in (08…, 628…,
 * +628…, with spaces or dashes), the ones refused and why, and which items' customer data is a phone
 * number at all (a field keyed or labelled as one, or a pulsa/data/e-wallet h2h item that labels none).
 */
import { describe, expect, it } from "vitest";
import type { Item, RequiredField } from "../../src/api/model.js";
import { UsageError } from "../../src/errors.js";
import { checkLine, checkTypedCustomer, takesPhoneNumber } from "../../src/orders/check-line.js";
import { en } from "../../src/messages/en.js";
import { id } from "../../src/messages/id.js";
import { phoneHint, readPhoneNumber, whyNotPhone } from "../../src/rules/phone.js";
import { testItem } from "../support/items.js";

describe("a mobile number as a customer gives it", () => {
  it.each<[string, string, string]>([
    ["081234567890", "081234567890", "081234567890"],
    ["0812345678", "0812345678", "0812345678"], // 10 digits, the shortest
    ["0812345678901", "0812345678901", "0812345678901"], // 13 digits, the longest
    ["6281234567890", "081234567890", "6281234567890"],
    ["+6281234567890", "081234567890", "+6281234567890"],
    ["0812-3456-7890", "081234567890", "081234567890"],
    ["0812 3456 7890", "081234567890", "081234567890"],
    ["+62 812-3456-7890", "081234567890", "+6281234567890"],
    ["+62 857 4444 5555", "085744445555", "+6285744445555"],
    ["62 813-2222-3333", "081322223333", "6281322223333"],
    ["(0812) 3456.7890", "081234567890", "081234567890"],
    ["  081234567890 ", "081234567890", "081234567890"],
  ])("%j is taken, sent as %j (written %j)", (text, sent, written) => {
    expect(readPhoneNumber(text)).toEqual({ ok: true, number: sent, written });
  });

  it.each<[string, RegExp, string?]>([
    ["", /empty/],
    ["halo", /only digits/],
    ["0812abc7890", /only digits/],
    ["0812", /has 4 digits, counted from the leading 0; a mobile number has 10 to 13/],
    ["081234567", /has 9 digits/],
    ["08123456789012", /has 14 digits/],
    ["62812345", /has 7 digits/],
    ["021345678", /starts with 08, 628 or \+628/], // a landline
    ["12345", /starts with 08, 628 or \+628/],
    ["81234567890", /starts with 08, 628 or \+628/, "Did you mean 081234567890?"],
    ["+6581234567", /not an Indonesian number/],
    ["6221345678", /starts with 08, 628 or \+628/],
  ])("%j is refused: %s", (text, why, suggestion) => {
    const reading = readPhoneNumber(text);
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(whyNotPhone(reading.problem)(en)).toMatch(why);
    expect(phoneHint(reading.problem)(en)).toBe(suggestion ?? "");
    // The hint of where the number was given follows the number meant, or stands alone.
    const then = phoneHint(reading.problem, () => "Check it.")(en);
    expect(then).toBe(suggestion ? `${suggestion} Check it.` : "Check it.");
  });

  it("says what it found as data, worded in the language of whoever shows it", () => {
    const reading = readPhoneNumber("81234567890");
    expect(reading).toEqual({ ok: false, problem: { code: "mobileStart", meant: "081234567890" } });
    expect(readPhoneNumber("0812")).toEqual({ ok: false, problem: { code: "length", digits: 4 } });
    if (reading.ok) return;
    expect(whyNotPhone(reading.problem)(id)).not.toBe(whyNotPhone(reading.problem)(en));
    expect(phoneHint(reading.problem)(id)).toContain("081234567890");
  });
});

const field = (key: string, label: string): RequiredField => ({ key, label, required: true, min: null, max: null });

describe("which items take a phone number", () => {
  it.each<[string, Partial<Item>, boolean]>([
    ["a field labelled Nomor HP", { requiredFields: [field("note", "Nomor HP")] }, true],
    ["a field labelled No. HP", { requiredFields: [field("note", "No. HP")] }, true],
    ["a field labelled Nomor Tujuan", { requiredFields: [field("note", "Nomor Tujuan")] }, true],
    ["a field labelled WhatsApp", { orderProcess: "manual", requiredFields: [field("note", "Nomor WhatsApp")] }, true],
    ["a field keyed phone", { requiredFields: [field("phone", "phone")] }, true],
    ["a field keyed msisdn", { requiredFields: [field("msisdn", "Tujuan")] }, true],
    ["a pulsa item that labels nothing", { category: "Pulsa" }, true],
    ["a data package that labels nothing", { category: "Paket Data" }, true],
    ["an e-wallet that labels nothing", { category: "E-Wallet" }, true],
    ["a game's User ID", { category: "Top Up Game", requiredFields: [field("note", "User ID")] }, false],
    [
      "a pulsa item whose field says otherwise",
      { category: "Pulsa", requiredFields: [field("note", "ID Pelanggan")] },
      false,
    ],
    [
      "a game item with an account check",
      { category: "Pulsa", accountCheck: { available: true, requiresZoneId: false } },
      false,
    ],
    ["an electricity token", { category: "Token PLN" }, false],
    ["a licence item", { orderProcess: "auto", category: "Aplikasi Premium" }, false],
    ["an SMM item", { orderProcess: "smm", isSmm: true, category: "Pulsa" }, false],
    ["a manual pulsa job", { orderProcess: "manual", category: "Pulsa" }, false],
  ])("%s: %s", (_case, fields, phone) => {
    expect(takesPhoneNumber(testItem({ id: 1, ...fields }))).toBe(phone);
  });
});

describe("the check before paying", () => {
  const pulsa = testItem({
    id: 12,
    name: "Pulsa Telkomsel 10.000",
    category: "Pulsa",
    requiredFields: [field("note", "Nomor HP")],
  });
  const openAmount = testItem({
    id: 29,
    name: "Saldo DANA Bebas Nominal",
    requiredFields: [field("note", "Nomor HP")],
    openAmount: { min: 10_000, max: 2_000_000, step: 1_000, label: "Nominal" },
  });

  it("sends a number given with separators or +62 in its national form, and refuses one that is not a number, naming the line", () => {
    expect(checkLine(pulsa, { quantity: 1, opt: [], note: "0812-3456-7890" }, "")).toBe("081234567890");
    expect(checkLine(pulsa, { quantity: 1, opt: [], note: "+62 857 4444 5555" }, "")).toBe("085744445555");
    expect(() => checkLine(pulsa, { quantity: 1, opt: [], note: "0812" }, "cart line 2: ")).toThrow(
      /^cart line 2: the note "0812" is not a mobile number for item 12 \(Pulsa Telkomsel 10\.000\)/,
    );
    expect(() => checkLine(pulsa, { quantity: 1, opt: [], note: "halo" }, "")).toThrow(UsageError);
    let refusal: unknown;
    try {
      checkLine(pulsa, { quantity: 1, opt: [], note: "halo" }, "");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toMatchObject({ code: "PHONE_NUMBER_INVALID" });
    expect(refusal instanceof UsageError && refusal.suggestionIn(en)).toContain("--no-check");
  });

  it("checks an open amount's target too", () => {
    expect(
      JSON.parse(checkLine(openAmount, { quantity: 1, opt: [], note: "+62 812 3456 7890", nominal: 50_000 }, "")!),
    ).toEqual({ target: "081234567890", provider_qty: 50_000 });
    expect(() => checkLine(openAmount, { quantity: 1, opt: [], note: "0812", nominal: 50_000 }, "")).toThrow(
      /is not a mobile number/,
    );
  });

  it("with --no-check the note goes as given", () => {
    expect(checkLine(pulsa, { quantity: 1, opt: [], note: "12345" }, "", { check: false })).toBe("12345");
  });

  it("a prompt says what is wrong while the number is typed", () => {
    const typed = checkTypedCustomer(pulsa);
    // What is wrong is a wording, said by the prompt in the reader's words.
    const check = (text: string) => {
      const checked = typed(text);
      return checked === true ? true : checked(en);
    };
    expect(check("081234567890")).toBe(true);
    expect(check("")).toBe("Required");
    expect(check("0812")).toMatch(/^Not a mobile number: it has 4 digits/);
    const refused = typed("0812");
    expect(refused === true ? "" : refused(id)).not.toBe(check("0812"));
    expect(checkTypedCustomer(testItem({ id: 22, requiredFields: [field("note", "User ID")] }))("123456789")).toBe(
      true,
    );
  });
});
