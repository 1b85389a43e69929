/**
 * Resolves every global setting once, with the contract's precedence:
 * flag > environment > profile in the config store > built-in default.
 * The only reader of environment variables: everything else gets the settings.
 */
import { join } from "node:path";
import { present, UsageError } from "../errors.js";
import { ConfigStore } from "./store.js";
import { withoutCredentials } from "./mask.js";
import { localeLanguage } from "../messages/language.js";
import {
  type CheckedName,
  definition,
  definitions,
  envName,
  flagAttribute,
  flagName,
  type GlobalFlags,
  type ProfileKey,
  readSetting,
  type SettingValue,
  settingNames,
} from "./definitions.js";

export type { GlobalFlags } from "./definitions.js";

export type Env = Record<string, string | undefined>;

/** Where a setting's value came from; "none" when nothing sets it and it has no default; the language may come from the locale. */
export type Source = "flag" | "environment" | "profile" | "default" | "locale" | "none";

/** A setting's value in effect and where it came from; never undefined for a setting with a default. */
export interface Resolved<N extends CheckedName> {
  value: (typeof definitions)[N] extends { default: unknown } ? SettingValue<N> : SettingValue<N> | undefined;
  source: Source;
}

export interface Settings {
  /**
   * Any setting of the table (./definitions.ts) with its source: flag > environment > profile > default.
   * A wrong value from the profile is thrown here, at first use.
   */
  setting<N extends CheckedName>(name: N): Resolved<N>;
  profile: string;
  configDir: string;
  baseUrl: string | undefined;
  apiKey: string | undefined;
  /** Environment variables set but not used, because --profile chose a profile with its own address or key. */
  ignoredEnvironment?: string[];
  json: boolean;
  /** `--jq EXPR`: what the JSON is filtered with before it is printed. */
  jq: string | undefined;
  verbose: boolean;
  insecure: boolean;
  /** Never prompt: --no-input, RESELLER_NO_INPUT, CI, or no terminal on both ends. */
  noInput: boolean;
  /** Lay stdout out as for a terminal (tables): a real one, or RESELLER_FORCE_TTY for tests and `watch`. */
  stdoutAsTerminal: boolean;
  /** Colours on each stream; RESELLER_FORCE_TTY does not turn them on. */
  colour: { stdout: boolean; stderr: boolean };
  /** How many columns a line on stdout may take when laid out for a terminal. */
  width: number;
  /**
   * The command long results go through on a terminal: RESELLER_PAGER, else PAGER, else `less -FRX`;
   * none (undefined) when set empty, with --no-pager or --json, or when stdout is not a real terminal.
   */
  pager: string | undefined;
}

/** Whether each of the process's streams is a terminal. */
export interface TerminalFacts {
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The terminal's width, when stdout is one (asked only when something is laid out for it). */
  stdoutColumns?: number;
}

/** The one rule for an on/off variable: set, and not empty, "0" or "false". */
function truthy(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

/**
 * Like gh: `$XDG_CONFIG_HOME/reseller`, else `~/.config/reseller` (`%APPDATA%\reseller` on Windows).
 * node:os only for the home folder: loading it is ~0.3 ms of a start that may not need it.
 */
export function defaultConfigDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  if (env.RESELLER_CONFIG_DIR) return env.RESELLER_CONFIG_DIR;
  if (platform === "win32" && env.APPDATA) return join(env.APPDATA, "reseller");
  return join(env.XDG_CONFIG_HOME || join(process.getBuiltinModule("node:os").homedir(), ".config"), "reseller");
}

/**
 * The width a terminal's text is fitted to (messages on stderr, tables on stdout): COLUMNS when set,
 * as `ls` reads it (tests and RESELLER_FORCE_TTY use it), else the terminal's own, else 80.
 */
export function terminalWidth(env: Env, columns: number | undefined): number {
  const set = /^\d+$/.test(env.COLUMNS?.trim() ?? "") ? Number(env.COLUMNS) : 0;
  if (set > 0) return set;
  return columns && columns > 0 ? columns : 80;
}

/**
 * The width people's messages on stderr are wrapped to: only a person's terminal has one; a log or a
 * pipe keeps each message a line.
 */
