/**
 * What is known before the question is said before it: at a terminal a balance that does not cover
 * the order stops with the shortfall and the top-up to run instead of asking "Buy?"; a sold-out item
 * stops before anything; a game's missing zone is asked for (and refused with --yes); a customer's
 * number is checked as it is typed. Driven through the real prompt library on in-memory streams,
 * against the emulator.
 */
import { describe, expect, it } from "vitest";
import { run, type BuyOptions } from "../../src/commands/buy.js";
import type { Item } from "../../src/api/model.js";
import { NotOfferedError, UsageError } from "../../src/errors.js";
import { checkItemStock } from "../../src/orders/before-paying.js";
import { en } from "../../src/messages/en.js";
import { answeringTerminal } from "../support/context.js";
import { useEmulator } from "../support/emulator.js";

const harness = useEmulator();

/** A terminal whose keyboard answers each question when it appears on stderr. */
async function terminal(answers: [RegExp, string][], apiKey: string) {
  return answeringTerminal(answers, harness.accountEnv(apiKey));
}

const options = (extra: Partial<BuyOptions>): BuyOptions => ({ opt: [], wait: false, yes: false, ...extra });
const account = (i: number) => harness.emulator.accounts[i]!.apiKey;
const purchases = () => harness.emulator.requestBodies("/v1/trx").filter((r) => r.method === "POST");

async function refusal(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => {
      throw new Error("it went through");
    },
    (error: Error) => error,
  );
}

describe("a short balance, known before the question", () => {
  it.each<[string, number, Partial<BuyOptions>, number, number]>([
    // A shortfall under the minimum top-up is rounded up to it.
    ["a little short", 5_000, { item: 12, qty: 1, note: "081234567890" }, 6_500, 10_000],
    ["far short", 20_000, { item: 2, qty: 1 }, 100_000, 100_000],
  ])(
    "%s: stops with the shortfall and the top-up to run, never asks, buys nothing",
    async (_case, balance, order, shortfall, topUp) => {
      const apiKey = account(1);
      harness.emulator.setBalance(apiKey, balance);
      const sent = purchases().length;
      const t = await terminal([[/Buy\?/, "y\r"]], apiKey);
      const error = await refusal(run(t.ctx, options(order)));
      expect(error).toBeInstanceOf(NotOfferedError);
      expect((error as NotOfferedError).code).toBe("BALANCE_IS_INSUFFICIENT");
      expect(error.message).toContain(`is Rp ${shortfall.toLocaleString("id-ID")} short of this purchase`);
      expect((error as NotOfferedError).details).toMatchObject({ balance, shortfall });
      expect((error as NotOfferedError).suggestionIn(en)).toContain(`reseller topup --amount ${topUp}`);
      expect(t.stderr()).not.toContain("Buy?");
      expect(purchases()).toHaveLength(sent);
    },
  );
});

describe("a sold-out item", () => {
  it("stops before the question and before anything is sent", async () => {
    const sent = purchases().length;
    const t = await terminal([[/Buy\?/, "y\r"]], account(2));
    const error = await refusal(run(t.ctx, options({ item: 8, qty: 1 })));
    expect((error as NotOfferedError).code).toBe("OUT_OF_STOCK");
    expect(error.message).toBe("Item 8 (ChatGPT Plus 1 Bulan (Sharing)) is sold out; nothing was bought.");
    expect(t.stderr()).not.toContain("Buy?");
    expect(purchases()).toHaveLength(sent);
  });

  it("on a terminal, before asking for the quantity or the customer", async () => {
    const t = await terminal([[/Quantity/, "1\r"]], account(2));
    const error = await refusal(run(t.ctx, options({ item: 8 })));
    expect((error as NotOfferedError).code).toBe("OUT_OF_STOCK");
    expect(t.stderr()).not.toContain("Quantity");
  });

  it("more than is left: says how many are", async () => {
    const t = await terminal([], account(2));
    const error = await refusal(run(t.ctx, options({ item: 2, qty: 50, yes: true })));
    expect((error as NotOfferedError).code).toBe("INSUFFICIENT_STOCK");
    expect(error.message).toMatch(
      /^Item 2 \(.+\) has only \d+ left, fewer than the 50 asked for; nothing was bought\.$/,
    );
  });
});

describe("a game's missing zone", () => {
  it("is asked for on a terminal, checked with the account and sent in the note", async () => {
    const apiKey = account(3);
    harness.emulator.setBalance(apiKey, 100_000);
    const t = await terminal(
      [
        [/Zone ID for Mobile Legends 86 Diamonds/, "1234\r"],
        [/Buy\?/, "y\r"],
      ],
      apiKey,
    );
    expect(await run(t.ctx, options({ item: 21, qty: 1, note: "12345678" }))).toBe(0);
    expect(harness.emulator.requestBodies("/v1/item/validate").at(-1)!.body).toEqual({
      item_id: 21,
      customer_id: "12345678",
      zone_id: "1234",
    });
    expect(t.stderr()).toMatch(/Account\s+SultanMabar/);
    expect((purchases().at(-1)!.body as { carts: { note: string }[] }).carts[0]!.note).toBe("12345678|1234");
  });

  it("with --yes is refused, nothing asked or sent", async () => {
    const sent = purchases().length;
    const t = await terminal([], account(3));
    const error = await refusal(run(t.ctx, options({ item: 21, qty: 1, note: "12345678", yes: true })));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).code).toBe("ZONE_ID_MISSING");
    expect((error as UsageError).suggestionIn(en)).toContain("--no-validate");
    expect(t.stderr()).not.toContain("Zone ID");
    expect(purchases()).toHaveLength(sent);
  });
});

describe("the customer's number, asked for", () => {
  it("is checked as it is typed, and the good one is bought", async () => {
    const apiKey = account(4);
    harness.emulator.setBalance(apiKey, 100_000);
    const t = await terminal(
      [
        [/Nomor HP for Pulsa Telkomsel 10\.000/, "0812\r"],
        [/Not a mobile number: it has 4 digits/, "34567890\r"],
        [/Buy\?/, "y\r"],
      ],
      apiKey,
    );
    await run(t.ctx, options({ item: 12, qty: 1 }));
    expect((purchases().at(-1)!.body as { carts: { note: string }[] }).carts[0]!.note).toBe("081234567890");
  });
});

describe("the search a sold-out item's error suggests", () => {
  it("is a command safe to paste: only the name's letters and digits, whatever the service named it", () => {
    const hostile = {
      id: 77,
      name: "Voucher 10K",
      productName: 'Netflix\u001b]0;x\u0007"$(touch /tmp/pwn)"`id` Premium',
      stock: 0,
      unlimited: false,
    } as unknown as Item;
    const error = (() => {
      try {
        checkItemStock(hostile, 1);
      } catch (caught) {
        return caught as NotOfferedError;
      }
      throw new Error("it went through");
    })();
    expect(error.code).toBe("OUT_OF_STOCK");
    expect(error.suggestionIn(en)).toContain('`reseller items --search "Netflix 0 x touch tmp pwn id Premium"`');
    expect(error.suggestionIn(en)).not.toMatch(/\$\(|`id`|\u001b/);
  });
});
