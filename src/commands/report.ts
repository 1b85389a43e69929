/**
 * `reseller report [--since …] [--until DATE] [--by …] [--refresh]`: the shop's books from the
 * journal: orders by verdict, spent, refunded, revenue, profit and top-ups, in total and per group,
 * with a bar chart on a terminal. Reads the journal newest first and stops at --since.
 */
import type { Context } from "../context.js";
import { InputError, ResellerError } from "../errors.js";
import { checkCalendarDate } from "../rules/dates.js";
import type { JournalEntry } from "../journal/entries.js";
import { journalFor, sentFromHere } from "../journal/request.js";
import { formatRupiah } from "../output/format.js";
import { customerCell, money, type Cell } from "../output/output.js";
import { barChart, keepBooks, reportVerdicts, type Books, type Grouping, type ItemFacts } from "../shop/books.js";
import { shopProfile } from "../shop/shop-profile.js";
import { addDays, dayStart, shopDay, shopMoment, shopTime } from "../shop/shop-time.js";
import { steadyYoungGeneration } from "../young-generation.js";
import type { ReportOptions } from "./report/flags.js";

const dateForm = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day a `--since` word starts, and the day after the last it takes in: in either language, whatever
 * the language in use (a script typed in one runs under both). `7h` is 7 hari, seven days, as
 * Indonesians shorten it: report counts whole days, so it never means hours here.
 */
function sinceDays(word: string, today: string): { from: string; to?: string } | undefined {
  const days = /^(\d{1,4}) ?(?:d|h|hari|days?)$/.exec(word);
  if (days) return Number(days[1]) > 0 ? { from: addDays(today, 1 - Number(days[1])) } : undefined;
  switch (word) {
    case "today":
    case "hari ini":
      return { from: today };
    case "yesterday":
    case "kemarin":
      return { from: addDays(today, -1), to: today };
    case "this week":
    case "minggu ini": {
      // Weeks start on Monday, as the calendar on a wall in Indonesia has them.
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      return { from: addDays(today, -weekday) };
    }
    case "this month":
    case "bulan ini":
      return { from: `${today.slice(0, 8)}01` };
    default:
      return undefined;
  }
}

/** A `--since` word (today, kemarin, 7d, 7h, minggu ini…) or a date, read in the shop's time zone: [since, until). */
export function reportRange(
  since: string | undefined,
  until: string | undefined,
  nowMs: number,
  timeZone: string,
): { sinceMs: number; untilMs: number } {
  const today = shopDay(shopTime(nowMs, timeZone));
  const word = (since ?? "today").trim().toLowerCase().replace(/\s+/g, " ");
  let from: string;
  let to = addDays(today, 1);
  const named = sinceDays(word, today);
  if (named) {
    from = named.from;
    to = named.to ?? to;
  } else if (dateForm.test(word)) {
    checkCalendarDate("--since", word);
    from = word;
  } else throw new InputError((say) => say.shop.report.sinceForm(since ?? ""));
  if (until !== undefined) {
    if (!dateForm.test(until.trim())) throw new InputError((say) => say.shop.report.untilForm(until));
    checkCalendarDate("--until", until);
    to = addDays(until.trim(), 1);
  }
  const sinceMs = dayStart(from, timeZone);
  const untilMs = dayStart(to, timeZone);
  if (untilMs <= sinceMs) throw new InputError((say) => say.shop.report.untilBefore(until ?? "", since ?? "today"));
  return { sinceMs, untilMs };
}

/** A long list on a terminal goes through the pager (Context.paged). */
export function run(ctx: Context, options: ReportOptions): Promise<number | undefined> {
  return ctx.paged(() => showReport(ctx, options));
}

/** A refresh of the books asks about at most this many orders not final: far past what one refresh asks. */
const openAtOnce = 2_000;

