/**
 * The catalogue of the language chosen, `say`: every sentence a person reads comes from it
 * (`say.errors.noApiKey`). English is built in, being the fallback and the source of the keys; the
 * Indonesian catalogue is loaded only when chosen. Chosen once, at the process edge (src/cli.ts),
 * before the commands are declared, so help, errors and screens speak one language.
 */
import { type CommandHelpWords, en, english, type Messages, whenRead } from "./en.js";
import type { Language } from "./language.js";

export type { CommandHelpWords, Messages };

/** The words of the language in use; English until another is chosen. */
export let say: Messages = en;
export let spoken: Language = "en";

/** A language's catalogue, loaded when it is not English: a customer's receipt may speak another than the reseller's. */
export async function catalogueOf(language: Language): Promise<Messages> {
  return (await builderOf(language))();
}

async function builderOf(language: Language): Promise<() => Messages> {
  return language === "id" ? (await import("./id.js")).indonesian : english;
}

/** Chooses the run's language and gives its catalogue, which travels from here in the context. */
export async function speak(language: Language): Promise<Messages> {
  const catalogue = await builderOf(language);
  // Built when a word is first read, then read directly: `balance --json` says nothing, a long history much.
  const words = whenRead(() => {
    const built = catalogue();
    if (say === words) say = built; // unless another language was chosen since
    return built;
  });
  say = words;
  spoken = language;
  return words;
}

/** The settings' help declared in English in their table, in the reader's language (commands' help: `commandHelp`). */
export function declared(text: string, say: Messages): string {
  return (Object.hasOwn(say.declared, text) ? say.declared[text] : undefined) ?? text;
}
