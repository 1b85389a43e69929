/**
 * A transaction as a reseller reads it: the money, the items, and above all what to hand to the
 * customer (serial numbers, licences, seller notes, SMM progress), which stands out. Piped, every
 * line is a tab-separated row whose first field says what it is, so `awk '$1=="sn"'` finds serials.
 * It reads only the decoded model, so every dialect of the service renders the same.
 */
import type { ApiResult, H2hDelivery, SmmDelivery, Transaction, TransactionLine } from "../api/model.js";
import { DeliveryFailedError, PartlyDeliveredError, present } from "../errors.js";
import { sellerNoteToHandOver, type OrderVerdict } from "../domain/verdict.js";
import { isFailedKind, statusKindOf } from "../api/status.js";
import { customerData, deliveredCount, deliveredPercent, lineOf } from "../domain/transaction.js";
import { alternativeOfJson, type AlternativeOf } from "../domain/alternative.js";
import { formatDuration, formatIsoUtc, formatRupiah } from "./format.js";
import type { Messages } from "../messages/messages.js";
import { detailLine } from "./print-error.js";
import { statusWord } from "./status-words.js";
import {
  copyable,
  customerCell,
  money,
  statusCell,
  type Cell,
  type Column,
  type Output,
  type RichCell,
} from "./output.js";

/** `RSL-… (Pulsa Telkomsel 25.000, disrupted)`: the order to look up, what it asked for and why it was given up. */
function alternativeOfCell(link: AlternativeOf, say: Messages): Cell {
  const item = link.item ?? (link.item_id !== undefined ? say.history.itemId(String(link.item_id)) : undefined);
  const why = link.givenUp && say.transaction.givenUp[link.givenUp];
  const said = [item, why].filter(Boolean).join(", ");
  return { human: said ? `${link.ref_id} (${said})` : link.ref_id, plain: link.ref_id };
}

/** The JSON body with `alternative_of` added as buy --json gives it; a field of the service's own is never replaced. */
function withAlternativeOf(body: unknown, link: AlternativeOf | undefined): unknown {
  if (!link || typeof body !== "object" || body === null || Array.isArray(body) || "alternative_of" in body)
    return body;
  return { ...body, alternative_of: alternativeOfJson(link) };
}

/** A dispatch with a serial and no status of its own: delivered, in the reader's words. */
function deliveredCell(say: Messages): Cell {
  return { human: say.verdicts.delivered, plain: "delivered", tone: "warn" };
}

function lineName(line: TransactionLine | undefined, itemId: number | null): string {
  return line?.name || line?.productName || (itemId === null ? "item" : `item ${itemId}`);
}

function smmStatusCell(smm: SmmDelivery, say: Messages): Cell {
  if (!smm.status) return undefined;
  const kind = smm.status.kind;
  return {
    human: statusWord(smm.status, say),
    plain: smm.status.text,
    tone: kind === "completed" ? "good" : kind === "partial" ? "warn" : "dim",
  };
}

/** The serial number to hand over; a failed dispatch has none (the service's `failed: …` is its reason, not a serial). */
function h2hSerialCell(r: H2hDelivery): Cell {
  if (r.serial === null || r.failed) return undefined;
  return copyable(r.serial);
}

/** Why a dispatch failed, in the provider's words: the reason and the provider's message, each once. */
function failureText(r: H2hDelivery): string {
  const words = [...new Set([r.failure, r.message].filter((w): w is string => !!w))];
  return (
    words.filter((w) => !words.some((other) => other !== w && other.includes(w))).join("; ") || r.serial || "failed"
  );
}

/** The provider's message; for a failed dispatch, why it failed. */
function h2hMessage(r: H2hDelivery): Cell {
  if (r.failed) return { human: failureText(r), plain: failureText(r), tone: "bad" };
  return r.message;
}

/**
 * The sections' columns. A transaction has few rows and every word of them matters, so names and
 * messages wrap between words instead of being cut, and no word is ever split; what is handed to the
 * customer (their number or link, a serial, a licence) is copied, so it stands whole beside the
 * table or below it by row number.
 */