async function showReport(ctx: Context, options: ReportOptions): Promise<number | undefined> {
  const shop = shopProfile(ctx);
  const now = ctx.now();
  const { sinceMs, untilMs } = reportRange(options.since, options.until, now, shop.timeZone);
  const by: Grouping = options.by ?? (untilMs - sinceMs <= 86_400_000 + 3_600_000 ? "hour" : "day");
  const journal = journalFor(ctx);
  function* counted(): Generator<JournalEntry> {
    for (const entry of journal.newestFirst({ sinceMs, untilMs }))
      if ((entry.kind === "buy" || entry.kind === "topup") && sentFromHere(entry, ctx.settings)) yield entry;
  }
  // Only what is not final is asked about, found first by the records' index, with the range's recent
  // purchases a look-up did not find (the service may have committed one since): a day whose orders
  // are all final asks nothing, and the rest is counted as read, never held (a year in bounded memory).
  let refreshed: import("../orders/ledger.js").Refreshed | undefined;
  let ledger: typeof import("../orders/ledger.js") | undefined;
  if (options.refresh !== false) {
    const here = { profile: ctx.settings.profile, baseUrl: ctx.settings.baseUrl ?? "" };
    const open = journal.open({ ...here, sinceMs, untilMs }, openAtOnce);
    ledger = await import("../orders/ledger.js");
    refreshed = await ledger.refreshEntries(ctx, open, { lateCommits: { sinceMs, untilMs } });
  }
  const updated = refreshed?.updated;
  const entries: Iterable<JournalEntry> = updated?.size
    ? (function* () {
        for (const e of counted()) yield updated.get(e.entry) ?? e;
      })()
    : counted();
  const notRefreshed = () => (refreshed && ledger ? ledger.sayNotRefreshed(ctx, refreshed) : undefined);
  const facts = await itemFacts(ctx, by);
  const books = await steadyYoungGeneration(() =>
    keepBooks({ entries, nowMs: now, by, timeZone: shop.timeZone, facts }),
  );
  const range = { since: new Date(sinceMs).toISOString(), until: new Date(untilMs).toISOString(), by };
  if (ctx.output.mode === "plain") {
    printRows(ctx, books);
    return notRefreshed();
  }
  const balances = await balancesOf(ctx, books, sinceMs, untilMs);
  if (ctx.output.mode === "json") {
    ctx.output.json({ ...range, ...books, ...balances });
    return notRefreshed();
  }
  showBooks(ctx, books, by, sinceMs, untilMs, shop.timeZone, balances);
  if (balances.unaccounted && balances.closing_balance !== null && balances.opening_balance !== null)
    ctx.output.warn(
      ctx.say.shop.report.doesNotReconcile(
        formatRupiah(balances.closing_balance - balances.opening_balance),
        formatRupiah(books.top_ups.paid - books.spent),
        formatRupiah(balances.unaccounted),
      ),
    );
  if (books.by_verdict.unknown) ctx.output.warn(ctx.say.shop.report.unknownApart(books.by_verdict.unknown));
  if (books.unpriced) ctx.output.info(ctx.say.shop.report.unpriced(books.unpriced));
  return notRefreshed();
}

interface Balances {
  opening_balance: number | null;
  closing_balance: number | null;
  /** The balance's movement less what the books account for (top-ups paid − spent); null when not known. */
  unaccounted: number | null;
}

/**
 * The opening and closing balance from the service's balance history, and what of their difference
 * the books do not account for: orders from another machine or profile, refunds of orders from
 * before the range, outcomes not yet refreshed. Offline, the books are shown without them.
 */
async function balancesOf(ctx: Context, books: Books, sinceMs: number, untilMs: number): Promise<Balances> {
  const { balanceEnds } = await import("../shop/balance-ends.js");
  let ends: Awaited<ReturnType<typeof balanceEnds>>;
  try {
    ends = await balanceEnds(ctx, sinceMs, untilMs);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    const why = error instanceof ResellerError ? error.messageIn(ctx.say) : (error as Error).message;
    ctx.output.warn(ctx.say.shop.report.noBalances(why));
    return { opening_balance: null, closing_balance: null, unaccounted: null };
  }
  const { opening, closing } = ends;
  const unaccounted =
    opening === null || closing === null ? null : closing - opening - (books.top_ups.paid - books.spent);
  return { opening_balance: opening, closing_balance: closing, unaccounted };
}

/** Product and category of each item, from the kept catalogue: read only when the report groups by them. */
async function itemFacts(ctx: Context, by: Grouping): Promise<ItemFacts> {
  if (by !== "product" && by !== "category") return () => undefined;
  const { baseUrl, apiKey, configDir, profile } = ctx.settings;
  if (!baseUrl || !apiKey) return () => undefined;
  const { readCatalogue } = await import("../catalogue/cache.js");
  const kept = readCatalogue({ configDir, profile, baseUrl, apiKey });
  const byId = new Map((kept?.entries() ?? []).map((e) => [e.id, e]));
  return (id) => byId.get(id);
}

function verdictCells(row: Books["rows"][number] | Books): Cell[] {
  return reportVerdicts.map((v) => row.by_verdict[v]);
}

