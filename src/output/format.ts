/**
 * Money and time as a reseller reads them (`Rp 1.250.000`, local time with a relative hint), and
 * time as scripts read it: one convention for every piped column, ISO 8601 in UTC to the second.
 */
import type { Messages } from "../messages/messages.js";
import { defaultTimeZone, shopMoment, shopTime, type ShopTime } from "../shop/shop-time.js";

/** The zone times are shown in: the shop's (the `time_zone` setting), as its receipts show them; set once a run has its settings. */
let screenZone = defaultTimeZone;
export function showTimesIn(timeZone: string): void {
  screenZone = timeZone;
}

/** Rupiah grouped as Indonesians write it (`1.250.000`): made on first use, once, as making one costs more than using it. */
let rupiahDigits: Intl.NumberFormat | undefined;

export function formatRupiah(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "-";
  rupiahDigits ??= new Intl.NumberFormat("id-ID", { maximumFractionDigits: 0 });
  return `${amount < 0 ? "-" : ""}Rp ${rupiahDigits.format(Math.abs(Math.trunc(amount)))}`;
}

export function formatDuration(seconds: number, say: Messages): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return say.time.seconds(s);
  const m = Math.floor(s / 60);
  if (m < 60) return say.time.minutes(m, String(s % 60).padStart(2, "0"));
  const h = Math.floor(m / 60);
  if (h < 48) return say.time.hours(h, String(m % 60).padStart(2, "0"));
  return say.time.days(Math.floor(h / 24));
}

/** A duration to the minute at most (`21m` for `21m 02s`), for a table short of room. */
export function formatDurationToMinute(seconds: number, say: Messages): string {
  const m = Math.floor(Math.max(0, Math.round(seconds)) / 60);
  return m >= 1 && m < 60 ? say.time.wholeMinutes(m) : formatDuration(seconds, say);
}

export function relativeHint(atMs: number, nowMs: number, say: Messages): string {
  const diff = (atMs - nowMs) / 1000;
  if (Math.abs(diff) < 5) return say.time.now;
  if (diff > 0) return say.time.in(formatDuration(diff, say));
  const ago = -diff;
  if (ago < 60) return say.time.secondsAgo(Math.round(ago));
  if (ago < 3600) return say.time.minutesAgo(Math.round(ago / 60));
  if (ago < 48 * 3600) return say.time.hoursAgo(Math.round(ago / 3600));
  return say.time.daysAgo(Math.round(ago / 86400));
}

/**
 * `21 Nov 2026 21.30.00 WIB` (Indonesian) or `21 Nov 2026 21:30:00 WIB`, in the shop's zone and named
 * whatever the machine's own zone (to the minute without `seconds`); undefined when it is not a time.
 */
export function formatLocalTime(
  value: string | null | undefined,
  say: Messages,
  options: { seconds?: boolean } = {},
): string | undefined {
  if (!value) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return shopMoment(shopTime(at, screenZone), say.language, options.seconds !== false);
}

/** The shop's day at `nowMs`, read once for a whole column of times. */
let todayRead: { nowMs: number; zone: string; t: ShopTime } | undefined;
function shopToday(nowMs: number): ShopTime {
  if (todayRead?.nowMs !== nowMs || todayRead.zone !== screenZone)
    todayRead = { nowMs, zone: screenZone, t: shopTime(nowMs, screenZone) };
  return todayRead.t;
}

/**
 * A time in a column whose header names its zone (`Time (WIB)`), without it: to the second, to the
 * minute, and compact for a table short of room (`20.40` today in the shop, `28 Nov 20.40` this year,
 * `28 Nov 2025 20.40` before); undefined when it is not a time.
 */
export function zonelessTimes(
  value: string | null | undefined,
  nowMs: number,
  say: Messages,
): { at: number; seconds: string; minute: string; compact: string; zone: string } | undefined {
  if (!value) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  const t = shopTime(at, screenZone);
  const today = shopToday(nowMs);
  const sameDay = t.year === today.year && t.month === today.month && t.day === today.day;
  const noZone = { day: true, year: true, zone: false };
  return {
    at,
    seconds: shopMoment(t, say.language, true, noZone),
    minute: shopMoment(t, say.language, false, noZone),
    compact: shopMoment(t, say.language, false, { day: !sameDay, year: t.year !== today.year, zone: false }),
    zone: t.zone,
  };
}

/** `21 Nov 2026 21:30:00 WIB (in 9m 41s)`; text that is not a time is shown as is. */
export function formatTimestamp(value: string | null | undefined, nowMs: number, say: Messages): string {
  if (!value) return "-";
  const local = formatLocalTime(value, say);
  if (local === undefined) return value;
  return `${local} (${relativeHint(Date.parse(value), nowMs, say)})`;
}

/**
 * A time for scripts: `2026-11-21T14:30:00Z`, whatever offset it came with (the service writes
 * +07:00, the journal UTC), so every piped column compares and sorts as text. Fractions of a second
 * are dropped. A time without an offset cannot be placed in UTC without guessing the zone, so it
 * passes through as it came, like text that is not a time.
 */
export function formatIsoUtc(value: string | null | undefined): string {
  if (!value) return "";
  if (!/(z|[+-]\d\d(:?\d\d)?)$/i.test(value.trim())) return value;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return value;
  return `${new Date(Math.floor(at / 1000) * 1000).toISOString().slice(0, 19)}Z`;
}
