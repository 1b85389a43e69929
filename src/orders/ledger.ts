/**
 * The journal as a ledger: where each purchase stands in the verdict's words, and the refresh that
 * asks the service about every entry not final (an unknown purchase, one bought but not yet
 * delivered, a top-up link not yet known to be paid) and writes each answer down as it comes.
 */
import type { ServiceClient } from "../api/client.js";
import type { Transaction } from "../api/model.js";
import { isTransactionNotFound } from "../api/codes.js";
import type { Context } from "../context.js";
import { AuthError, InterruptedError, present, ServiceError } from "../errors.js";
import { stillInFlight, type JournalEntry, type OutcomeDetails } from "../journal/entries.js";
import { journalDetails, journalFor, verdictFacts } from "../journal/request.js";
import { inPool } from "./pool.js";
import { verdictOfRecord, type OrderVerdict, type Verdict } from "../domain/verdict.js";

/** Asked at once: a ledger of a few hundred entries refreshes in seconds, not minutes. */
export const refreshConcurrency = 8;

/**
 * A purchase's verdict from its journal entry; undefined for other kinds, for a purchase still in
 * flight, and for a re-run that only found the earlier purchase (nothing moved; that entry counts).
 */
export function ledgerVerdict(entry: JournalEntry, nowMs: number): Verdict | undefined {
  if (entry.kind !== "buy") return undefined;
  switch (entry.outcome) {
    case "done":
      return verdictOfRecord(entry);
    case "unknown":
      return "unknown";
    case "pending":
      return stillInFlight(entry, nowMs) ? undefined : "unknown";
    case "not_done":
      // The look-up found no purchase: the request never landed, so nothing was sent that counts.
      return entry.invoice !== undefined ? undefined : "not_sent";
    case "refused":
      return "refused";
    case "not_sent":
      return "not_sent";
  }
}

const topUpSkewMs = 5 * 60_000;

/**
 * What the service holds under a purchase's ref_id: done, with the transaction and what the journal
 * keeps of it; or not done, only when the service itself says it has no such transaction. Any other
 * failure is thrown: it proves nothing.
 */
export async function lookUpPurchase(
  client: ServiceClient,
  refId: string,
): Promise<
  | { outcome: "done"; transaction: Transaction; details: OutcomeDetails }
  | { outcome: "not_done"; details: OutcomeDetails }
> {
  try {
    const { data: t } = await client.getTransaction(refId);
    return { outcome: "done", transaction: t, details: journalDetails(t) };
  } catch (error) {
    if (!(error instanceof ServiceError && isTransactionNotFound(error.code))) throw error;
    return { outcome: "not_done", details: { reason: "the service has no transaction with this ref_id" } };
  }
}

function needsAsking(entry: JournalEntry, nowMs: number): boolean {
  if (entry.kind === "buy" && entry.ref_id) {
    const verdict = ledgerVerdict(entry, nowMs);
    return verdict === "unknown" || verdict === "bought";
  }
  return entry.kind === "topup" && entry.outcome === "done" && entry.status !== "paid" && entry.amount !== undefined;
}

/**
 * Asks the service where each entry not final stands, 8 at a time, and records each answer as it
 * comes. Returns the entries as they stand now, by journal id. A question the service cannot answer
 * leaves its entry as it was; Ctrl-C and a refused key stop the refresh. `seen` is told each
 * purchase's transaction as the service showed it (`pending` hands it on once the order ended).
 */
export async function refreshEntries(
  ctx: Context,
  entries: JournalEntry[],
  seen?: (entry: JournalEntry, transaction: Transaction) => void,
): Promise<Map<string, JournalEntry>> {
  const now = ctx.now();
  const asked = entries.filter((e) => needsAsking(e, now));
  const updated = new Map<string, JournalEntry>();
  if (!asked.length) return updated;
  const client = await ctx.client();
  const journal = journalFor(ctx);
  const at = () => new Date(ctx.now()).toISOString();
  const write = (
    entry: JournalEntry,
    change: { outcome?: "done" | "not_done"; details: OutcomeDetails; status?: string; facts?: OrderVerdict },
  ) => {
    try {
      if (change.outcome)
        journal.append({
          v: 1,
          type: "outcome",
          entry: entry.entry,
          at: at(),
          outcome: change.outcome,
          ...change.details,
          by: "lookup",
        });
      else if (change.status)
        journal.append({
          v: 1,
          type: "status",
          entry: entry.entry,
          at: at(),
          status: change.status,
          ...(entry.invoice ? { invoice: entry.invoice } : {}),
          ...(change.facts ?? {}),
        });
    } catch {
      // The answer is still shown; only its record is lost.
    }
    const now = {
      ...entry,
      ...change.details,
      ...(change.outcome ? { outcome: change.outcome } : {}),
      ...(change.status ? { status: change.status } : {}),
    };
    // New facts replace the old ones whole: a refund no longer named is no longer kept.
    if (change.facts) {
      delete now.refunded;
      Object.assign(now, change.facts);
    }
    updated.set(entry.entry, now);
  };

  const buys = asked.filter((e) => e.kind === "buy");
  await inPool(buys, refreshConcurrency, async (entry) => {
    try {
      const found = await lookUpPurchase(client, present(entry.ref_id, "a purchase's ref_id"));
      const t = found.outcome === "done" ? found.transaction : undefined;
      if (t) seen?.(entry, t);
      if (entry.outcome !== "done") return write(entry, { outcome: found.outcome, details: found.details });
      if (t?.status) {
        const facts = verdictFacts(t);
        if (t.status.text !== entry.status || facts.verdict !== entry.verdict || facts.refunded !== entry.refunded)
          write(entry, { details: {}, status: t.status.text, facts });
      }
    } catch (error) {
      if (error instanceof InterruptedError || error instanceof AuthError) throw error;
    }
  });

  const topUps = asked.filter((e) => e.kind === "topup").reverse();
  if (topUps.length) await refreshTopUps(client, topUps, (entry) => write(entry, { details: {}, status: "paid" }));
  return updated;
}

/**
 * A top-up link is paid once the balance history shows a top-up of its amount after it was made;
 * each credit accounts for one link, the oldest links first.
 */
async function refreshTopUps(
  client: ServiceClient,
  topUps: JournalEntry[],
  paid: (entry: JournalEntry) => void,
): Promise<void> {
  let mutations;
  try {
    mutations = (await client.getBalanceHistory()).data.mutations;
  } catch (error) {
    if (error instanceof InterruptedError || error instanceof AuthError) throw error;
    return;
  }
  const credits = mutations.filter(
    (m) => /top.?up|deposit/i.test(`${m.type ?? ""} ${m.description ?? ""}`) && (m.amount ?? 0) > 0,
  );
  const used = new Set<number>();
  for (const entry of topUps) {
    const made = Date.parse(entry.at) - topUpSkewMs;
    const index = credits.findIndex(
      (m, i) => !used.has(i) && m.amount === entry.amount && !(Date.parse(m.time ?? "") < made),
    );
    if (index < 0) continue;
    used.add(index);
    paid(entry);
  }
}
