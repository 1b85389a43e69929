/**
 * The journal as a ledger: where each purchase stands in the verdict's words, and the refresh that
 * asks the service about every entry not final (an unknown purchase, one bought but not yet
 * delivered, a top-up link not yet known to be paid) and writes each answer down as it comes.
 */
import type { ServiceClient } from "../api/client.js";
import type { Status, Transaction } from "../api/model.js";
import { isTransactionNotFound } from "../api/codes.js";
import { isFinal } from "../api/status.js";
import type { Context } from "../context.js";
import { AuthError, InterruptedError, NetworkError, present, ServiceError, type ResellerError } from "../errors.js";
import {
  foldRecord,
  stillInFlight,
  type JournalEntry,
  type OutcomeDetails,
  type OutcomeRecord,
  type StatusRecord,
} from "../journal/entries.js";
import { foundNowAlone, journalDetails, journalFor, statusChanged, verdictFacts } from "../journal/request.js";
import { inPool } from "./pool.js";
import { repeatWindow } from "./repeats.js";
import { verdictOfRecord, type OrderVerdict, type Verdict } from "../domain/verdict.js";

/** Asked at once: a ledger of a few hundred entries refreshes in seconds, not minutes. */
export const refreshConcurrency = 8;

/**
 * What one refresh may cost, so a plain `report` or `history` never hangs on the service: pages of
 * the transaction list (100 each) covering the orders shown, then one question per order the list
 * says is final (or does not list) up to a cap, all within a time budget. The rest are said, not asked.
 */
export const refreshBudget = { listPages: 5, perPage: 100, lookups: 60, ms: 15_000 };

/** What a refresh did: the entries as they stand now, and how many it could not bring up to date, and why. */
export interface Refreshed {
  updated: Map<string, JournalEntry>;
  /** Entries not final that were left as the journal had them. */
  notRefreshed: number;
  /** The failure that stopped the asking (the service unreachable, the key refused); none when only the budget ran out. */
  stoppedBy?: ResellerError;
}

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

/** Not final: an unknown purchase, one bought and not yet delivered, a top-up link not known paid. */
export function needsAsking(entry: JournalEntry, nowMs: number): boolean {
  if (entry.kind === "buy" && entry.ref_id) {
    const verdict = ledgerVerdict(entry, nowMs);
    return verdict === "unknown" || verdict === "bought";
  }
  return entry.kind === "topup" && entry.outcome === "done" && entry.status !== "paid" && entry.amount !== undefined;
}

/** Recorded from `sinceMs` up to (not with) `untilMs`: the range a report's books cover. */
export interface Recorded {
  sinceMs: number;
  untilMs: number;
}

/**
 * This profile's purchases at this address in the repeat window that a look-up did not find, when no
 * other entry of their ref_id stands for them: the service may have committed one after it was asked
 * (the process that sent it killed while the service held it), so each refresh asks again, and a
 * purchase found reaches the books without a `trx show`. Past the window nobody is asked; `within`
 * narrows it to the books shown, so a report of last month asks nothing about today.
 */
export function foundLaterMaybe(ctx: Context, nowMs: number, asked: Set<string>, within?: Recorded): JournalEntry[] {
  const journal = journalFor(ctx);
  const here = { profile: ctx.settings.profile, baseUrl: ctx.settings.baseUrl ?? "" };
  const windowMs = repeatWindow(ctx, undefined, nowMs).startMs;
  const sinceMs = Math.max(windowMs, within?.sinceMs ?? windowMs);
  const untilMs = within?.untilMs;
  if (untilMs !== undefined && sinceMs >= untilMs) return [];
  return journal
    .notDoneSince({ ...here, sinceMs, ...(untilMs !== undefined ? { untilMs } : {}) })
    .filter((e) => !asked.has(e.entry) && e.ref_id && foundNowAlone(journal, e, ctx.settings));
}

/**
 * Brings the entries not final up to date and records each answer as it comes. Purchases are looked
 * up in the service's transaction list first (a few pages cover a day of orders); only those the list
 * says are final, or does not list, are asked about one by one (the list says nothing of refunds),
 * 8 at a time. An unknown outcome is always asked by its ref_id: a list proves nothing by leaving one
 * out. `listed` is a list already read (`trx list`'s page), asked for nothing more. The service
 * unreachable or the key refused stops the asking: what was not asked is counted and shown as kept.
 * Ctrl-C still stops everything.
 */
