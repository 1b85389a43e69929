/** What the three shells' scripts share: the header, sh quoting, one-line descriptions, the quiet call. */
import type { Messages } from "../messages/messages.js";
import type { Shell } from "./describe.js";

/** Single-quoted for sh/bash/zsh: nothing inside is expanded. */
export function sq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** One line of a description is enough in a completion menu. */
export function short(description: string): string {
  const [first = ""] = description.split("\n", 1);
  return first.trim();
}

export const header = (shell: Shell, say: Messages) => `${say.completion.header(shell)}\n`;

// Dynamic candidates come from the same `reseller` the user is completing, with a short timeout and no
// retries, and never a prompt. Any failure (no key, no network) prints nothing: completion just offers less.
// The word typed so far goes after `--`, as a value and never as a flag; `__complete` filters by it.
export const quietCall = (command: string, what: string, extra: string, prefix: string) =>
  `RESELLER_MAX_RETRIES=0 RESELLER_NO_INPUT=1 ${command} __complete ${what} --timeout 2 ${extra} -- ${prefix} 2>/dev/null`;