const itemColumns = (say: Messages): Column[] => [
  { header: say.transaction.item },
  { header: say.transaction.name, fit: "wrap" },
  { header: say.transaction.qty },
  { header: say.transaction.price },
  { header: say.transaction.process },
  { header: say.transaction.customerData },
];
const deliverColumns = (say: Messages): Column[] => [
  { header: say.transaction.item, fit: "wrap" },
  { header: say.transaction.for },
  { header: say.transaction.handOver, fit: "wrap" },
];
const h2hColumns = (say: Messages): Column[] => [
  { header: say.transaction.item, fit: "wrap" },
  { header: say.transaction.status },
  { header: say.transaction.serialNumber },
  { header: say.transaction.providerMessage, fit: "wrap" },
];
const smmColumns = (say: Messages): Column[] => [
  { header: say.transaction.item, fit: "wrap" },
  { header: say.transaction.order },
  { header: say.transaction.status },
  { header: say.transaction.startCount, short: say.transaction.startShort },
  { header: say.transaction.remains, short: say.transaction.remainsShort },
  { header: say.transaction.delivered, short: say.transaction.deliveredShort },
  { header: say.transaction.refund },
  { header: say.transaction.providerStatus, short: say.transaction.providerShort, fit: "wrap" },
];

/** A provider's status in the reader's word when it is one we know; else quoted as the service wrote it. */
function providerStatusWord(text: string, say: Messages): string {
  return statusKindOf(text) === "unknown" ? say.fromService(text) : statusWord(text, say);
}

function customerOf(note: string | null | undefined): Cell {
  const customer = customerData(note);
  return customer ? customerCell(customer) : undefined;
}

/**
 * A transaction as a person reads it. `refundsSaid` are the refunds the screen says in our words
 * (the failure under it): the service's note that only says one of them again is left out.
 */
function renderTransaction(
  output: Output,
  t: Transaction,
  alternativeOf?: AlternativeOf,
  refundsSaid: number[] = [],
): void {
  if (output.mode === "plain") return renderPlain(output, t, alternativeOf);
  const { say } = output;
  const amount: Cell =
    t.fees && t.amount !== null
      ? {
          ...money(t.amount),
          human: say.orders.delivery.priceAndFees(money(t.amount).human, money(t.price).human, money(t.fees).human),
        }
      : money(t.amount);
  const pairs: [string, Cell][] = [
    [say.transaction.invoice, t.invoice === null ? undefined : copyable(t.invoice, "bold")],
    [say.transaction.refId, t.refId ? copyable(t.refId) : undefined],
    [say.transaction.status, statusCell(t.status, say)],
    [say.transaction.amount, amount],
    [say.transaction.paidWith, t.paymentMethod || undefined],
    [say.transaction.created, output.time(t.createdAt)],
  ];
  // The SMM rows say their refunds too; a refund said in Rupiah is the figure the note would hold.
  const said = [...refundsSaid, ...t.smm.flatMap((r) => (r.refundAmount ? [r.refundAmount] : []))];
  if (t.note && !said.some((refund) => t.note?.includes(formatRupiah(refund))))
    pairs.push([
      say.transaction.note,
      { human: say.fromService(t.note), plain: t.note, tone: /refund/i.test(t.note) ? "warn" : undefined },
    ]);
  if (t.paymentLink) pairs.push([say.transaction.paymentLink, copyable(t.paymentLink)]);
  if (t.expiresAt) pairs.push([say.transaction.payBefore, output.time(t.expiresAt)]);
  if (alternativeOf) pairs.push([say.transaction.alternativeOf, alternativeOfCell(alternativeOf, say)]);
  output.record(pairs);

  output.heading(say.transaction.items);
  output.table(
    itemColumns(say),
    t.lines.map((l) => [
      l.itemId,
      l.name || l.productName,
      l.quantity,
      money(l.price),
      l.isSmm && l.orderProcess !== "smm" ? `${l.orderProcess ?? ""} (smm)`.trim() : l.orderProcess,
      customerOf(l.note),
    ]),
  );

  const deliveries = deliverables(t, say);
  output.heading(say.transaction.deliverToCustomer);
  if (deliveries.length) {
    output.table(
      deliverColumns(say),
      deliveries.map((d) => [d.item, d.customer ? customerCell(d.customer) : undefined, d.handOver]),
    );
  } else {
    output.result(
      say.orders.delivery.nothingYet(
        t.status ? statusWord(t.status, say) : say.orders.delivery.statusNotGiven,
        t.refId || t.invoice || "",
      ),
      "dim",
    );
  }

  if (t.h2h.length) {
    output.heading(say.transaction.h2hResults);
    output.table(
      h2hColumns(say),
      t.h2h.map((r) => [
        lineName(lineOf(t, r.itemId), r.itemId),
        r.status
          ? statusCell(r.status, say)
          : r.failed
            ? statusCell("failed", say)
            : r.serial
              ? deliveredCell(say)
              : undefined,
        h2hSerialCell(r),
        h2hMessage(r),
      ]),
      { wrap: true },
    );
  }
  if (t.smm.length) {
    output.heading(say.transaction.smmProgress);
    output.table(
      smmColumns(say),
      t.smm.map((r) => {
        const line = lineOf(t, r.itemId);
        const count = deliveredCount(line?.quantity, r);
        const pct = deliveredPercent(line?.quantity, r);
        return [
          lineName(line, r.itemId),
          r.orderId,
          smmStatusCell(r, say),
          r.startCount,
          r.remains,
          count === null ? undefined : pct === undefined ? count : `${count} (${pct}%)`,
          r.refundAmount ? money(r.refundAmount) : undefined,
          r.providerStatus === null
            ? undefined
            : { human: providerStatusWord(r.providerStatus, say), plain: r.providerStatus },
        ];
      }),
      { wrap: true },
    );
    for (const r of t.smm) {
      if (r.manualRefundPending) output.warn(say.orders.delivery.refundByHand(lineName(lineOf(t, r.itemId), r.itemId)));
    }
  }
}

