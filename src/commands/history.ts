/**
 * `reseller history [--unresolved] [--refresh] [--since DATE] [--limit N] [--all-services]`: the
 * ledger of this profile's money-moving requests at this service address, newest first. It reads
 * the journal newest first and stops at --limit or --since; `--refresh` asks the service where
 * each entry not final stands (settling unknown ones, completing or refunding bought ones, a paid
 * top-up) and writes the answers down, so the ledger says what the service holds.
 */
import type { Context } from "../context.js";
import type { Messages } from "../messages/messages.js";
import { InputError } from "../errors.js";
import { checkCalendarDate } from "../rules/dates.js";
import { journalFor, sentFromHere } from "../journal/request.js";
import { boughtElsewhere, isUnresolved, type JournalEntry, linkCreatedStatus } from "../journal/entries.js";
import { customersOf, journalLines, outcomeCell, requestedLines } from "../output/journal.js";
import { alternativeOf } from "../orders/alternatives.js";
import { alternativeOfJson } from "../domain/alternative.js";
import { copyable, customerCell, money, type Cell } from "../output/output.js";
import type { Column } from "../output/layout.js";
import { keptWhole } from "../output/message.js";
import { ledgerVerdict, refreshEntries, sayNotRefreshed, type Refreshed } from "../orders/ledger.js";
import { recordedRefund, verdictPhrase, verdictTone, type Verdict } from "../domain/verdict.js";
import { formatRupiah } from "../output/format.js";
import { statusWord } from "../output/status-words.js";
import { en } from "../messages/en.js";
import type { HistoryOptions } from "./history/flags.js";

const english = en.history;

export const defaultHistoryLimit = 50;

/** A refresh of `history --json` takes at most this many entries not final: far past what one refresh asks. */
const openAtOnce = 2_000;

/** Piped, the columns scripts read by position; new ones only ever go at the end. */
export const historyColumns = [
  "time",
  "kind",
  "ref_id",
  "outcome",
  "amount",
  "detail",
  "item",
  "customer",
  "status",
  "invoice",
  "verdict",
  "refunded",
  "service",
  "what",
  "net",
  "alternative_of",
];

/** What each entry is, in a reseller's words: only purchases and carts spend money; a top-up adds it. */
export type EntryWhat = "purchase" | "cart" | "sandbox order" | "stock lock" | "top-up";

export function whatEntryIs(entry: JournalEntry): EntryWhat {
  switch (entry.kind) {
    case "buy":
      // Counted, not read: `history --json` asks this of every entry, and reading each line's customer
      // doubled the time and the peak memory of a year of orders.
      return requestedLines(entry).length > 1 ? "cart" : "purchase";
    case "sandbox":
      return "sandbox order";
    case "lock":
      return "stock lock";
    case "topup":
      return "top-up";
  }
}

/**
 * What the entry took from the balance in the end (amount less refunded): 0 for a purchase refused
 * or not sent, a sandbox order and a lock (they never spend); undefined while a purchase's outcome is
 * unknown or in flight, and for a top-up (it adds to the balance).
 */
function netOf(entry: JournalEntry, verdict: Verdict | undefined): number | undefined {
  if (entry.kind === "sandbox" || entry.kind === "lock") return 0;
  if (entry.kind !== "buy") return undefined;
  if (foundEarlier(entry)) return 0;
  switch (verdict) {
    case "refused":
    case "not_sent":
      return 0;
    case "bought":
    case "delivered":
    case "partial":
    case "delivery_failed":
      return entry.amount === undefined ? undefined : entry.amount - (refundOf(entry, verdict) ?? 0);
    default:
      return undefined;
  }
}

function detailOf(entry: JournalEntry): string {
  if (entry.outcome === "done")
    return [entry.invoice, entry.status, entry.by && entry.by !== "answer" ? `settled by ${entry.by}` : ""]
      .filter(Boolean)
      .join(" · ");
  if (entry.outcome === "refused") return entry.code ?? "";
  return entry.reason ?? entry.code ?? "";
}

/** What the reseller calls this request: its ref_id, or for a lock the token it made. Never the journal's own id. */
function referenceOf(entry: JournalEntry): string | undefined {
  return entry.ref_id ?? (typeof entry.lock_token === "string" ? entry.lock_token : undefined);
}

/**
 * The names of the items these entries name, from the catalogue copy when there is one: only the
 * lines of the wanted ids are parsed, so a copy of 200k variants costs one read.
 */
