/**
 * `reseller history [--unresolved] [--limit N]`: the journal of money-moving requests of this
 * profile, newest first. `--unresolved` lists what `reseller reconcile` would ask the service about.
 */
import type { Context } from "../context.js";
import { journalFor } from "../journal/request.js";
import { foldRecords, isUnresolved, type JournalEntry } from "../journal/journal.js";
import { outcomeCell } from "../output/journal.js";
import { money, type Cell } from "../output/output.js";

export interface HistoryOptions {
  unresolved: boolean;
  limit?: number;
}

export const defaultHistoryLimit = 50;

function detailOf(entry: JournalEntry): string {
  if (entry.outcome === "done") return [entry.invoice, entry.status, entry.by && entry.by !== "answer" ? `settled by ${entry.by}` : ""].filter(Boolean).join(" · ");
  if (entry.outcome === "refused") return entry.code ?? "";
  return entry.reason ?? entry.code ?? "";
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
  } else {
    ctx.output.table(
      ["Time", "Kind", "Ref ID", "Outcome", "Amount", "Detail"],
      chosen.map((e): Cell[] => [
        ctx.output.time(e.at),
        e.kind,
        e.ref_id ?? e.entry,
        outcomeCell(e, now),
        e.amount === undefined ? undefined : money(e.amount),
        detailOf(e),
      ]),
    );
  }
  if (others) ctx.output.info(`(${others} entr${others === 1 ? "y" : "ies"} of other profiles not shown; use --profile.)`);
  const unresolved = mine.filter((e) => isUnresolved(e, now)).length;
  if (unresolved && !options.unresolved) ctx.output.warn(`${unresolved} request${unresolved === 1 ? "" : "s"} with an unknown outcome: run \`reseller reconcile\`.`);
}
