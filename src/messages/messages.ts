/**
 * The catalogues people read: every sentence comes from one (`say.errors.noApiKey`), handed to what
 * words it (the context's `say`, the output's, a parameter), never held in a global. Each is built
 * the first time something reads a word of it, and only in the language chosen. Chosen once, at the
 * process edge (src/cli.ts), before the commands are declared, so help, errors and screens speak one language.
 */
import { type CommandHelpWords, english, type Messages, whenRead } from "./en.js";
// Imported whatever the language: what runs of it at start is a few lines (its words are built
// only when read), so the code cache a command keeps holds them whichever language made the cache.
// Imported only for Indonesian, they were compiled again at every start whose cache English made (~25 ms).
import { indonesian } from "./id.js";
import type { Language } from "./language.js";

export type { CommandHelpWords, Messages };

/** A language's catalogue: a customer's receipt may speak another than the reseller's. */
export function catalogueOf(language: Language): Messages {
  return builderOf(language)();
}

function builderOf(language: Language): () => Messages {
  return language === "id" ? indonesian : english;
}

/**
 * The run's catalogue, chosen at the process edge (src/cli.ts) and handed down from there in the
 * context: built when a word is first read (`balance --json` says nothing, a long history much).
 */
export function runCatalogue(language: Language): Messages {
  return whenRead(builderOf(language));
}

/** The settings' help declared in English in their table, in the reader's language (commands' help: `commandHelp`). */
export function declared(text: string, say: Messages): string {
  return (Object.hasOwn(say.declared, text) ? say.declared[text] : undefined) ?? text;
}
