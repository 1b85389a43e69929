/** Money and time as a reseller reads them: `Rp 1.250.000`, local time with a relative hint. */

export function formatRupiah(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "-";
  const digits = Math.abs(Math.trunc(amount)).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${amount < 0 ? "-" : ""}Rp ${digits}`;
}

export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, "0")}s`;
  const h = Math.floor(m / 60);
  if (h < 48) return `${h}h ${String(m % 60).padStart(2, "0")}m`;
  return `${Math.floor(h / 24)}d`;
}

export function relativeHint(atMs: number, nowMs: number): string {
  const diff = (atMs - nowMs) / 1000;
  if (Math.abs(diff) < 5) return "now";
  if (diff > 0) return `in ${formatDuration(diff)}`;
  const ago = -diff;
  if (ago < 60) return `${Math.round(ago)}s ago`;
  if (ago < 3600) return `${Math.round(ago / 60)} min ago`;
  if (ago < 48 * 3600) return `${Math.round(ago / 3600)} h ago`;
  return `${Math.round(ago / 86400)} days ago`;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** `2026-11-21 21:30 (in 9m 41s)` in the machine's local time; text that is not a time is shown as is. */
export function formatTimestamp(value: string | null | undefined, nowMs: number): string {
  if (!value) return "-";
  const at = Date.parse(value);
  if (Number.isNaN(at)) return value;
  const d = new Date(at);
  const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return `${local} (${relativeHint(at, nowMs)})`;
}
