/**
 * The shop's day, kept where it is midday now: a test that buys and then counts today's books would
 * fail if the shop's midnight (17:00 UTC in Asia/Jakarta) fell between the purchase and the count (an
 * order bought at 23:59:59 WIB is yesterday's a second later). In a zone where it is about noon the day
 * has hours left, however slowly the test runs.
 */

/** A zone where the local time is between 12:00 and 13:00 at `nowMs`: `Etc/GMT-5` and the like. */
export function zoneAtMidday(nowMs = Date.now()): string {
  const offsetHours = 12 - new Date(nowMs).getUTCHours();
  // POSIX's sign, which the Etc zones keep: Etc/GMT-5 is five hours ahead of UTC.
  if (offsetHours === 0) return "Etc/UTC";
  return `Etc/GMT${offsetHours > 0 ? "-" : "+"}${Math.abs(offsetHours)}`;
}

/** The start of the day in that zone, in epoch milliseconds. */
export function middayZoneDayStart(nowMs = Date.now()): number {
  const offsetMs = (12 - new Date(nowMs).getUTCHours()) * 3_600_000;
  const local = new Date(nowMs + offsetMs);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMs;
}