interface Deliverable {
  item: string;
  customer: string | null;
  handOver: RichCell;
}

/** What the reseller passes on: serials of H2H dispatches, licences, seller notes, finished SMM orders. */
function deliverables(t: Transaction, say: Messages): Deliverable[] {
  const out: Deliverable[] = [];
  for (const line of t.lines) {
    const name = lineName(line, line.itemId);
    if (line.licence) out.push({ item: name, customer: customerData(line.note), handOver: copyable(line.licence) });
    // Under the rule --json and the receipt follow: a manual item's note is its delivery, another's is not.
    const sellerNote = sellerNoteToHandOver(line);
    if (sellerNote) out.push({ item: name, customer: customerData(line.note), handOver: copyable(sellerNote) });
  }
  for (const r of t.h2h) {
    if (r.serial === null && !r.failed) continue;
    const line = lineOf(t, r.itemId);
    out.push({
      item: lineName(line, r.itemId),
      customer: customerData(line?.note),
      handOver: r.failed
        ? { human: say.orders.delivery.notDelivered, plain: "not delivered", tone: "bad" }
        : copyable(`SN ${r.serial}`),
    });
  }
  for (const r of t.smm) {
    const { status } = r;
    if (status?.kind !== "completed" && status?.kind !== "partial") continue;
    const { kind } = status;
    const line = lineOf(t, r.itemId);
    const count = deliveredCount(line?.quantity, r);
    const refund = r.refundAmount
      ? say.orders.delivery.smmRefunded(money(r.refundAmount).human)
      : kind === "partial" && r.remains
        ? say.orders.delivery.smmRemainsRefunded(r.remains)
        : "";
    const text = say.orders.delivery.smmOrder(
      r.orderId ?? "-",
      statusWord(status, say),
      count !== null ? String(count) : "",
      refund,
    );
    out.push({
      item: lineName(line, r.itemId),
      customer: customerData(line?.note),
      handOver: { human: text, plain: text, tone: kind === "partial" ? "warn" : "highlight" },
    });
  }
  return out;
}

