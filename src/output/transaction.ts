/**
 * A transaction as a reseller reads it: the money, the items, and above all what to hand to the
 * customer (serial numbers, licences, seller notes, SMM progress), which stands out. Piped, every
 * line is a tab-separated row whose first field says what it is, so `awk '$1=="sn"'` finds serials.
 */
import type { TransactionDetail, TransactionItem } from "../api/types.js";
import { money, statusCell, type Cell, type Output, type RichCell } from "./output.js";

/** How much of an SMM order has arrived, from its quantity and what remains. */
export function deliveredPercent(quantity: number | undefined, remains: number | null): number | undefined {
  if (!quantity || remains === null) return undefined;
  return Math.max(0, Math.min(100, Math.floor(((quantity - remains) / quantity) * 100)));
}

const highlight = (text: string): RichCell => ({ human: text, plain: text, tone: "highlight" });

function itemName(detail: TransactionDetail, variantId: number): string {
  const item = detail.transaction.items.find((i) => i.variant_id === variantId);
  return item ? item.variant_name || item.product_name || `item ${variantId}` : `item ${variantId}`;
}

function itemOf(detail: TransactionDetail, variantId: number): TransactionItem | undefined {
  return detail.transaction.items.find((i) => i.variant_id === variantId);
}

/** The customer's target of an SMM note (the JSON's `target`), or the note as written. */
function customerData(note: string | null): string | null {
  if (!note) return null;
  try {
    const parsed = JSON.parse(note) as { target?: unknown };
    if (parsed && typeof parsed === "object" && typeof parsed.target === "string") return parsed.target;
  } catch {
    // A plain note: a phone number or a user id.
  }
  return note;
}

function smmStatusCell(status: string): RichCell {
  const s = status.toLowerCase();
  return { human: status, plain: status, tone: s === "completed" ? "good" : s === "partial" ? "warn" : "dim" };
}

export function renderTransaction(output: Output, detail: TransactionDetail): void {
  if (output.mode === "plain") return renderPlain(output, detail);
  const t = detail.transaction;
  const pairs: [string, Cell][] = [
    ["Invoice", { human: t.invoice, plain: t.invoice, tone: "bold" }],
    ["Ref ID", t.ref_id],
    ["Status", statusCell(t.status)],
    ["Amount", t.fees ? { ...money(t.amount), human: `${money(t.amount).human} (price ${money(t.price).human} + fees ${money(t.fees).human})` } : money(t.amount)],
    ["Paid with", t.payment_method || undefined],
    ["Created", output.time(t.created_at)],
  ];
  if (t.note) pairs.push(["Note", { human: t.note, plain: t.note, tone: /refund/i.test(t.note) ? "warn" : undefined }]);
  if (t.payment_link) pairs.push(["Payment link", highlight(t.payment_link)]);
  if (t.expired_at) pairs.push(["Pay before", output.time(t.expired_at)]);
  output.record(pairs);

  output.heading("Items");
  output.table(
    ["Item", "Name", "Qty", "Price", "Process", "Customer data"],
    t.items.map((i) => [i.variant_id, i.variant_name || i.product_name, i.qty, money(i.price), i.order_process, customerData(i.note)]),
  );

  const deliveries = deliverables(detail);
  output.heading("Deliver to customer");
  if (deliveries.length) {
    output.table(["Item", "For", "Hand over"], deliveries.map((d) => [d.item, d.customer, d.handOver]));
  } else {
    output.result(`Nothing to hand over yet (status ${t.status}). Wait for it: reseller trx show ${t.ref_id || t.invoice} --watch`, "dim");
  }

  if (detail.h2hResults.length) {
    output.heading("H2H results");
    output.table(
      ["Item", "Status", "Serial number", "Provider message"],
      detail.h2hResults.map((r) => [
        itemName(detail, r.variant_id),
        statusCell(r.dispatch_status),
        r.dispatch_status.toLowerCase() === "failed" ? { human: r.sn, plain: r.sn, tone: "bad" } : highlight(r.sn),
        // A provider message that only repeats the failure in the serial column says nothing new.
        r.log_message && r.sn.startsWith("failed:") && r.log_message.includes(r.sn.replace(/^failed:\s*/, "")) ? undefined : r.log_message,
      ]),
    );
  }
  if (detail.smmResults.length) {
    output.heading("SMM progress");
    output.table(
      ["Item", "Order", "Status", "Start count", "Remains", "Delivered"],
      detail.smmResults.map((r) => {
        const pct = deliveredPercent(itemOf(detail, r.variant_id)?.qty, r.remains);
        return [itemName(detail, r.variant_id), r.order_id, smmStatusCell(r.status), r.start_count, r.remains, pct === undefined ? undefined : `${pct}%`];
      }),
    );
  }
}