export async function refreshEntries(
  ctx: Context,
  entries: JournalEntry[],
  options: {
    listed?: Map<string, Status | null>;
    seen?: (entry: JournalEntry, transaction: Transaction) => void;
    /**
     * Ask again about recent purchases a look-up did not find (`foundLaterMaybe`): the books' own
     * refreshes; a report's only about those its range holds.
     */
    lateCommits?: boolean | Recorded;
  } = {},
): Promise<Refreshed> {
  const started = ctx.now();
  const asked = entries.filter((e) => needsAsking(e, started));
  const late = options.lateCommits;
  if (late) {
    const within = late === true ? undefined : late;
    asked.push(...foundLaterMaybe(ctx, started, new Set(asked.map((e) => e.entry)), within));
  }
  const updated = new Map<string, JournalEntry>();
  const result: Refreshed = { updated, notRefreshed: 0 };
  if (!asked.length) return result;
  const stop = (error: unknown) => {
    if (error instanceof InterruptedError) throw error;
    if ((error instanceof NetworkError || error instanceof AuthError) && !result.stoppedBy) result.stoppedBy = error;
  };
  let client: ServiceClient;
  try {
    client = await ctx.client();
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    stop(error);
    result.notRefreshed = asked.length;
    return result;
  }
  const inTime = () => !result.stoppedBy && ctx.now() - started < refreshBudget.ms;
  const journal = journalFor(ctx);
  const at = () => new Date(ctx.now()).toISOString();
  /** Written down, and shown as the journal folds it, whether or not it could be written. */
  const write = (entry: JournalEntry, record: OutcomeRecord | StatusRecord) => {
    try {
      journal.append(record);
    } catch {
      // The answer is still shown; only its record is lost.
    }
    updated.set(entry.entry, foldRecord(structuredClone(entry), record) ?? entry);
  };
  const recordOutcome = (entry: JournalEntry, outcome: "done" | "not_done", details: OutcomeDetails) =>
    write(entry, { v: 1, type: "outcome", entry: entry.entry, at: at(), outcome, ...details, by: "lookup" });
  const recordStatus = (entry: JournalEntry, status: string, facts?: OrderVerdict) =>
    write(entry, {
      v: 1,
      type: "status",
      entry: entry.entry,
      at: at(),
      status,
      ...(entry.invoice ? { invoice: entry.invoice } : {}),
      ...facts,
    });

  const buys = asked.filter((e) => e.kind === "buy");
  const bought = buys.filter((e) => e.outcome === "done");
  const listed = options.listed ?? (bought.length ? await listedStatuses(client, bought, inTime, stop) : new Map());
  // Still not final on the list: nothing that changes the books to ask about. A status that moved
  // (paid to processing) is the list's to record as it stands, with no question more.
  const toAsk = buys.filter((e) => {
    if (e.outcome !== "done") return true;
    const status = listed.get(e.ref_id ?? "");
    if (status === undefined || status === null || isFinal(status)) return true;
    if (status.text !== e.status) recordStatus(e, status.text);
    return false;
  });
  let lookups = 0;
  let answered = buys.length - toAsk.length;
  await inPool(toAsk, refreshConcurrency, async (entry) => {
    if (!inTime() || lookups >= refreshBudget.lookups) return;
    lookups++;
    try {
      const found = await lookUpPurchase(client, present(entry.ref_id, "a purchase's ref_id"));
      answered++;
      const t = found.outcome === "done" ? found.transaction : undefined;
      if (t) options.seen?.(entry, t);
      // Still not found: nothing new to write down.
      if (entry.outcome === "not_done" && found.outcome === "not_done") return;
      if (entry.outcome !== "done") return recordOutcome(entry, found.outcome, found.details);
      if (t?.status) {
        const facts = verdictFacts(t);
        if (statusChanged(entry, { status: t.status.text, ...facts })) recordStatus(entry, t.status.text, facts);
      }
    } catch (error) {
      stop(error);
    }
  });
  result.notRefreshed = buys.length - answered;

  const topUps = asked.filter((e) => e.kind === "topup").reverse();
  if (topUps.length) {
    if (!inTime()) result.notRefreshed += topUps.length;
    else
      try {
        await refreshTopUps(client, topUps, (entry) => recordStatus(entry, "paid"));
      } catch (error) {
        stop(error);
        result.notRefreshed += topUps.length;
      }
  }
  return result;
}

/** Top-ups and orders a list was not asked for can be five minutes older than the service's clock says. */
const listSkewMs = 5 * 60_000;

/**
 * The statuses the service's transaction list gives these purchases, by ref_id: newest pages first,
 * until a page reaches past the oldest of them, the list ends, or the budget does. A list the service
 * does not offer, or will not give, leaves every purchase to be asked about by itself.
 */
async function listedStatuses(
  client: ServiceClient,
  bought: JournalEntry[],
  inTime: () => boolean,
  stop: (error: unknown) => void,
): Promise<Map<string, Status | null>> {
  const wanted = new Set(bought.map((e) => e.ref_id!));
  const oldest = bought.reduce((min, e) => Math.min(min, Date.parse(e.at)), Number.POSITIVE_INFINITY) - listSkewMs;
  const statuses = new Map<string, Status | null>();
  for (let page = 1; page <= refreshBudget.listPages && inTime(); page++) {
    let list;
    try {
      list = (await client.listTransactions({ page, perPage: refreshBudget.perPage })).data;
    } catch (error) {
      stop(error);
      break;
    }
    for (const t of list.transactions) if (t.refId !== null && wanted.has(t.refId)) statuses.set(t.refId, t.status);
    const last = list.transactions.at(-1);
    const lastPage = list.pagination?.lastPage ?? null;
    if (
      statuses.size === wanted.size ||
      list.transactions.length < refreshBudget.perPage ||
      (lastPage !== null && page >= lastPage) ||
      !last?.createdAt ||
      Date.parse(last.createdAt) < oldest
    )
      break;
  }
  return statuses;
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
  // Its failure is the caller's to count: the top-ups stay as they were.
  const mutations = (await client.getBalanceHistory()).data.mutations;
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

/**
 * Says on stderr how many orders a refresh left as recorded and why, after the results. The exit
 * code is the reason's when the service could not be asked (4 unreachable, 3 the key), so a script
 * reading the books knows they may be behind; none when only the budget ran out.
 */
export function sayNotRefreshed(ctx: Context, refreshed: Refreshed): number | undefined {
  const n = refreshed.notRefreshed;
  if (!n) return undefined;
  const why = refreshed.stoppedBy;
  if (why instanceof AuthError) ctx.output.warn(ctx.say.ledger.refused(n));
  else if (why) ctx.output.warn(ctx.say.ledger.unreachable(n));
  else ctx.output.warn(ctx.say.ledger.tooMany(n));
  return why?.exitCode;
}