export function stderrWidthOf(
  env: Env,
  terminal: { stderrIsTTY: boolean; stderrColumns?: number | undefined },
): number | undefined {
  return terminal.stderrIsTTY ? terminalWidth(env, terminal.stderrColumns) : undefined;
}

/** Colours: on only for a terminal unless forced; NO_COLOR / CLICOLOR=0 / --no-color turn them off. */
export function colourWanted(flags: GlobalFlags, env: Env, realTerminal: boolean): boolean {
  if (flags.color === false || (env.NO_COLOR !== undefined && env.NO_COLOR !== "")) return false;
  // An empty FORCE_COLOR forces too, as chalk and Node read it.
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR === "" || truthy(env.FORCE_COLOR);
  if (truthy(env.CLICOLOR_FORCE)) return true;
  if (env.CLICOLOR === "0") return false;
  return realTerminal && env.TERM !== "dumb";
}

/** The pager, as git and gh choose it: the tool's own variable, then PAGER; set empty, none. */
export function pagerOf(flags: GlobalFlags, env: Env, realTerminal: boolean): string | undefined {
  if (flags.pager === false || !realTerminal) return undefined;
  const command = env.RESELLER_PAGER ?? env.PAGER ?? definitions.pager.default;
  return command.trim() === "" ? undefined : command;
}

/** Computed on first use and kept; a failure is thrown again at each use, for whatever needs it. */
function once<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
}

/** The profile a run uses: --profile, else a RESELLER_PROFILE that is not blank, else `default`. */
export function profileOf(flags: GlobalFlags, env: Env): string {
  return given("profile", flags, env)?.value || definitions.profile.default;
}

/**
 * Flags and the environment are checked here, at once, so a wrong one stops a command before it
 * sends anything. A value from the profile is read only when something uses it: a damaged config
 * file or a wrong stored value stops what needs that value, not `config set`, which repairs it.
 */
export function resolveSettings(
  flags: GlobalFlags,
  env: Env,
  terminal: TerminalFacts,
  store = new ConfigStore(defaultConfigDir(env)),
): Settings & { store: ConfigStore } {
  const configDir = store.dir;
  const profile = profileOf(flags, env);

  const resolved = new Map<CheckedName, () => { value: unknown; source: Source }>();
  for (const name of settingNames) {
    const d = definition(name);
    if (!d.check) continue;
    // Flags and the environment are read now, so a wrong one stops the command before it sends anything.
    const fromOutside = given(name as CheckedName, flags, env);
    resolved.set(
      name as CheckedName,
      once((): { value: unknown; source: Source } => {
        const stored = d.inProfile ? () => store.setting(profile, name as ProfileKey) : () => undefined;
        // An explicit --profile means that profile's saved address and key, even with RESELLER_BASE_URL and
        // RESELLER_API_KEY left in the environment (`eval "$(reseller emulator --print-env)"` leaves them);
        // `ignoredEnvironment` names what lost, and the command says so.
        const savedWins =
          fromOutside?.source === "environment" &&
          d.savedProfileWins === true &&
          flags.profile !== undefined &&
          quietly(stored) !== undefined;
        if (fromOutside && !savedWins) return fromOutside;
        // The file is read once, on first need (ConfigStore keeps it), and a wrong value is thrown here.
        const value = stored();
        if (value !== undefined) return { value, source: "profile" };
        // The language, last of all, as the locale asks (LC_ALL, LC_MESSAGES, LANG).
        const fromLocale = name === "language" ? localeLanguage(env) : undefined;
        if (fromLocale) return { value: fromLocale, source: "locale" };
        return d.default !== undefined ? { value: d.default, source: "default" } : { value: undefined, source: "none" };
      }),
    );
  }
  const setting = <N extends CheckedName>(name: N) =>
    present(resolved.get(name), "a setting's resolver")() as Resolved<N>;
  return {
    store,
    setting,
    profile,
    configDir,
    get baseUrl() {
      return normalisedBaseUrl(setting("base_url").value);
    },
    get apiKey() {
      return setting("api_key").value;
    },
    get ignoredEnvironment() {
      const ignored: string[] = [];
      if (env.RESELLER_BASE_URL && setting("base_url").source === "profile") ignored.push("RESELLER_BASE_URL");
      if (env.RESELLER_API_KEY && setting("api_key").source === "profile") ignored.push("RESELLER_API_KEY");
      return ignored;
    },
    json: flags.json === true || flags.jq !== undefined,
    jq: flags.jq,
    verbose: flags.verbose === true || truthy(env.RESELLER_DEBUG),
    insecure: flags.insecure === true,
    // A prompt needs a person on both ends: typing on stdin, reading the question on stderr. Asked
    // when a command would ask: stdin from /dev/null is a character device, told from a terminal by node:tty.
    get noInput() {
      return (
        flags.input === false ||
        truthy(env.RESELLER_NO_INPUT) ||
        truthy(env.CI) ||
        !terminal.stdinIsTTY ||
        !terminal.stderrIsTTY
      );
    },
    stdoutAsTerminal: terminal.stdoutIsTTY || truthy(env.RESELLER_FORCE_TTY),
    // Colours follow the real terminal: RESELLER_FORCE_TTY changes the layout, not the escapes.
    colour: {
      stdout: colourWanted(flags, env, terminal.stdoutIsTTY),
      stderr: colourWanted(flags, env, terminal.stderrIsTTY),
    },
    get width() {
      return terminalWidth(env, terminal.stdoutIsTTY ? terminal.stdoutColumns : undefined);
    },
    pager: pagerOf(flags, env, terminal.stdoutIsTTY && flags.json !== true && flags.jq === undefined),
  };
}

