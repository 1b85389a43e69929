/** Journal records as reseller writes them, for a test that starts from a journal already on disk. */
import type { IntentRecord } from "../../src/journal/journal.js";

/**
 * The intent of a purchase, written before anything is sent: the given fields over a purchase of
 * nothing by the default profile. Keys stay in the order reseller writes them.
 */
export function buyIntent({
  entry,
  at,
  ...fields
}: Pick<IntentRecord, "entry" | "at"> & Partial<IntentRecord>): IntentRecord {
  return {
    v: 1,
    type: "intent",
    entry,
    at,
    kind: "buy",
    profile: "default",
    base_url: "http://127.0.0.1:1",
    ref_id: `ref-${entry}`,
    request: { carts: [] },
    pid: 1,
    host: "h",
    ...fields,
  };
}
