/**
 * Every setting defined once: its flag, environment variables, key in a profile, default, check and
 * help line. commander's global flags (src/program.ts), the resolution (settings.ts), `config get`,
 * `config set` and `config list`, the config file's checks (store.ts), `help environment` and
 * docs/settings.md are all made from this table, the way npm's config definitions make its flags and
 * docs. Adding a setting is adding an entry; reading it is `ctx.settings.setting("name")`.
 *
 * Precedence for a setting with a check: flag > environment > profile > default.
 */
import { InputError } from "../errors.js";
import { choice } from "./choice.js";
import { english, type Messages } from "../messages/en.js";

/** How a value is checked, as data so that errors, help and the docs can say the rule. */
export type Check =
  /** Any text, trimmed. */
  | { readonly type: "text" }
  /** The service's address: checked further where it is used (plain http only on this machine). */
  | { readonly type: "address" }
  /** A credential: never taken from a command line, never printed whole (what to do instead: `say.settings.secrets`). */
  | { readonly type: "secret" }
  | {
      readonly type: "whole";
      readonly min: number;
      readonly max?: number;
      readonly unit?: "seconds" | "hours" | "megabytes";
    }
  | { readonly type: "choice"; readonly values: readonly string[] }
  /** An IANA time zone the platform knows (`Asia/Makassar`), as Intl.DateTimeFormat takes it. */
  | { readonly type: "zone" };

export interface Definition {
  /** The global flag as commander declares it (`--timeout <seconds>`, `--no-color`). */
  readonly flag?: string;
  /** The environment variables read, the setting's own first; `NAME=1` says which value counts. */
  readonly env?: readonly string[];
  /** A profile in the config file can hold it, under the setting's name (`config get/set NAME`). */
  readonly inProfile?: boolean;
  /** A flag of some commands that stands for the setting there (`--wait-timeout` on `buy` and `trx show`). */
  readonly commandFlag?: string;
  /** What a value must be; a setting with a check is resolved flag > environment > profile > default. */
  readonly check?: Check;
  /** The built-in value, or for a setting without a check, what happens when nothing is set. */
  readonly default?: string | number;
  /** With an explicit --profile, a value saved in that profile beats the environment's (emulator exports linger). */
  readonly savedProfileWins?: boolean;
  /** One line: what it does, in the reseller's words. */
  readonly help: string;
}

