/**
 * The service's status words on a person's screen, in the reader's language: keyed by the status's
 * kind (src/api/status.ts), so `Success`, `completed` and `sukses` are all `berhasil` in Indonesian.
 * English screens, and a status no catalogue names, show the service's word as it came, neutralised.
 * Piped columns and --json never come here: they keep the service's text.
 */
import type { Status } from "../api/model.js";
import { statusKindOf } from "../api/status.js";
import type { Messages } from "../messages/messages.js";
import { neutralize } from "./sanitize.js";

export function statusWord(status: Status | string, say: Messages): string {
  const { text, kind } = typeof status === "string" ? { text: status, kind: statusKindOf(status) } : status;
  return say.statusWord(kind, neutralize(text));
}