/** Piped: one row per fact, the first field naming it. Columns are documented in `trx show --help`. */
function renderPlain(output: Output, t: Transaction, alternativeOf: AlternativeOf | undefined): void {
  const rows: Cell[][] = [["transaction", t.invoice, t.refId, t.status?.text, t.amount, formatIsoUtc(t.createdAt)]];
  if (t.note) rows.push(["note", t.note]);
  if (t.paymentLink) rows.push(["payment_link", t.paymentLink]);
  if (alternativeOf)
    rows.push(["alternative_of", alternativeOf.ref_id, alternativeOf.item_id, alternativeOf.givenUp ?? ""]);
  for (const l of t.lines)
    rows.push([
      "item",
      l.itemId,
      l.name || l.productName,
      l.quantity,
      l.price,
      l.isSmm ? "smm" : l.orderProcess,
      l.note ?? "",
    ]);
  for (const l of t.lines) {
    for (const licence of (l.licence ?? "").split("\n").filter(Boolean)) rows.push(["licence", l.itemId, licence]);
    const sellerNote = sellerNoteToHandOver(l);
    if (sellerNote) rows.push(["seller_note", l.itemId, sellerNote]);
  }
  // A failed dispatch leaves the serial column empty and says why in the last one.
  for (const r of t.h2h)
    rows.push([
      "sn",
      r.itemId ?? lineOf(t, null)?.itemId,
      r.status?.text ?? (r.failed ? "failed" : ""),
      r.failed ? "" : (r.serial ?? ""),
      r.failed ? failureText(r) : (r.message ?? ""),
    ]);
  for (const r of t.smm) {
    const line = lineOf(t, r.itemId);
    // New columns go at the end: scripts read these rows by position.
    rows.push([
      "smm",
      r.itemId ?? line?.itemId,
      r.orderId ?? "",
      r.status?.text ?? "",
      r.startCount ?? "",
      r.remains ?? "",
      deliveredPercent(line?.quantity, r) ?? "",
      deliveredCount(line?.quantity, r) ?? "",
      r.refundAmount ?? "",
      r.providerStatus ?? "",
    ]);
  }
  output.table([], rows);
}

/**
 * Prints a transaction in the output mode; when a wait gave up first, says so on stderr. A delivery
 * that failed is shown (with its refund) and, when the caller waited for it (`buy --wait`,
 * `trx show --watch`), is an error: exit 1, the provider's message on a line of its own.
 */
export function showTransaction(
  output: Output,
  result: ApiResult<Transaction>,
  finished: boolean,
  timeoutSeconds: number,
  options: { waited?: boolean; verdict?: OrderVerdict; alternativeOf?: AlternativeOf } = {},
): void {
  const t = result.data;
  const failure = !finished
    ? undefined
    : options.verdict?.verdict === "partial"
      ? partialDelivery(t, options.verdict)
      : deliveryFailure(t, options.verdict?.refunded);
  const refundsSaid = failure && options.verdict?.refunded ? [options.verdict.refunded] : [];
  if (output.mode === "json") output.json(withAlternativeOf(result.body, options.alternativeOf));
  else renderTransaction(output, t, options.alternativeOf, refundsSaid);
  // Piped, the order's verdict (domain/verdict.ts, given by the caller) is a row of its own after
  // the transaction's, rows being named by their first field: `outcome<TAB>delivered<TAB>`.
  if (output.mode === "plain" && options.verdict)
    output.table([], [["outcome", options.verdict.verdict, options.verdict.refunded ?? ""]]);
  const { say } = output;
  if (!finished) {
    const status =
      t.status?.kind === "unknown"
        ? say.waiting.statusNotKnown(t.status.text)
        : t.status
          ? say.waiting.statusIs(statusWord(t.status, say))
          : say.waiting.statusNotGiven;
    output.warn(
      say.waiting.stillNotDelivered(formatDuration(timeoutSeconds, say), status, t.refId || (t.invoice ?? "")),
    );
    return;
  }
  if (!failure) return;
  if (options.waited) throw failure;
  const lines = Object.entries(failure.details ?? {})
    .filter(([, v]) => typeof v === "string")
    .map(([k, v]) => `\n  ${detailLine(k, v, say)}`);
  output.warn(`${failure.messageIn(say)}${lines.join("")}`);
}

/** The H2H dispatches and SMM orders of a transaction that failed (a canceled SMM order too). */
export function failedLines(t: Transaction): { h2h: H2hDelivery[]; smm: SmmDelivery[] } {
  return {
    h2h: t.h2h.filter((r) => r.failed),
    smm: t.smm.filter((r) => r.status?.kind === "failed" || r.status?.kind === "canceled"),
  };
}