/** Piped: one line per group, then the total, tab-separated. */
function printRows(ctx: Context, books: Books): void {
  const line = (key: string, row: Books["rows"][number] | Books): Cell[] => [
    key,
    row.orders,
    ...verdictCells(row),
    money(row.spent),
    money(row.refunded),
    money(row.revenue),
    money(row.profit),
  ];
  const headers = ["key", "orders", ...reportVerdicts, "spent", "refunded", "revenue", "profit"];
  ctx.output.table(headers, [...books.rows.map((r) => line(r.key, r)), line("total", books)]);
}

const balanceLine = (label: string, balance: number | null): [string, Cell][] =>
  balance === null ? [] : [[label, money(balance)]];

/**
 * An hour's row as a person reads a time: the clock in the reader's way (`14.00` in Indonesian), the
 * zone named once in the header (`Jam (WIB)`), the day said only when the books span more than one.
 * Piped rows and --json keep the key (`2026-11-29 14:00`).
 */
function hourLabels(first: string, last: string, timeZone: string, lang: "id" | "en") {
  const zone = shopTime(dayStart(first, timeZone), timeZone).zone;
  const parts = { day: first !== last, year: first.slice(0, 4) !== last.slice(0, 4), zone: false };
  return {
    header: (text: string) => (zone ? `${text} (${zone})` : text),
    label: (key: string): string => {
      const [year, month, day, hour] = key.split(/[- :]/).map(Number);
      if ([year, month, day, hour].some((n) => n === undefined || Number.isNaN(n))) return key;
      const t = { year: year ?? 0, month: month ?? 0, day: day ?? 0, hour: hour ?? 0, minute: 0, second: 0, zone };
      return shopMoment(t, lang, false, parts);
    },
  };
}

function showBooks(
  ctx: Context,
  books: Books,
  by: Grouping,
  sinceMs: number,
  untilMs: number,
  zone: string,
  balances: Balances,
): void {
  const first = shopDay(shopTime(sinceMs, zone));
  const last = shopDay(shopTime(untilMs - 1, zone));
  const words = ctx.say.shop.report;
  const counted = reportVerdicts.filter((v) => books.by_verdict[v]).map((v) => words.counts[v](books.by_verdict[v]));
  ctx.output.record([
    [words.books, first === last ? first : words.range(first, last)],
    // Said only when the balance history gives it: a dash beside the books would look like a figure.
    ...balanceLine(words.opening, balances.opening_balance),
    [words.orders, `${books.orders}${counted.length ? `: ${counted.join(", ")}` : ""}`],
    [words.spent, money(books.spent)],
    [words.refunded, money(books.refunded)],
    [words.revenue, money(books.revenue)],
    [words.profit, { ...money(books.profit), tone: books.profit < 0 ? "bad" : "good" }],
    [
      words.topUps,
      words.topUpsLine(formatRupiah(books.top_ups.paid), books.top_ups.count, formatRupiah(books.top_ups.amount)),
    ],
    ...balanceLine(words.closing, balances.closing_balance),
  ]);
  if (books.rows.length === 0) return;
  const hours = hourLabels(first, last, zone, ctx.say.language);
  ctx.output.heading(words.by[by]);
  // Spent is net of refunds: a group whose orders were refunded says so beside it, as piped and --json do.
  const refunds = books.refunded > 0;
  ctx.output.table(
    [
      // A day or an hour is a time, never cut (at worst its date and hour on two lines); a name is cut in the middle.
      by === "day"
        ? { header: words.groups[by] }
        : by === "hour"
          ? { header: hours.header(words.groups.hour) }
          : { header: words.groups[by], fit: "middle", min: 10 },
      { header: words.orders },
      { header: words.spent },
      ...(refunds ? [{ header: words.refunded }] : []),
      { header: words.revenue },
      { header: words.profit },
    ],
    books.rows.map((r) => [
      // A customer (a number, a game id, a page's link) is never cut: it stands whole beside the
      // table, or below it by row number, rather than making each row a card of its own.
      by === "customer" ? customerCell(r.key) : by === "hour" ? hours.label(r.key) : r.key,
      r.orders,
      money(r.spent),
      ...(refunds ? [money(r.refunded)] : []),
      money(r.revenue),
      money(r.profit),
    ]),
  );
  if (by !== "day" && by !== "hour") return;
  // Profit once selling prices are known, else what was spent.
  const profit = books.revenue > 0;
  const heading = (profit ? words.profitPer : words.spentPer)[by];
  ctx.output.heading(by === "hour" ? hours.header(heading) : heading);
  const lines = barChart(
    books.rows.map((r) => ({
      label: by === "hour" ? hours.label(r.key) : r.key,
      value: profit ? r.profit : r.spent,
      shown: formatRupiah(profit ? r.profit : r.spent),
    })),
    Math.min(ctx.output.width, 80),
  );
  ctx.output.document(lines.join("\n"));
}
