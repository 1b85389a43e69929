/**
 * Resolves every global setting once, with the contract's precedence:
 * flag > environment > profile in the config store > built-in default.
 * The only reader of environment variables: everything else gets the settings.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { InputError, UsageError } from "../errors.js";
import { ConfigStore, type StoredKey } from "./store.js";
import { withoutCredentials } from "./mask.js";

export interface GlobalFlags {
  json?: boolean;
  /** A jq expression to filter the JSON with; implies --json. */
  jq?: string;
  profile?: string;
  baseUrl?: string;
  timeout?: string;
  /** commander's `--no-color` sets this to false. */
  color?: boolean;
  /** commander's `--no-input` sets this to false. */
  input?: boolean;
  verbose?: boolean;
  insecure?: boolean;
}

export type Env = Record<string, string | undefined>;

export type ApiKeySource = "environment" | "profile" | "none";
/** Where a number in effect came from, for `config list` and `config set`'s warnings. */
export type NumberSource = "flag" | "environment" | "profile" | "default";

export interface Settings {
  profile: string;
  configDir: string;
  baseUrl: string | undefined;
  baseUrlSource: "flag" | "environment" | "profile" | "none";
  apiKey: string | undefined;
  apiKeySource: ApiKeySource;
  /** Environment variables set but not used, because --profile chose a profile with its own address or key. */
  ignoredEnvironment?: string[];
  /** What `webhook listen` verifies signatures with; a secret like the API key. */
  webhookSecret: string | undefined;
  webhookSecretSource: ApiKeySource;
  timeoutMs: number;
  timeoutSource: NumberSource;
  maxRetries: number;
  maxRetriesSource: Exclude<NumberSource, "flag">;
  /** How long `buy --wait` and `trx show --watch` wait unless --wait-timeout says otherwise. */
  waitTimeoutSeconds: number;
  waitTimeoutSource: Exclude<NumberSource, "flag" | "environment">;
  /** How far back `buy --file` looks for the same orders under another ref_id, unless --repeat-window says. */
  repeatWindowHours: number;
  repeatWindowSource: Exclude<NumberSource, "flag" | "environment">;
  /** The largest whole catalogue read at once (RESELLER_MAX_CATALOGUE_MB), in MB and, at 2,048 a MB, variants. */
  maxCatalogueMb: number;
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
}

/** Whether each of the process's streams is a terminal. */
export interface TerminalFacts {
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** The terminal's width, when stdout is one (asked only when something is laid out for it). */
  stdoutColumns?: number;
}

export const defaultTimeoutSeconds = 30;
export const defaultMaxRetries = 2;
export const defaultWaitTimeoutSeconds = 300;
/** Two days: a shop's customer asking again the next evening is still caught. */
export const defaultRepeatWindowHours = 48;
/** Sixty times the largest live catalogue (~6,100 variants, 4.3 MB). */
export const defaultMaxCatalogueMb = 256;

/** The one rule for an on/off variable: set, and not empty, "0" or "false". */
function truthy(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}

/** Like gh: `$XDG_CONFIG_HOME/reseller`, else `~/.config/reseller` (`%APPDATA%\reseller` on Windows). */
export function defaultConfigDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  if (env.RESELLER_CONFIG_DIR) return env.RESELLER_CONFIG_DIR;
  if (platform === "win32" && env.APPDATA) return join(env.APPDATA, "reseller");
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "reseller");
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

/**
 * The width tables and records are fitted to: COLUMNS when set (as `ls` reads it; tests and
 * RESELLER_FORCE_TTY use it), else the terminal's own width, else 80.
 */
export function outputWidth(env: Env, terminal: TerminalFacts): number {
  const columns = /^\d+$/.test(env.COLUMNS?.trim() ?? "") ? Number(env.COLUMNS) : 0;
  if (columns > 0) return columns;
  const real = terminal.stdoutIsTTY ? terminal.stdoutColumns : undefined;
  return real && real > 0 ? real : 80;
}