/** Names the journal kept when the order was sent first, else the catalogue copy's (never a request). */
async function itemNames(ctx: Context, entries: JournalEntry[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const e of entries) {
    const kept = e.request?.item_names;
    if (kept && typeof kept === "object")
      for (const [id, name] of Object.entries(kept)) if (typeof name === "string") names.set(Number(id), name);
  }
  const wanted = new Set(
    entries
      .flatMap((e) => journalLines(e).map((l) => l.itemId))
      .filter((id): id is number => id !== undefined && !names.has(id)),
  );
  if (!wanted.size) return names;
  try {
    const { keptItemNames } = await import("../catalogue/names.js");
    const fromCopy = keptItemNames(ctx.settings);
    for (const id of wanted) {
      const name = fromCopy(id);
      if (name) names.set(id, name);
    }
  } catch {
    // An unreadable copy: ids it is.
  }
  return names;
}

/** The item as piped rows keep it (English, for scripts), or with `words` as people read it. */
function itemOf(entry: JournalEntry, names: Map<number, string>, words = english): string {
  if (entry.kind === "topup")
    return typeof entry.request?.channel === "string" ? words.topUpBy(entry.request.channel) : words.what["top-up"];
  return journalLines(entry)
    .map((l) => {
      const name = l.itemId !== undefined ? names.get(l.itemId) : undefined;
      const quantity = l.quantity !== undefined ? `${l.quantity} × ` : "";
      return name ? `${quantity}${name}` : `${quantity}${words.itemId(String(l.itemId ?? "?"))}`;
    })
    .join(", ");
}

/**
 * The item, said with what the entry is when it is not a single purchase: `stock lock: 2 × Netflix`;
 * an alternative says whose order it was bought instead of (`↳ instead of REF`), its ref_id being the
 * one to look the refused order up by.
 */
function itemCell(entry: JournalEntry, names: Map<number, string>, say: Messages): string {
  const what = whatEntryIs(entry);
  const item = itemOf(entry, names, say.history);
  const said = say.history.what[what];
  const link = alternativeOf(entry);
  // Kept whole: `↳ instead` on one line and `of REF` on the next reads as two things.
  const mark = link ? ` ${keptWhole(say.history.insteadOf(link.ref_id))}` : "";
  if (what === "purchase" || what === "top-up") return `${item || said}${mark}`;
  return `${item ? `${said}: ${item}` : said}${mark}`;
}

/** A sandbox order and a lock never cost anything: said so, never a price that looks spent. */
function amountCell(entry: JournalEntry, say: Messages): Cell {
  if (entry.kind === "sandbox" || entry.kind === "lock")
    return { human: say.history.noCharge, plain: "0", tone: "dim" };
  return entry.amount === undefined ? undefined : money(entry.amount);
}

/** The customer of each line: a phone number, a game id, an SMM target. */
function customerOf(entry: JournalEntry): string {
  return customersOf(journalLines(entry));
}

/** `--since 2026-11-01` (local midnight) or a full timestamp. */
export function sinceMs(text: string): number {
  checkCalendarDate("--since", text);
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const at = date ? new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3])).getTime() : Date.parse(text);
  if (Number.isNaN(at)) throw new InputError((say) => say.history.since(text));
  return at;
}

/** What the purchase gave back: its recorded refund, and none for one bought or delivered (the ledger's 0). */
function refundOf(entry: JournalEntry, verdict: Verdict | undefined): number | undefined {
  if (foundEarlier(entry)) return 0;
  return verdict === "bought" || verdict === "delivered" ? 0 : recordedRefund(verdict, entry);
}

/**
 * A purchase sent again that only found an earlier run's purchase under its ref_id (`boughtElsewhere`):
 * nothing moved, and the status and verdict the journal follows on it are that purchase's.
 */
function foundEarlier(entry: JournalEntry): boolean {
  return entry.kind === "buy" && boughtElsewhere(entry);
}

function withoutVerdict(entry: JournalEntry): Omit<JournalEntry, "verdict"> {
  const { verdict: _followed, ...rest } = entry;
  return rest;
}

/** Where the entry stands, in the verdict's words for a purchase, else the journal's own. */
function standingCell(entry: JournalEntry, now: number, say: Messages): Cell {
  const verdict = ledgerVerdict(entry, now);
  if (verdict) {
    return {
      human: verdictPhrase(verdict, refundOf(entry, verdict), formatRupiah, say),
      plain: verdict,
      tone: verdictTone(verdict),
    };
  }
  if (entry.kind === "topup" && entry.outcome === "done" && entry.status)
    return {
      // The journal's own word, not the service's: said in the reader's.
      human: entry.status === linkCreatedStatus ? say.history.linkCreated : statusWord(entry.status, say),
      plain: entry.status.replace(/ /g, "_"),
      tone: entry.status === "paid" ? "good" : "dim",
    };
  return outcomeCell(entry, now, say);
}