export const definitions = {
  json: { flag: "--json", help: "print the service's JSON (errors as JSON on stderr)" },
  jq: { flag: "--jq <expression>", help: "filter the JSON with jq (implies --json); strings print raw, like gh --jq" },
  profile: {
    flag: "--profile <name>",
    env: ["RESELLER_PROFILE"],
    check: { type: "text" },
    default: "default",
    help: "which stored account",
  },
  base_url: {
    flag: "--base-url <url>",
    env: ["RESELLER_BASE_URL"],
    inProfile: true,
    check: { type: "address" },
    savedProfileWins: true,
    help: "service address, the part before /v1; its scheme and host are taken in lower case",
  },
  api_key: {
    env: ["RESELLER_API_KEY"],
    inProfile: true,
    check: { type: "secret" },
    savedProfileWins: true,
    help: "the API key; wins over the stored one. There is no --api-key flag: a command line leaks into ps and shell history",
  },
  timeout: {
    flag: "--timeout <seconds>",
    env: ["RESELLER_TIMEOUT"],
    inProfile: true,
    check: { type: "whole", min: 1, max: 3600, unit: "seconds" },
    default: 30,
    help: "per request",
  },
  max_retries: {
    env: ["RESELLER_MAX_RETRIES"],
    inProfile: true,
    check: { type: "whole", min: 0, max: 10 },
    default: 2,
    help: "retries after the first attempt",
  },
  wait_timeout: {
    inProfile: true,
    commandFlag: "--wait-timeout <seconds>",
    check: { type: "whole", min: 1, unit: "seconds" },
    default: 300,
    help: "how long buy --wait and trx show --watch wait for the delivery",
  },
  repeat_window: {
    inProfile: true,
    commandFlag: "--repeat-window <hours>",
    check: { type: "whole", min: 1, unit: "hours" },
    // Two days: a shop's customer asking again the next evening is still caught.
    default: 48,
    help: "how far back buy looks for the same order bought under another ref_id",
  },
  webhook_secret: {
    env: ["RESELLER_WEBHOOK_SECRET"],
    inProfile: true,
    check: { type: "secret" },
    help: "what webhook listen verifies events with; wins over the saved one",
  },
  max_catalogue_mb: {
    env: ["RESELLER_MAX_CATALOGUE_MB"],
    check: { type: "whole", min: 1, max: 999_999, unit: "megabytes" },
    // Sixty times the largest live catalogue (~6,100 variants, 4.3 MB).
    default: 256,
    help: "largest catalogue read at once (2,048 variants a megabyte)",
  },
  shop_name: {
    inProfile: true,
    check: { type: "text" },
    help: "the shop's name, at the top of the receipts for customers",
  },
  time_zone: {
    env: ["RESELLER_TIME_ZONE"],
    inProfile: true,
    check: { type: "zone" },
    default: "Asia/Jakarta",
    help: "the shop's time zone, for every time a screen shows: lists, transactions, receipts, reports and `webhook listen` (WIB, WITA, WIT or any other)",
  },
  pager: {
    flag: "--no-pager",
    env: ["RESELLER_PAGER", "PAGER"],
    default: "less -FRX",
    help: "no pager for long lists on a terminal; else RESELLER_PAGER or PAGER names one (empty: none), by default `less -FRX`, as git and gh page. Never when piped or with --json",
  },
  color: { flag: "--no-color", env: ["NO_COLOR", "CLICOLOR=0"], help: "no colours" },
  colour_forced: { env: ["CLICOLOR_FORCE", "FORCE_COLOR"], help: "colours even when not on a terminal" },
  input: {
    flag: "--no-input",
    env: ["RESELLER_NO_INPUT", "CI"],
    help: "never prompt; a missing value is exit 2 naming the flag",
  },
  verbose: {
    flag: "--verbose",
    env: ["RESELLER_DEBUG=1"],
    help: "log each HTTP exchange to stderr, the API key cut to its last 4 characters",
  },
  insecure: { flag: "--insecure", help: "allow a plain http:// base URL that is not this machine" },
  language: {
    flag: "--lang <lang>",
    env: ["RESELLER_LANG"],
    inProfile: true,
    check: { type: "choice", values: ["id", "en"] },
    help: "the language people read: id (Bahasa Indonesia) or en; else the locale (id_* is Indonesian), else English",
  },
  config_dir: {
    env: ["RESELLER_CONFIG_DIR"],
    default: "$XDG_CONFIG_HOME/reseller, else ~/.config/reseller",
    help: "where the config, the journal, the lock cache, catalogue copies and webhook deliveries live",
  },
  force_tty: {
    env: ["RESELLER_FORCE_TTY=1"],
    help: "lay stdout out as for a terminal (tables); colours stay off unless forced",
  },
  columns: {
    env: ["COLUMNS"],
    default: "the terminal's width, else 80",
    help: "the width tables are fitted to",
  },
  proxy: {
    env: ["HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY"],
    help: "honoured by the HTTP client; localhost, 127.0.0.0/8 and ::1 never proxied",
  },
  tls_checks: {
    env: ["NODE_TLS_REJECT_UNAUTHORIZED=0"],
    help: "turns certificate checks off; honoured, and warned about on every call",
  },
  start_up_cache: {
    env: ["XDG_CACHE_HOME", "RESELLER_NO_CODE_CACHE=1"],
    default: "~/.cache/reseller",
    help: "where start-up caches go; keep none",
  },
} as const satisfies Record<string, Definition>;

type Definitions = typeof definitions;
export type SettingName = keyof Definitions;

/** The settings resolved flag > environment > profile > default: those with a check. */
export type CheckedName = { [N in SettingName]: Definitions[N] extends { check: Check } ? N : never }[SettingName];
/** The settings a profile can hold: `config get/set/list`'s keys and the config file's known keys. */
export type ProfileKey = { [N in SettingName]: Definitions[N] extends { inProfile: true } ? N : never }[SettingName];

