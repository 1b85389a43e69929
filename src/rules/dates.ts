/**
 * Dates people type for --since and --until. `new Date(2026, 1, 30)` and Date.parse roll an impossible
 * day over into the next month (2026-02-30 is 2 March, 2026-00-10 is 10 December 2025), so a typed
 * date is checked against the calendar before it is read.
 */
import { InputError, type Wording } from "../errors.js";

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Refuses (exit 2, naming the flag and the date) a text that is, or begins with, a date in the form
 * 2026-11-01 naming no day on the calendar; anything else is left for the caller to read.
 */
export function checkCalendarDate(flag: string, text: string): void {
  const typed = /^(\d{4})-(\d{2})-(\d{2})(?=$|[T ])/.exec(text.trim());
  if (!typed) return;
  const [date, y, m, d] = typed as unknown as [string, string, string, string];
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const why: Wording | undefined =
    month < 1 || month > 12
      ? (say) => say.time.noSuchMonth(m)
      : day < 1 || day > daysIn(year, month)
        ? (say) => say.time.daysInMonth(`${y}-${m}`, daysIn(year, month))
        : undefined;
  if (why) throw new InputError((say) => `${say.time.noSuchDate(flag, date)}: ${why(say)}.`);
}