/** A long list on a terminal goes through the pager (Context.paged). */
export function run(ctx: Context, options: HistoryOptions): Promise<number | undefined> {
  return ctx.paged(() => showHistory(ctx, options));
}

async function showHistory(ctx: Context, options: HistoryOptions): Promise<number | undefined> {
  const now = ctx.now();
  const refresh = options.refresh !== false;
  const journal = journalFor(ctx);
  const since = options.since !== undefined ? sinceMs(options.since) : undefined;
  // --since alone means everything since then; --limit still caps it when given.
  const limit = options.limit ?? (since !== undefined ? Number.POSITIVE_INFINITY : defaultHistoryLimit);
  const here = (e: JournalEntry) => options.allServices || sentFromHere(e, ctx.settings);

  let elsewhere = 0;
  let otherProfiles = 0;
  /** This profile's entries at this address, newest first, read only as far as they are wanted. */
  function* selected(): Generator<JournalEntry> {
    let taken = 0;
    // Selected by recorded time in the database: every entry since then, whatever the clock did.
    for (const e of journal.newestFirst(since !== undefined ? { sinceMs: since } : {})) {
      if (e.profile !== ctx.settings.profile) {
        otherProfiles++;
        continue;
      }
      if (!here(e)) {
        elsewhere++;
        continue;
      }
      if (options.unresolved && !isUnresolved(e, now)) continue;
      yield e;
      if (++taken >= limit) return;
    }
  }
  if (ctx.output.mode === "json") {
    return historyJson(ctx, journal, selected, { refresh, since, limit, unresolved: !!options.unresolved, now });
  }
  let chosen = [...selected()];

  let refreshed: Refreshed | undefined;
  if (refresh && chosen.length) {
    // Only this address's entries can be asked about; the refresh picks those not final itself.
    refreshed = await refreshEntries(
      ctx,
      chosen.filter((e) => sentFromHere(e, ctx.settings)),
      { lateCommits: true },
    );
    const { updated } = refreshed;
    chosen = chosen.map((e) => updated.get(e.entry) ?? e);
    if (options.unresolved) chosen = chosen.filter((e) => isUnresolved(e, now));
  }

  if (chosen.length === 0) {
    ctx.output.info(
      options.unresolved
        ? ctx.say.history.nothingUnresolved
        : ctx.say.history.noneYet(ctx.settings.profile, !!options.allServices),
    );
  } else {
    const names = await itemNames(ctx, chosen);
    const other = (e: JournalEntry) => (sentFromHere(e, ctx.settings) ? undefined : e.base_url || "(no address)");
    if (ctx.output.mode === "plain") {
      ctx.output.table(
        historyColumns,
        chosen.map((e): Cell[] => {
          const verdict = ledgerVerdict(e, now);
          return [
            e.at,
            e.kind,
            referenceOf(e),
            outcomeCell(e, now, ctx.say),
            e.amount,
            detailOf(e),
            itemOf(e, names),
            customerOf(e),
            e.status,
            e.invoice,
            verdict,
            verdict === "bought" || verdict === "delivered" ? undefined : refundOf(e, verdict),
            other(e),
            whatEntryIs(e),
            netOf(e, verdict),
            alternativeOf(e)?.ref_id,
          ];
        }),
      );
    } else {
      // The time, the standing, money and what is copied (customer, ref_id, invoice) are never cut; the item
      // says what the row sold, so it wraps between words (`1 × Pulsa Tel…10.000` named no operator).
      const times = ctx.output.timeColumn(
        ctx.say.headings.time,
        chosen.map((e) => e.at),
        { seconds: false },
      );
      const headers: (string | Column)[] = [
        times.column,
        { header: ctx.say.headings.item, fit: "wrap" },
        // Copied to the customer, so never cut: beside the table with the ref_id, or listed below it.
        { header: ctx.say.headings.customer, fit: "keep" },
        { header: ctx.say.headings.outcome, fit: "keep" },
        { header: ctx.say.headings.amount, fit: "keep" },
        { header: ctx.say.headings.refId, fit: "keep" },
        { header: ctx.say.headings.invoice, fit: "keep" },
        ...(options.allServices ? [{ header: ctx.say.headings.service, fit: "end" as const, min: 12 }] : []),
      ];
      ctx.output.table(
        headers,
        chosen.map((e, i): Cell[] => {
          const reference = referenceOf(e);
          const customer = customerOf(e);
          return [
            times.cells[i],
            itemCell(e, names, ctx.say),
            customer ? customerCell(customer) : undefined,
            standingCell(e, now, ctx.say),
            amountCell(e, ctx.say),
            reference ? copyable(reference) : undefined,
            e.invoice ? copyable(e.invoice, "bold") : undefined,
            ...(options.allServices ? [otherCell(other(e), ctx.say)] : []),
          ];
        }),
      );
    }
  }
  if (otherProfiles) ctx.output.info(ctx.say.history.otherProfiles(otherProfiles));
  if (elsewhere) ctx.output.info(ctx.say.history.otherAddresses(elsewhere));
  const unresolved = options.unresolved ? 0 : chosen.filter((e) => isUnresolved(e, now)).length;
  const stale = refresh ? 0 : chosen.filter((e) => ledgerVerdict(e, now) === "bought").length;
  // These notes fit in 80 columns with their mark, even at six-digit counts; both at once are one note.
  if (unresolved && stale) ctx.output.warn(ctx.say.history.unknownAndNotKnownDelivered(unresolved, stale));
  else if (unresolved) ctx.output.warn(ctx.say.history.unknownOutcomes(unresolved));
  else if (stale) ctx.output.info(ctx.say.history.notKnownDelivered(stale));
  return refreshed ? sayNotRefreshed(ctx, refreshed) : undefined;
}

