/** `history`'s flags, declared once: their types are the options its handler gets (`HistoryOptions`). */
import { type Bare, type FlagsOf, ruledOption } from "../../registry/declaration.js";
import * as rules from "../../rules/input.js";

export const historyFlags = (c: Bare) =>
  c
    .option("--unresolved", "only requests whose outcome is unknown")
    .addOption(
      ruledOption(
        "--limit <n>",
        "at most this many entries (default 50; with --since, all since then)",
        rules.positiveInteger,
      ),
    )
    .option("--since <date>", "only entries since this date (2026-11-01, local midnight) or timestamp")
    .option("--refresh", "ask the service where each entry not final stands, and record it (the default)")
    .option("--no-refresh", "show the ledger as recorded, asking the service nothing (faster, works offline)")
    .option("--all-services", "also entries sent to other service addresses (marked)");

export type HistoryOptions = FlagsOf<typeof historyFlags>;