type ValueOfCheck<C> = C extends { type: "whole" }
  ? number
  : C extends { type: "choice"; values: readonly (infer V)[] }
    ? V
    : string;
/** What a setting's value is once read: a number for whole numbers, the word for a choice, else text. */
export type SettingValue<N extends CheckedName> = ValueOfCheck<Definitions[N]["check"]>;

/** A profile as the config file holds it: the known settings, and whatever else was written there. */
export type Profile = { [K in ProfileKey]?: SettingValue<K> } & { [extra: string]: unknown };

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
/** commander's name for a flag's value: `--base-url <url>` is `baseUrl`, `--no-color` is `color`. */
type FlagAttribute<F extends string> = F extends `--no-${infer N}`
  ? Camel<N>
  : F extends `--${infer N} <${string}`
    ? Camel<N>
    : F extends `--${infer N}`
      ? Camel<N>
      : never;
type FlagValue<F extends string> = F extends `${string}<${string}` ? string : boolean;
type GlobalFlag = {
  [N in SettingName]: Definitions[N] extends { flag: infer F extends string } ? F : never;
}[SettingName];

/** The global flags as commander gives them: text as typed (checked in settings.ts), switches as booleans. */
export type GlobalFlags = { [F in GlobalFlag as FlagAttribute<F>]?: FlagValue<F> };

export const settingNames = Object.keys(definitions) as SettingName[];
export const profileKeys = settingNames.filter((name) => "inProfile" in definitions[name]) as ProfileKey[];

/** The definition of a setting, seen through the common shape. */
export function definition(name: SettingName): Definition {
  return definitions[name];
}

/** A setting's check, seen as any check (the table's own type narrows it to the one it has). */
function checkOf(name: CheckedName): Check {
  return definitions[name].check;
}

/** `--base-url <url>` -> `--base-url`. */
export function flagName(flag: string): string {
  const [name = flag] = flag.split(" ");
  return name;
}

