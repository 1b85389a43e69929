/**
 * Which language reseller speaks to a person: `--lang`, RESELLER_LANG, the profile's `language`, the
 * locale (LC_ALL, LC_MESSAGES, LANG: `id`, `id_ID.UTF-8` give Indonesian), else English. Only words
 * for people follow it; --json, piped columns, exit codes and the journal are the same in both.
 */
/** The process's environment, as the process edge hands it on (messages import nothing of the rest). */
type Env = Readonly<Record<string, string | undefined>>;

export const languages = ["en", "id"] as const;
export type Language = (typeof languages)[number];
export type LanguageSource = "flag" | "environment" | "profile" | "locale" | "default";

/** `id`/`en` as given, any case; undefined for anything else. */
export function languageNamed(value: string | undefined): Language | undefined {
  const name = value?.trim().toLowerCase();
  return name === "id" || name === "en" ? name : undefined;
}

/**
 * The language the locale asks for. As POSIX reads it, the first of LC_ALL, LC_MESSAGES and LANG
 * that is set decides: `id`, `id_ID`, `id_ID.UTF-8`, `id-ID` are Indonesian; any other (en_US…) English.
 */
export function localeLanguage(env: Env): Language | undefined {
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== "");
  // C and POSIX name no language: English as by default, and said to come from the default.
  if (locale === undefined || /^(?:C|POSIX)(?:[_.@]|$)/.test(locale)) return undefined;
  return /^id(?:[_.@-]|$)/i.test(locale) ? "id" : "en";
}

/**
 * Flag > environment > profile > locale > English. A value that is not id or en is passed over here;
 * its own check says so. The profile's language is asked for only when flag and environment say none.
 */
export function chooseLanguage(
  flag: string | undefined,
  env: Env,
  profile: () => string | undefined,
): { language: Language; source: LanguageSource } {
  const fromFlag = languageNamed(flag);
  if (fromFlag) return { language: fromFlag, source: "flag" };
  const fromEnv = languageNamed(env.RESELLER_LANG);
  if (fromEnv) return { language: fromEnv, source: "environment" };
  const fromProfile = languageNamed(profile());
  if (fromProfile) return { language: fromProfile, source: "profile" };
  const fromLocale = localeLanguage(env);
  if (fromLocale) return { language: fromLocale, source: "locale" };
  return { language: "en", source: "default" };
}

/**
 * The language of a run, from its argv before commander reads it (`--lang`), the environment, the
 * language of the profile `--profile` names (read by the caller, only when needed) and the locale.
 */
export function languageOfRun(
  argv: readonly string[],
  env: Env,
  profileLanguage: (profileFlag: string | undefined) => string | undefined,
): ReturnType<typeof chooseLanguage> {
  return chooseLanguage(languageFlagOf(argv), env, () => profileLanguage(flagValueOf(argv, "--profile")));
}

/** `--lang X` or `--lang=X` among the words before `--`, for choosing the words before commander parses. */
export function languageFlagOf(argv: readonly string[]): string | undefined {
  return flagValueOf(argv, "--lang");
}

function flagValueOf(argv: readonly string[], flag: string): string | undefined {
  let found: string | undefined;
  // One iterator: a flag's value is the word after it, taken from the same walk.
  const words = argv.values();
  for (const word of words) {
    if (word === "--") break;
    if (word === flag) found = words.next().value;
    else if (word.startsWith(`${flag}=`)) found = word.slice(flag.length + 1);
  }
  return found;
}