/**
 * The base URL as every request uses it: scheme and host in lower case (`HTTPS://API.Example.com`
 * is https://api.example.com), no trailing slash. An address that is not a URL is left for
 * checkBaseUrl to refuse.
 */
function normalisedBaseUrl(baseUrl: string | undefined): string | undefined {
  if (baseUrl === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return baseUrl.replace(/\/+$/, "");
  const credentials = url.username ? `${url.username}${url.password ? `:${url.password}` : ""}@` : "";
  return `${url.protocol}//${credentials}${url.host}${url.pathname.replace(/\/+$/, "")}${url.search}`;
}

/** The key must not cross a network in clear text: plain http is for this machine only. */
export function checkBaseUrl(baseUrl: string, insecure: boolean): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError((say) => say.settings.notAUrl(withoutCredentials(baseUrl)), {
      suggestion: (say) => say.settings.notAUrlHint,
    });
  }
  const { protocol } = url;
  if (protocol !== "https:" && protocol !== "http:") throw new UsageError((say) => say.settings.notHttps(protocol));
  // A password in the address would be printed, journaled and sent to every proxy; the key is the credential.
  if (url.username || url.password) {
    throw new UsageError((say) => say.settings.credentialsInUrl(withoutCredentials(baseUrl)), {
      code: "CREDENTIALS_IN_BASE_URL",
      suggestion: (say) => say.settings.credentialsInUrlHint,
    });
  }
  if (url.protocol === "http:" && !insecure && !isLoopback(url.hostname)) {
    const { host } = url;
    throw new UsageError((say) => say.settings.clearText(host), { suggestion: (say) => say.settings.clearTextHint });
  }
  return url;
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A setting given by its flag or, failing that, by its first variable set to something other than
 * blanks; checked by its rule, the error naming the flag or the variable.
 */
function given<N extends CheckedName>(
  name: N,
  flags: GlobalFlags,
  env: Env,
): { value: SettingValue<N>; source: "flag" | "environment" } | undefined {
  const d = definition(name);
  if (d.flag) {
    const text: unknown = (flags as Record<string, unknown>)[flagAttribute(d.flag)];
    if (typeof text === "string") return { value: readSetting(name, text, flagName(d.flag)), source: "flag" };
  }
  for (const shown of d.env ?? []) {
    const text = env[envName(shown)];
    if (text?.trim()) return { value: readSetting(name, text, envName(shown)), source: "environment" };
  }
  return undefined;
}

function quietly<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