interface Deliverable {
  item: string;
  customer: string | null;
  handOver: RichCell;
}

/** What the reseller passes on: serials of completed H2H, licences, seller notes, finished SMM orders. */
function deliverables(detail: TransactionDetail): Deliverable[] {
  const out: Deliverable[] = [];
  for (const item of detail.transaction.items) {
    const name = item.variant_name || item.product_name;
    if (item.product_license) out.push({ item: name, customer: customerData(item.note), handOver: highlight(item.product_license) });
    if (item.seller_note) out.push({ item: name, customer: customerData(item.note), handOver: highlight(item.seller_note) });
  }
  for (const r of detail.h2hResults) {
    const item = itemOf(detail, r.variant_id);
    const failed = r.dispatch_status.toLowerCase() === "failed";
    out.push({
      item: itemName(detail, r.variant_id),
      customer: customerData(item?.note ?? null),
      handOver: failed ? { human: `not delivered: ${r.sn.replace(/^failed:\s*/i, "")}`, plain: r.sn, tone: "bad" } : highlight(`SN ${r.sn}`),
    });
  }
  for (const r of detail.smmResults) {
    const s = r.status.toLowerCase();
    if (s !== "completed" && s !== "partial") continue;
    const item = itemOf(detail, r.variant_id);
    const pct = deliveredPercent(item?.qty, r.remains);
    const text = `SMM order ${r.order_id ?? "-"}: ${r.status}${pct !== undefined ? `, ${pct}% delivered` : ""}${s === "partial" && r.remains ? ` (${r.remains} not delivered, refunded)` : ""}`;
    out.push({ item: itemName(detail, r.variant_id), customer: customerData(item?.note ?? null), handOver: { human: text, plain: text, tone: s === "partial" ? "warn" : "highlight" } });
  }
  return out;
}

/** Piped: one row per fact, the first field naming it. */
function renderPlain(output: Output, detail: TransactionDetail): void {
  const t = detail.transaction;
  const rows: Cell[][] = [["transaction", t.invoice, t.ref_id, t.status, t.amount, t.created_at]];
  if (t.note) rows.push(["note", t.note]);
  if (t.payment_link) rows.push(["payment_link", t.payment_link]);
  for (const i of t.items) rows.push(["item", i.variant_id, i.variant_name || i.product_name, i.qty, i.price, i.order_process, i.note ?? ""]);
  for (const i of t.items) {
    for (const line of (i.product_license ?? "").split("\n").filter(Boolean)) rows.push(["licence", i.variant_id, line]);
    if (i.seller_note) rows.push(["seller_note", i.variant_id, i.seller_note]);
  }
  for (const r of detail.h2hResults) rows.push(["sn", r.variant_id, r.dispatch_status, r.sn, r.log_message ?? ""]);
  for (const r of detail.smmResults) {
    const pct = deliveredPercent(itemOf(detail, r.variant_id)?.qty, r.remains);
    rows.push(["smm", r.variant_id, r.order_id ?? "", r.status, r.start_count ?? "", r.remains ?? "", pct ?? ""]);
  }
  output.table([], rows);
}
