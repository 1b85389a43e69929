/**
 * `reseller history [--unresolved] [--limit N]`: the journal of money-moving requests of this
 * profile, newest first. `--unresolved` lists what `reseller reconcile` would ask the service about.
 */
import type { Context } from "../context.js";
import { journalFor } from "../journal/request.js";
import { foldRecords, isUnresolved, type JournalEntry } from "../journal/journal.js";
import { outcomeCell } from "../output/journal.js";
import { copyable, money, statusCell, type Cell } from "../output/output.js";
import { customerData } from "../output/transaction.js";

export interface HistoryOptions {
  unresolved: boolean;
  limit?: number;
}

export const defaultHistoryLimit = 50;

/** Piped, the columns scripts read by position; new ones only ever go at the end. */
export const historyColumns = ["time", "kind", "ref_id", "outcome", "amount", "detail", "item", "customer", "status", "invoice"];

function detailOf(entry: JournalEntry): string {
  if (entry.outcome === "done") return [entry.invoice, entry.status, entry.by && entry.by !== "answer" ? `settled by ${entry.by}` : ""].filter(Boolean).join(" · ");
  if (entry.outcome === "refused") return entry.code ?? "";
  return entry.reason ?? entry.code ?? "";
}

/** On a terminal the invoice and status have columns of their own; the detail keeps the rest. */
function noteOf(entry: JournalEntry): string {
  if (entry.outcome === "done") return entry.by && entry.by !== "answer" ? `settled by ${entry.by}` : "";
  return detailOf(entry);
}

/** What the reseller calls this request: its ref_id, or for a lock the token it made. Never the journal's own id. */
function referenceOf(entry: JournalEntry): string | undefined {
  return entry.ref_id ?? (typeof entry.lock_token === "string" ? entry.lock_token : undefined);
}

interface Line {
  item_id?: unknown;
  quantity?: unknown;
  note?: unknown;
}

function linesOf(entry: JournalEntry): Line[] {
  const request = entry.request ?? {};
  if (Array.isArray(request.carts)) return request.carts.filter((l): l is Line => typeof l === "object" && l !== null);
  return request.item_id !== undefined ? [request as Line] : [];
}

/** `12 ×1`, one per cart line; a top-up names its channel. */
function itemOf(entry: JournalEntry): string {
  if (entry.kind === "topup") return typeof entry.request?.channel === "string" ? `top-up ${entry.request.channel}` : "top-up";
  return linesOf(entry)
    .map((l) => `${String(l.item_id ?? "?")}${l.quantity !== undefined ? ` ×${String(l.quantity)}` : ""}`)
    .join(", ");
}

/** The customer of each line: a phone number, a game id, an SMM target. */
function customerOf(entry: JournalEntry): string {
  return [...new Set(linesOf(entry).map((l) => (typeof l.note === "string" ? customerData(l.note) : null)).filter((c): c is string => !!c))].join(", ");
}

export async function run(ctx: Context, options: HistoryOptions): Promise<void> {
  const now = ctx.now();
  const journal = journalFor(ctx);
  const { records, damaged } = journal.read();
  const all = foldRecords(records);
  const mine = all.filter((e) => e.profile === ctx.settings.profile);
  const chosen = mine.filter((e) => !options.unresolved || isUnresolved(e, now)).reverse().slice(0, options.limit ?? defaultHistoryLimit);

  if (damaged) ctx.output.warn(`${damaged} damaged line${damaged === 1 ? "" : "s"} in ${journal.path} skipped.`);
  if (ctx.output.mode === "json") return ctx.output.json(chosen);
  const others = all.length - mine.length;
  if (chosen.length === 0) {
    ctx.output.info(options.unresolved ? "Nothing unresolved: every request's outcome is known." : `No money-moving requests recorded yet for profile "${ctx.settings.profile}".`);
  } else if (ctx.output.mode === "plain") {
    ctx.output.table(
      historyColumns,
      chosen.map((e): Cell[] => [e.at, e.kind, referenceOf(e), outcomeCell(e, now), e.amount, detailOf(e), itemOf(e), customerOf(e), e.status, e.invoice]),
    );
  } else {
    ctx.output.table(
      ["Time", "Kind", "Item", "Customer", "Status", "Amount", "Detail", "Ref ID", "Invoice"],
      chosen.map((e): Cell[] => {
        const reference = referenceOf(e);
        return [
          ctx.output.time(e.at),
          e.kind,
          itemOf(e) || undefined,
          customerOf(e) || undefined,
          // Where it stands: the service's latest status once it happened, else the outcome in words.
          e.outcome === "done" && e.status ? statusCell(e.status) : outcomeCell(e, now),
          e.amount === undefined ? undefined : money(e.amount),
          noteOf(e) || undefined,
          reference ? copyable(reference) : undefined,
          e.invoice ? copyable(e.invoice, "bold") : undefined,
        ];
      }),
    );
  }
  if (others) ctx.output.info(`(${others} entr${others === 1 ? "y" : "ies"} of other profiles not shown; use --profile.)`);
  const unresolved = mine.filter((e) => isUnresolved(e, now)).length;
  if (unresolved && !options.unresolved) ctx.output.warn(`${unresolved} request${unresolved === 1 ? "" : "s"} with an unknown outcome: run \`reseller reconcile\`.`);
}
