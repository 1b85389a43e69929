/**
 * Items this machine saw fail recently, from the journal: of an item's last 5 purchases with a known
 * end in the last hour, how many failed (delivery failed, or refused). `items` marks them. The
 * records database is opened only when it exists, so `items` on a machine that never bought loads no
 * SQLite.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Settings } from "../config/settings.js";
import { verdictOfRecord } from "../domain/verdict.js";

export interface RecentFailures {
  failed: number;
  of: number;
  window: "1h";
}

export const recentWindowMs = 3_600_000;
const lastOutcomes = 5;

export async function recentFailures(
  settings: Pick<Settings, "configDir" | "profile" | "baseUrl">,
  nowMs: number,
): Promise<Map<number, RecentFailures>> {
  const failures = new Map<number, RecentFailures>();
  // The file's name as records/database.ts says it: importing that module would load SQLite's binding.
  if (!existsSync(join(settings.configDir, "records.db"))) return failures;
  const { openJournal } = await import("./journal.js");
  const rows = openJournal(settings.configDir).itemOutcomes({
    profile: settings.profile,
    baseUrl: settings.baseUrl ?? "",
    sinceMs: nowMs - recentWindowMs,
  });
  const seen = new Map<number, { failed: number; of: number }>();
  for (const row of rows) {
    const failed = row.outcome === "refused" ? true : row.outcome === "done" ? endOf(row) : undefined;
    if (failed === undefined) continue;
    const counts = seen.get(row.item_id) ?? { failed: 0, of: 0 };
    if (counts.of >= lastOutcomes) continue;
    counts.of++;
    if (failed) counts.failed++;
    seen.set(row.item_id, counts);
  }
  for (const [item, counts] of seen) if (counts.failed) failures.set(item, { ...counts, window: "1h" });
  return failures;
}

/** Whether a bought order's end was a failure; undefined while it has none (bought, not delivered yet). */
function endOf(row: { verdict: string | null; status: string | null }): boolean | undefined {
  const verdict = verdictOfRecord({
    ...(row.verdict ? { verdict: row.verdict } : {}),
    ...(row.status ? { status: row.status } : {}),
  });
  if (verdict === "delivery_failed") return true;
  if (verdict === "delivered" || verdict === "partial") return false;
  return undefined;
}