/** The one rule for max_retries, whether it comes from the environment, the profile or `config set`. */
export function maxRetriesFrom(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n > 10)
    throw new InputError(`max_retries must be a whole number from 0 to 10, not "${text}".`);
  return n;
}

/** Longest timeout accepted: an hour. `1e30`, `0x10` and `1.5` are not what a person means by seconds. */
export const maxTimeoutSeconds = 3600;

function parseSeconds(value: string, where: string): number {
  const text = value.trim();
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > maxTimeoutSeconds) {
    throw new InputError(`${where} must be whole seconds from 1 to ${maxTimeoutSeconds}, not "${value}".`);
  }
  return n;
}

/** Computed on first use and kept; a failure is thrown again at each use, for whatever needs it. */
function once<T>(compute: () => T): () => T {
  let value: { v: T } | undefined;
  return () => (value ??= { v: compute() }).v;
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
): Settings & { store: ConfigStore } {
  const configDir = defaultConfigDir(env);
  const store = new ConfigStore(configDir);
  const profile = flags.profile ?? env.RESELLER_PROFILE ?? "default";
  // The file is read once, on first need (ConfigStore keeps it).
  const stored = (key: StoredKey) => store.setting(profile, key);

  // An explicit --profile means that profile's saved address and key, even with RESELLER_BASE_URL and
  // RESELLER_API_KEY left in the environment (`eval "$(reseller emulator --print-env)"` leaves them);
  // `ignoredEnvironment` names what lost, and the command says so.
  const savedInChosenProfile = (name: StoredKey) =>
    flags.profile !== undefined && quietly(() => stored(name)) !== undefined;

  const base = once((): [string | undefined, Settings["baseUrlSource"]] => {
    if (flags.baseUrl) return [flags.baseUrl, "flag"];
    if (env.RESELLER_BASE_URL && !savedInChosenProfile("base_url")) return [env.RESELLER_BASE_URL, "environment"];
    const url = stored("base_url") as string | undefined;
    return url ? [url, "profile"] : [undefined, "none"];
  });

  const key = once((): [string | undefined, ApiKeySource] => {
    if (env.RESELLER_API_KEY && !savedInChosenProfile("api_key")) return [env.RESELLER_API_KEY.trim(), "environment"];
    const apiKey = stored("api_key") as string | undefined;
    return apiKey ? [apiKey, "profile"] : [undefined, "none"];
  });

  const secret = once((): [string | undefined, ApiKeySource] => {
    if (env.RESELLER_WEBHOOK_SECRET?.trim()) return [env.RESELLER_WEBHOOK_SECRET.trim(), "environment"];
    const webhookSecret = stored("webhook_secret") as string | undefined;
    return webhookSecret ? [webhookSecret, "profile"] : [undefined, "none"];
  });

  const timeoutGiven: [number, NumberSource] | undefined =
    flags.timeout !== undefined
      ? [parseSeconds(flags.timeout, "--timeout") * 1000, "flag"]
      : env.RESELLER_TIMEOUT
        ? [parseSeconds(env.RESELLER_TIMEOUT, "RESELLER_TIMEOUT") * 1000, "environment"]
        : undefined;
  const timeout = once((): [number, NumberSource] => {
    if (timeoutGiven) return timeoutGiven;
    const seconds = stored("timeout") as number | undefined;
    return seconds !== undefined ? [seconds * 1000, "profile"] : [defaultTimeoutSeconds * 1000, "default"];
  });

  const retriesGiven: [number, Settings["maxRetriesSource"]] | undefined = env.RESELLER_MAX_RETRIES
    ? [maxRetriesFrom(env.RESELLER_MAX_RETRIES), "environment"]
    : undefined;
  const retries = once((): [number, Settings["maxRetriesSource"]] => {
    if (retriesGiven) return retriesGiven;
    const n = stored("max_retries") as number | undefined;
    return n !== undefined ? [n, "profile"] : [defaultMaxRetries, "default"];
  });

  const wait = once((): [number, Settings["waitTimeoutSource"]] => {
    const seconds = stored("wait_timeout") as number | undefined;
    return seconds !== undefined ? [seconds, "profile"] : [defaultWaitTimeoutSeconds, "default"];
  });

  const repeatWindow = once((): [number, Settings["repeatWindowSource"]] => {
    const hours = stored("repeat_window") as number | undefined;
    return hours !== undefined ? [hours, "profile"] : [defaultRepeatWindowHours, "default"];
  });

  // A prompt needs a person on both ends: typing on stdin, reading the question on stderr.
  const noInput =
    flags.input === false ||
    truthy(env.RESELLER_NO_INPUT) ||
    truthy(env.CI) ||
    !terminal.stdinIsTTY ||
    !terminal.stderrIsTTY;

  return {
    store,
    profile,
    configDir,
    get baseUrl() {
      return normalisedBaseUrl(base()[0]);
    },
    get baseUrlSource() {
      return base()[1];
    },
    get apiKey() {
      return key()[0];
    },
    get apiKeySource() {
      return key()[1];
    },
    get ignoredEnvironment() {
      const ignored: string[] = [];
      if (env.RESELLER_BASE_URL && base()[1] === "profile") ignored.push("RESELLER_BASE_URL");
      if (env.RESELLER_API_KEY && key()[1] === "profile") ignored.push("RESELLER_API_KEY");
      return ignored;
    },
    get webhookSecret() {
      return secret()[0];
    },
    get webhookSecretSource() {
      return secret()[1];
    },
    get timeoutMs() {
      return timeout()[0];
    },
    get timeoutSource() {
      return timeout()[1];
    },
    get maxRetries() {
      return retries()[0];
    },
    get maxRetriesSource() {
      return retries()[1];
    },
    get waitTimeoutSeconds() {
      return wait()[0];
    },
    get waitTimeoutSource() {
      return wait()[1];
    },
    get repeatWindowHours() {
      return repeatWindow()[0];
    },
    get repeatWindowSource() {
      return repeatWindow()[1];
    },
    get maxCatalogueMb() {
      const text = env.RESELLER_MAX_CATALOGUE_MB?.trim();
      if (!text) return defaultMaxCatalogueMb;
      if (!/^\d{1,6}$/.test(text) || Number(text) === 0)
        throw new InputError(`RESELLER_MAX_CATALOGUE_MB must be a whole number of megabytes, not "${text}".`);
      return Number(text);
    },
    json: flags.json === true || flags.jq !== undefined,
    jq: flags.jq,
    verbose: flags.verbose === true || truthy(env.RESELLER_DEBUG),
    insecure: flags.insecure === true,
    noInput,
    stdoutAsTerminal: terminal.stdoutIsTTY || truthy(env.RESELLER_FORCE_TTY),
    // Colours follow the real terminal: RESELLER_FORCE_TTY changes the layout, not the escapes.
    colour: {
      stdout: colourWanted(flags, env, terminal.stdoutIsTTY),
      stderr: colourWanted(flags, env, terminal.stderrIsTTY),
    },
    get width() {
      return outputWidth(env, terminal);
    },
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
    throw new UsageError(`The base URL "${withoutCredentials(baseUrl)}" is not a URL.`, {
      suggestion: "Give the address before /v1, e.g. https://api.example.com",
    });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new UsageError(`The base URL must start with https:// (got ${url.protocol}).`);
  // A password in the address would be printed, journaled and sent to every proxy; the key is the credential.
  if (url.username || url.password) {
    throw new UsageError(
      `The base URL holds a user name or password (${withoutCredentials(baseUrl)}); reseller neither sends nor keeps credentials that way.`,
      {
        code: "CREDENTIALS_IN_BASE_URL",
        suggestion: "Give the address alone (https://host/...); the service is authenticated with the API key.",
      },
    );
  }
  if (url.protocol === "http:" && !insecure && !isLoopback(url.hostname)) {
    throw new UsageError(`Refusing to send the API key in clear text to ${url.host}.`, {
      suggestion: "Use an https:// address, or pass --insecure if you really mean it.",
    });
  }
  return url;
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "");
  return host === "localhost" || host === "::1" || /^127(\.\d{1,3}){3}$/.test(host);
}

function quietly<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