/**
 * Everything at once as JSON goes out as it is read: a year of orders in bounded memory. What is not
 * final is found first by the records' index (the newest `limit` of them hold every one of the newest
 * `limit` entries), brought up to date, then streamed in its place.
 */
async function historyJson(
  ctx: Context,
  journal: ReturnType<typeof journalFor>,
  selected: () => Generator<JournalEntry>,
  wanted: { refresh: boolean; since: number | undefined; limit: number; unresolved: boolean; now: number },
): Promise<number | undefined> {
  const { since, now } = wanted;
  let refreshed: Refreshed | undefined;
  if (wanted.refresh) {
    // The query selects this profile's entries at this address; the refresh picks those not final itself.
    const here = { profile: ctx.settings.profile, baseUrl: ctx.settings.baseUrl ?? "" };
    const window = since !== undefined ? { sinceMs: since } : {};
    refreshed = await refreshEntries(ctx, journal.open({ ...here, ...window }, Math.min(wanted.limit, openAtOnce)), {
      lateCommits: true,
    });
  }
  const updated = refreshed?.updated;
  await ctx.output.jsonArray(
    (function* () {
      for (const e of selected()) {
        const current = updated?.get(e.entry) ?? e;
        if (wanted.unresolved && !isUnresolved(current, now)) continue;
        yield entryJson(current, now, journal);
      }
    })(),
  );
  return refreshed ? sayNotRefreshed(ctx, refreshed) : undefined;
}

/** An entry as `history --json` gives it: the journal's fields, what it is, its verdict and money. */
// Object.assign, not a spread: spreading each entry made a new hidden class for every one in
// V8's old space, and a year of orders streamed as JSON peaked at twice the memory.
function entryJson(e: JournalEntry, now: number, journal: ReturnType<typeof journalFor>) {
  const verdict = ledgerVerdict(e, now);
  const refunded = refundOf(e, verdict);
  const net = netOf(e, verdict);
  // Every purchase says amount, refunded and net (null while not known): `net` sums to what was spent.
  const money =
    e.kind === "buy"
      ? { amount: e.amount ?? null, refunded: refunded ?? (net === 0 ? 0 : null), net: net ?? null }
      : net !== undefined
        ? { net }
        : {};
  // An alternative names the order it was bought instead of, as buy --json and trx show --json do; a
  // field of the entry's own is never replaced.
  const link = "alternative_of" in e ? undefined : alternativeOf(e, journal);
  return Object.assign(
    {},
    // The verdict is the ledger's: the one the journal follows on another run's purchase is not this entry's.
    foundEarlier(e) ? withoutVerdict(e) : e,
    { what: whatEntryIs(e) },
    verdict ? { verdict } : {},
    money,
    link ? { alternative_of: alternativeOfJson(link) } : {},
  );
}

/** With --all-services, the service an entry was sent to: another one named, this one said so. */
function otherCell(other: string | undefined, say: Messages): Cell {
  return other
    ? { human: say.history.otherService(other), plain: other, tone: "warn" as const }
    : say.history.thisService;
}
