/**
 * Times as the shop's customers read them: in the shop's time zone (WIB, Asia/Jakarta, unless the
 * profile says another), whatever the machine's own zone, with Indonesia's zone names.
 */

import { definitions } from "../config/definitions.js";

/** The table's default: what a time is shown in when no profile is at hand. */
export const defaultTimeZone: string = definitions.time_zone.default;

/** Indonesia's three zones by the names people use; another zone is shown by its offset. */
const zoneNames: Readonly<Record<string, string>> = {
  "Asia/Jakarta": "WIB",
  "Asia/Pontianak": "WIB",
  "Asia/Makassar": "WITA",
  "Asia/Jayapura": "WIT",
};

export interface ShopTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** WIB, WITA, WIT, or UTC+09:00. */
  zone: string;
}

/** One formatter per zone: making one costs far more than using it, and a report reads thousands of times. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      hourCycle: "h23",
      timeZoneName: "longOffset",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function shopTime(atMs: number, timeZone = defaultTimeZone): ShopTime {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(new Date(atMs))
      .map((p) => [p.type, p.value]),
  );
  const offset = (parts.timeZoneName ?? "GMT").replace(/^GMT/, "UTC");
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    zone: zoneNames[timeZone] ?? (offset === "UTC" ? "UTC" : offset),
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/** A day with its month's name in each language, made on first use: `26 November 2026`, `5 Agustus 2026`. */
const dateFormatters: Partial<Record<"id" | "en", Intl.DateTimeFormat>> = {};

/** `26 November 2026` (Indonesian month names by default). */
export function shopDate(t: ShopTime, lang: "id" | "en" = "id"): string {
  dateFormatters[lang] ??= new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  return dateFormatters[lang].format(Date.UTC(t.year, t.month - 1, t.day));
}

/** `26 November 2026 18.10 WIB` in Indonesian (the dot is how Indonesians write the time), `18:10` in English. */
export function shopDateTime(t: ShopTime, lang: "id" | "en" = "id"): string {
  return `${shopDate(t, lang)} ${two(t.hour)}${lang === "id" ? "." : ":"}${two(t.minute)} ${t.zone}`;
}

/** A month's short name in each language, made on first use: `Nov`, `Agu` (Agustus), `Des`. */
const monthFormatters: Partial<Record<"id" | "en", Intl.DateTimeFormat>> = {};

/** What of a time a screen shows beside its clock; a table whose header names the zone leaves it out of each cell. */
export interface MomentParts {
  day: boolean;
  year: boolean;
  zone: boolean;
}
const wholeMoment: MomentParts = { day: true, year: true, zone: true };

/**
 * A time on a person's screen, in the shop's zone and named: `28 Nov 2026 20.40 WIB` in Indonesian
 * (the dot is how Indonesians write the time), `28 Nov 2026 20:40 WIB` in English; with its seconds
 * when asked, and only the `parts` asked for (`28 Nov 20.40`, `20.40`).
 */
export function shopMoment(t: ShopTime, lang: "id" | "en", seconds = false, parts: MomentParts = wholeMoment): string {
  monthFormatters[lang] ??= new Intl.DateTimeFormat(lang === "id" ? "id-ID" : "en-GB", {
    month: "short",
    timeZone: "UTC",
  });
  const month = monthFormatters[lang].format(Date.UTC(t.year, t.month - 1, 1)).replace(/\.$/, "");
  const sep = lang === "id" ? "." : ":";
  const clock = `${two(t.hour)}${sep}${two(t.minute)}${seconds ? `${sep}${two(t.second)}` : ""}`;
  const day = parts.day ? `${t.day} ${month} ${parts.year ? `${t.year} ` : ""}` : "";
  return `${day}${clock}${parts.zone ? ` ${t.zone}` : ""}`;
}

/** `2026-11-26`: the shop's calendar day, for grouping and for comparing with a typed date. */
export function shopDay(t: ShopTime): string {
  return `${t.year}-${two(t.month)}-${two(t.day)}`;
}

/** How far the zone's clock is ahead of UTC at that instant, to the minute. */
function offsetMs(atMs: number, timeZone: string): number {
  const t = shopTime(atMs, timeZone);
  return Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute) - Math.floor(atMs / 60_000) * 60_000;
}

/** The instant a shop day (`2026-11-26`) begins in the zone. */
export function dayStart(day: string, timeZone = defaultTimeZone): number {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const midnight = Date.UTC(y, m - 1, d);
  const first = midnight - offsetMs(midnight, timeZone);
  // A zone whose offset changes that night: measured again where the day really begins.
  return midnight - offsetMs(first, timeZone);
}

/** The shop day `days` after (or before) another. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
