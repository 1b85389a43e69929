/**
 * The verdict of an order from the service's transaction: what `buy --wait`, the bulk results and
 * the ledger say, what was refunded, and what to hand the customer.
 */
import { describe, expect, it } from "vitest";
import { toStatus } from "../../src/api/status.js";
import type { Transaction } from "../../src/api/model.js";
import { ExitCode } from "../../src/errors.js";
import {
  handOver,
  refundedAmount,
  verdictExitCode,
  verdictOfStatus,
  verdictOfTransaction,
} from "../../src/domain/verdict.js";
import { provesPurchase } from "../../src/orders/purchase.js";
import { deliveryFailure } from "../../src/output/transaction.js";
import { isDefiniteRefusal, isRefusalCode } from "../../src/api/codes.js";
import { freeFireLine, freeFireSale } from "../support/transactions.js";

function transaction(status: string, parts: Partial<Transaction> = {}): Transaction {
  return freeFireSale(status, [freeFireLine("99990042")], parts);
}

describe("the verdict of an order", () => {
  it("delivered, delivery failed (with the refund), or still bought", () => {
    expect(
      verdictOfTransaction(
        transaction("completed", {
          h2h: [
            { itemId: 22, serial: "123", status: toStatus("completed"), failed: false, failure: null, message: null },
          ],
        }),
        true,
      ),
    ).toBe("delivered");
    const failed = transaction("failed", {
      h2h: [
        {
          itemId: 22,
          serial: "failed: USER_NOT_FOUND",
          status: null,
          failed: true,
          failure: "USER_NOT_FOUND",
          message: null,
        },
      ],
    });
    expect(verdictOfTransaction(failed, true)).toBe("delivery_failed");
    expect(refundedAmount(failed)).toBe(19_000);
    expect(handOver(failed)).toEqual([]);
    expect(verdictOfTransaction(transaction("paid"), false)).toBe("bought");
    // A wait that timed out on a completed-looking status without its dispatches final is still bought.
    expect(verdictOfTransaction(transaction("completed"), false)).toBe("bought");
  });

  it("reads every status word as buy, bulk and history all do: refunded and expired failed, Sukses delivered", () => {
    for (const word of ["refunded", "Expired", "cancelled", "FAILED"]) {
      expect(verdictOfTransaction(transaction(word), true), word).toBe("delivery_failed");
      expect(verdictOfStatus(word), word).toBe("delivery_failed");
    }
    expect(refundedAmount(transaction("refunded"))).toBe(19_000);
    for (const word of ["Sukses", "Berhasil", "successful", "complete", "Success"]) {
      expect(verdictOfTransaction(transaction(word), true), word).toBe("delivered");
      expect(verdictOfStatus(word), word).toBe("delivered");
    }
    expect(verdictOfStatus("In progress")).toBe("bought");
    expect(verdictOfStatus("a word nobody knows")).toBe("bought");
  });

  it("a failed SMM order fails the delivery in the verdict and in what --wait throws alike", () => {
    const t = transaction("completed", {
      lines: [
        {
          itemId: 40,
          name: "Instagram Followers",
          productName: null,
          quantity: 1000,
          price: 25_000,
          note: "https://instagram.com/toko",
          orderProcess: "smm",
          isSmm: true,
          licence: null,
          sellerNote: null,
          status: null,
        },
      ],
      smm: [
        {
          itemId: 40,
          orderId: "SMM-9",
          status: toStatus("canceled"),
          startCount: null,
          remains: 1000,
          delivered: 0,
          refundAmount: 25_000,
          providerStatus: null,
          manualRefundPending: false,
        },
      ],
    });
    expect(verdictOfTransaction(t, true)).toBe("delivery_failed");
    expect(refundedAmount(t)).toBe(25_000);
    const failure = deliveryFailure(t);
    expect(failure?.exitCode).toBe(ExitCode.refused);
    expect(failure?.message).toContain("SMM order SMM-9 canceled");
    expect(deliveryFailure(transaction("completed"))).toBeUndefined();
    expect(deliveryFailure(transaction("refunded"))?.message).toContain("the order is refunded");
  });

  it("what to hand over: serials and every licence line, whole", () => {
    const t = transaction("completed", {
      h2h: [
        {
          itemId: 22,
          serial: "98765432109876543210",
          status: toStatus("completed"),
          failed: false,
          failure: null,
          message: null,
        },
      ],
      lines: [
        {
          itemId: 1,
          name: "Netflix",
          productName: null,
          quantity: 2,
          price: 35_000,
          note: null,
          orderProcess: "auto",
          isSmm: false,
          licence: "Email: a@b.id | Password: x\nEmail: c@d.id | Password: y",
          sellerNote: null,
          status: null,
        },
      ],
    });
    expect(handOver(t)).toEqual([
      "SN 98765432109876543210",
      "Email: a@b.id | Password: x",
      "Email: c@d.id | Password: y",
    ]);
  });

  it("exit codes and journal statuses in the same words", () => {
    expect(
      ["bought", "delivered", "delivery_failed", "refused", "unknown"].map((v) => verdictExitCode(v as never)),
    ).toEqual([0, 0, ExitCode.refused, ExitCode.refused, ExitCode.outcomeUnknown]);
    expect([
      verdictOfStatus("completed"),
      verdictOfStatus("failed"),
      verdictOfStatus("paid"),
      verdictOfStatus(undefined),
    ]).toEqual(["delivered", "delivery_failed", "bought", "bought"]);
  });
});

describe("a purchase is proven, not assumed", () => {
  const created = (invoice: string | null, refId: string | null) => ({
    refId,
    invoice,
    status: null,
    amount: null,
    price: null,
    fees: null,
    createdAt: null,
  });
  it("a 2xx proves a purchase only with an invoice and no other ref_id", () => {
    expect(provesPurchase(created("INV-1", "R-1"), "R-1")).toBe(true);
    expect(provesPurchase(created("INV-1", null), "R-1")).toBe(true);
    expect(provesPurchase(created(null, "R-1"), "R-1")).toBe(false);
    expect(provesPurchase(created("INV-9", "R-9"), "R-1")).toBe(false);
  });

  it("a 3xx or an uncoded answer is never a definite refusal; the service's own codes are, from one list", () => {
    expect(isDefiniteRefusal(303, "HTTP_303", false)).toBe(false);
    expect(isDefiniteRefusal(303, "SEE_OTHER", true)).toBe(false);
    expect(isDefiniteRefusal(409, "HTTP_409", false)).toBe(false);
    expect(isDefiniteRefusal(400, "BALANCE_IS_INSUFFICIENT", true)).toBe(true);
    expect(isDefiniteRefusal(503, "PRODUCT_TEMPORARILY_UNAVAILABLE", true)).toBe(true);
    expect(isDefiniteRefusal(502, "BAD_GATEWAY", true)).toBe(false);
    expect(isRefusalCode("BALANCE_IS_INSUFFICIENT")).toBe(true);
    expect(isRefusalCode("INVALID_IP=203.0.113.9")).toBe(true);
    expect(isRefusalCode("CONFLICT")).toBe(false);
  });
});