/** commander's attribute for a flag, as `GlobalFlags` names it. */
export function flagAttribute(flag: string): string {
  return flagName(flag)
    .replace(/^--(no-)?/, "")
    .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** `NO_COLOR=1` -> `NO_COLOR`. */
export function envName(shown: string): string {
  const [name = shown] = shown.split("=");
  return name;
}

/** The global flags commander parsed, taken by name from its option values. */
export function globalFlagsFrom(values: Record<string, unknown>): GlobalFlags {
  const flags: Record<string, string | boolean> = {};
  for (const name of settingNames) {
    const { flag } = definition(name);
    if (!flag) continue;
    const value = values[flagAttribute(flag)];
    if (typeof value === "string" || typeof value === "boolean") flags[flagAttribute(flag)] = value;
  }
  return flags;
}

/** The rule of a whole number in the words given, as an error says it (help says it through `declared`). */
function wholeRuleSaid(check: Extract<Check, { type: "whole" }>, words: Messages): string {
  const unit = check.unit ? (words.settings.units[check.unit] ?? check.unit) : "";
  if (check.max !== undefined) return words.settings.wholeFromTo(unit, check.min, check.max);
  if (check.min !== 1) return words.settings.wholeFrom(check.min);
  return words.settings.positiveWhole(unit);
}

/** A zone the platform's clock knows: Intl.DateTimeFormat refuses any other. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A value typed by a person (a flag, the environment, `config set`), read by the setting's check.
 * A wrong one is an InputError naming `where` (the flag, the variable or the key) and the rule.
 */
export function readSetting<N extends CheckedName>(name: N, text: string, where: string): SettingValue<N>;
export function readSetting(name: CheckedName, text: string, where: string): string | number {
  const check = checkOf(name);
  switch (check.type) {
    case "text":
    case "address":
    case "secret":
      return text.trim();
    case "choice":
      return choice(where, text, check.values);
    case "zone": {
      const zone = text.trim();
      if (!isTimeZone(zone)) throw new InputError((say) => say.settings.mustBe(where, say.settings.timeZone, zone));
      // Kept as the platform spells it (`asia/makassar` is `Asia/Makassar`), so WITA is named on receipts.
      return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
    }
    case "whole": {
      const trimmed = text.trim();
      // `1e3`, `0x10` and `1.5` are not what a person means by a count.
      const n = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
      if (!Number.isSafeInteger(n) || n < check.min || (check.max !== undefined && n > check.max))
        throw new InputError((say) => say.settings.mustBe(where, wholeRuleSaid(check, say), trimmed));
      return n;
    }
  }
}

/** A value from the config file that the setting can use as it is. */
export function holdsSetting(name: ProfileKey, value: unknown): boolean {
  const check = checkOf(name);
  switch (check.type) {
    case "whole":
      return (
        Number.isInteger(value) &&
        (value as number) >= check.min &&
        (check.max === undefined || (value as number) <= check.max)
      );
    case "choice":
      return typeof value === "string" && check.values.includes(value);
    case "zone":
      return typeof value === "string" && isTimeZone(value);
    default:
      return typeof value === "string";
  }
}

/** What a stored value must be, as the config file's errors say it: "a whole number from 0 to 10". */
export function storedRule(name: ProfileKey, say: Messages): string {
  const check = checkOf(name);
  const { stored, wholeFrom, wholeFromTo } = say.settings;
  // The number alone, without the unit: the file holds a bare number.
  if (check.type === "whole")
    return check.max === undefined ? wholeFrom(check.min) : wholeFromTo("", check.min, check.max);
  if (check.type === "choice") return stored.oneOf(check.values.join(", "));
  if (check.type === "zone") return stored.timeZone;
  return stored.text;
}

/** What a person types for the value: `SECONDS`, `N`, `URL`, `id|en`. */
export function valueWord(check: Check): string {
  switch (check.type) {
    case "whole":
      return check.unit?.toUpperCase() ?? "N";
    case "address":
      return "URL";
    case "choice":
      return check.values.join("|");
    case "zone":
      return "ZONE";
    default:
      return "TEXT";
  }
}

/** The rule of a check in a few words, for help and the docs. */
export function checkRule(check: Check): string {
  switch (check.type) {
    case "whole":
      // English, the key `declared` translates help by.
      return wholeRuleSaid(check, english());
    case "address":
      return "https://, or http:// on this machine or with --insecure";
    case "secret":
      return "text; never on a command line";
    case "choice":
      return `${check.values.slice(0, -1).join(", ")} or ${check.values.at(-1)}`;
    case "zone":
      return "an IANA time zone, e.g. Asia/Makassar";
    default:
      return "text";
  }
}

/** The command that puts a stored setting right. */
export function repairCommand(name: ProfileKey, say: Messages): string {
  const check = checkOf(name);
  if (check.type === "secret") return name === "api_key" ? "`reseller login`" : "`reseller webhook secret --save`";
  const range = check.type === "whole" && check.max !== undefined ? say.settings.range(check.min, check.max) : "";
  return `\`reseller config set ${name} ${valueWord(check)}\`${range}`;
}

/** The root's help line for a global flag: the help, then its variables and default. */
export function flagHelp(name: SettingName): string {
  const d = definition(name);
  const env = d.env ?? [];
  if (d.check) {
    const extra = [
      ...(env.length ? [`env ${env.join(", ")}`] : []),
      ...(d.default !== undefined ? [`default ${JSON.stringify(d.default)}`] : []),
    ];
    return extra.length ? `${d.help} (${extra.join("; ")})` : d.help;
  }
  return env.length ? `${d.help} (also ${env.join(", ")})` : d.help;
}

/** The settings some commands take a flag for. */
export type CommandFlagName = {
  [N in CheckedName]: Definitions[N] extends { commandFlag: string } ? N : never;
}[CheckedName];

/** A command's flag that stands for a setting: what it does there, and where its default comes from. */
export function commandFlagHelp(name: CommandFlagName, what: string): string {
  return `${what} (default: the profile's ${name}, else ${definitions[name].default})`;
}
