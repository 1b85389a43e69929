/**
 * The catalogues people read: every sentence comes from one (`say.errors.noApiKey`), handed to what
 * words it (the context's `say`, the output's, a parameter), never held in a global. English is built
 * in, being the fallback and the source of the keys; the Indonesian catalogue is loaded only when
 * chosen. Chosen once, at the process edge (src/cli.ts), before the commands are declared, so help,
 * errors and screens speak one language.
 */
import { type CommandHelpWords, english, type Messages, whenRead } from "./en.js";
import type { Language } from "./language.js";

export type { CommandHelpWords, Messages };

/** A language's catalogue, loaded when it is not English: a customer's receipt may speak another than the reseller's. */
export async function catalogueOf(language: Language): Promise<Messages> {
  return (await builderOf(language))();
}

async function builderOf(language: Language): Promise<() => Messages> {
  return language === "id" ? (await import("./id.js")).indonesian : english;
}

/**
 * The run's catalogue, chosen at the process edge (src/cli.ts) and handed down from there in the
 * context: loaded now, built when a word is first read (`balance --json` says nothing, a long history much).
 */
export async function runCatalogue(language: Language): Promise<Messages> {
  return whenRead(await builderOf(language));
}

/** The settings' help declared in English in their table, in the reader's language (commands' help: `commandHelp`). */
export function declared(text: string, say: Messages): string {
  return (Object.hasOwn(say.declared, text) ? say.declared[text] : undefined) ?? text;
}
