/** A transaction as the client decodes it, for unit tests that judge one: Free Fire 140 Diamonds, Rp19.000, one line. */
import type { Transaction, TransactionLine } from "../../src/api/model.js";
import { toStatus } from "../../src/api/status.js";

/** One Free Fire 140 Diamonds line for account `note`, delivered host to host. */
export function freeFireLine(note: string, parts: Partial<TransactionLine> = {}): TransactionLine {
  return {
    itemId: 22,
    name: "Free Fire 140 Diamonds",
    productName: null,
    quantity: 1,
    price: 19_000,
    note,
    orderProcess: "h2h",
    isSmm: false,
    licence: null,
    sellerNote: null,
    status: null,
    ...parts,
  };
}

/** A transaction of `lines` with the service's `status`; `parts` over the rest. */
export function freeFireSale(status: string, lines: TransactionLine[], parts: Partial<Transaction> = {}): Transaction {
  return {
    id: 1,
    refId: "R-1",
    invoice: "INV-1",
    status: toStatus(status),
    price: 19_000,
    fees: 0,
    amount: 19_000,
    paymentMethod: null,
    note: null,
    paymentLink: null,
    expiresAt: null,
    createdAt: null,
    lines,
    h2h: [],
    smm: [],
    ...parts,
  };
}