/**
 * A purchase partly delivered, as the error that says so: the lines that came short by their row in
 * the Items table (names stand there), with the customer and what arrived, and the refund in the
 * service's figure; the provider's words below.
 */
export function partialDelivery(t: Transaction, judged: OrderVerdict): PartlyDeliveredError {
  const short = (judged.delivered ?? []).filter((l) => l.state === "failed" || l.state === "partial");
  const partly = (say: Messages) => {
    const said = short.map((l) => {
      const customer = customerData(t.lines[l.line - 1]?.note);
      const whose = say.orders.delivery.lineFor(l.line, customer && customer.length <= 24 ? customer : "");
      return l.state === "failed"
        ? say.orders.delivery.lineNotDelivered(whose)
        : say.orders.delivery.lineDelivered(whose, String(l.delivered ?? "?"), String(l.ordered ?? "?"));
    });
    const refund =
      judged.refunded !== undefined
        ? say.orders.delivery.refunded(money(judged.refunded).human)
        : say.orders.delivery.restRefunded;
    return say.orders.delivery.partly(refund, said.join("; ") || say.orders.delivery.partOfIt);
  };
  const details: Record<string, unknown> = { outcome: "partial" };
  if (judged.refunded !== undefined) details.refunded = judged.refunded;
  const { h2h } = failedLines(t);
  h2h.forEach((r, i) => {
    details[h2h.length === 1 ? "provider_message" : `provider_message ${i + 1}`] = failureText(r);
  });
  if (t.refId) details.ref_id = t.refId;
  if (t.invoice) details.invoice = t.invoice;
  return new PartlyDeliveredError(partly, { details, suggestion: (say) => say.orders.delivery.partlyHint });
}

/**
 * Whether the purchase's delivery failed, as the error that says so: which items, for whom, the
 * provider's words and, when the verdict knows it, what was refunded.
 */
export function deliveryFailure(t: Transaction, refunded?: number): DeliveryFailedError | undefined {
  // The same test as the verdict's (domain/verdict.ts): a failed dispatch or SMM order, or the whole order.
  const { h2h: failed, smm: failedSmm } = failedLines(t);
  const whole = isFailedKind(t.status?.kind);
  if (!failed.length && !failedSmm.length && !whole) return undefined;
  const what = (say: Messages) => {
    const named = (itemId: number | null) => {
      const line = lineOf(t, itemId);
      const customer = customerData(line?.note);
      return say.orders.delivery.itemFor(lineName(line, itemId), customer ?? "");
    };
    return failed.length || failedSmm.length
      ? [
          ...failed.map((r) => named(r.itemId)),
          ...failedSmm.map((r) =>
            say.orders.delivery.smmFailed(
              named(r.itemId),
              r.orderId ?? "-",
              statusWord(present(r.status, "a failed order's status"), say),
            ),
          ),
        ].join(", ")
      : say.orders.delivery.orderIs(statusWord(present(t.status, "a failed order's status"), say));
  };
  // A number, as stdout's `refunded` and a bulk row's are; the message says it in Rupiah.
  const details: Record<string, unknown> = refunded === undefined ? {} : { outcome: "delivery_failed", refunded };
  failed.forEach((r, i) => {
    const name =
      failed.length === 1
        ? "provider_message"
        : `provider_message (${lineName(lineOf(t, r.itemId), r.itemId)}${failed.filter((o) => o.itemId === r.itemId).length > 1 ? ` #${i + 1}` : ""})`;
    details[name] = failureText(r);
  });
  if (t.refId) details.ref_id = t.refId;
  if (t.invoice) details.invoice = t.invoice;
  const refund = refunded === undefined ? "" : formatRupiah(refunded);
  // The service's note quoted as its own, and left out when it only says the refund we say.
  const quoted = t.note && !(refund && t.note.includes(refund)) ? t.note : "";
  return new DeliveryFailedError(
    (say) => say.orders.delivery.failed(what(say), quoted && say.fromService(quoted), refund),
    { details, suggestion: (say) => say.orders.delivery.failedHint },
  );
}
