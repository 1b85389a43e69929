/**
 * Resolves every global setting once, with the contract's precedence:
 * flag > environment > profile in the config store > built-in default.
 * The only reader of environment variables: everything else gets the settings.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import { InputError, UsageError } from "../errors.js";
import { ConfigStore } from "./store.js";

export interface GlobalFlags {
  json?: boolean;
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
  json: boolean;
  verbose: boolean;
  insecure: boolean;
  /** Never prompt: --no-input, RESELLER_NO_INPUT, CI, or no terminal on both ends. */
  noInput: boolean;
  /** Lay stdout out as for a terminal (tables): a real one, or RESELLER_FORCE_TTY for tests and `watch`. */
  stdoutAsTerminal: boolean;
  /** Colours on each stream; RESELLER_FORCE_TTY does not turn them on. */
  colour: { stdout: boolean; stderr: boolean };
}

/** Whether each of the process's streams is a terminal. */
export interface TerminalFacts {
  stdinIsTTY: boolean;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
}

export const defaultTimeoutSeconds = 30;
export const defaultMaxRetries = 2;
export const defaultWaitTimeoutSeconds = 300;

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

/** The one rule for max_retries, whether it comes from the environment, the profile or `config set`. */
export function maxRetriesFrom(text: string): number {
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n > 10) throw new InputError(`max_retries must be a whole number from 0 to 10, not "${text}".`);
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

export function resolveSettings(flags: GlobalFlags, env: Env, terminal: TerminalFacts): Settings & { store: ConfigStore } {
  const configDir = defaultConfigDir(env);
  const store = new ConfigStore(configDir);
  const profile = flags.profile ?? env.RESELLER_PROFILE ?? "default";
  // The file is read once, on first need (ConfigStore keeps it).
  const profileRecord = () => store.profile(profile);

  let baseUrl: string | undefined;
  let baseUrlSource: Settings["baseUrlSource"] = "none";
  if (flags.baseUrl) [baseUrl, baseUrlSource] = [flags.baseUrl, "flag"];
  else if (env.RESELLER_BASE_URL) [baseUrl, baseUrlSource] = [env.RESELLER_BASE_URL, "environment"];
  else if (profileRecord().base_url) [baseUrl, baseUrlSource] = [profileRecord().base_url, "profile"];

  let apiKey: string | undefined;
  let apiKeySource: ApiKeySource = "none";
  if (env.RESELLER_API_KEY) [apiKey, apiKeySource] = [env.RESELLER_API_KEY.trim(), "environment"];
  else if (profileRecord().api_key) [apiKey, apiKeySource] = [profileRecord().api_key, "profile"];

  let webhookSecret: string | undefined;
  let webhookSecretSource: ApiKeySource = "none";
  if (env.RESELLER_WEBHOOK_SECRET?.trim()) [webhookSecret, webhookSecretSource] = [env.RESELLER_WEBHOOK_SECRET.trim(), "environment"];
  else if (profileRecord().webhook_secret) [webhookSecret, webhookSecretSource] = [profileRecord().webhook_secret, "profile"];

  let timeoutMs = defaultTimeoutSeconds * 1000;
  let timeoutSource: NumberSource = "default";
  if (flags.timeout !== undefined) [timeoutMs, timeoutSource] = [parseSeconds(flags.timeout, "--timeout") * 1000, "flag"];
  else if (env.RESELLER_TIMEOUT) [timeoutMs, timeoutSource] = [parseSeconds(env.RESELLER_TIMEOUT, "RESELLER_TIMEOUT") * 1000, "environment"];
  else if (typeof profileRecord().timeout === "number") [timeoutMs, timeoutSource] = [(profileRecord().timeout as number) * 1000, "profile"];

  let maxRetries = defaultMaxRetries;
  let maxRetriesSource: Settings["maxRetriesSource"] = "default";
  if (env.RESELLER_MAX_RETRIES) [maxRetries, maxRetriesSource] = [maxRetriesFrom(env.RESELLER_MAX_RETRIES), "environment"];
  else if (profileRecord().max_retries !== undefined) [maxRetries, maxRetriesSource] = [maxRetriesFrom(String(profileRecord().max_retries)), "profile"];

  const storedWait = profileRecord().wait_timeout;
  const [waitTimeoutSeconds, waitTimeoutSource]: [number, Settings["waitTimeoutSource"]] =
    typeof storedWait === "number" && storedWait > 0 ? [storedWait, "profile"] : [defaultWaitTimeoutSeconds, "default"];

  // A prompt needs a person on both ends: typing on stdin, reading the question on stderr.
  const noInput =
    flags.input === false || truthy(env.RESELLER_NO_INPUT) || truthy(env.CI) || !terminal.stdinIsTTY || !terminal.stderrIsTTY;

  return {
    store,
    profile,
    configDir,
    baseUrl: baseUrl?.replace(/\/+$/, ""),
    baseUrlSource,
    apiKey,
    apiKeySource,
    webhookSecret,
    webhookSecretSource,
    timeoutMs,
    timeoutSource,
    maxRetries,
    maxRetriesSource,
    waitTimeoutSeconds,
    waitTimeoutSource,
    json: flags.json === true,
    verbose: flags.verbose === true || truthy(env.RESELLER_DEBUG),
    insecure: flags.insecure === true,
    noInput,
    stdoutAsTerminal: terminal.stdoutIsTTY || truthy(env.RESELLER_FORCE_TTY),
    // Colours follow the real terminal: RESELLER_FORCE_TTY changes the layout, not the escapes.
    colour: { stdout: colourWanted(flags, env, terminal.stdoutIsTTY), stderr: colourWanted(flags, env, terminal.stderrIsTTY) },
  };
}

/** The key must not cross a network in clear text: plain http is for this machine only. */
export function checkBaseUrl(baseUrl: string, insecure: boolean): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new UsageError(`The base URL "${baseUrl}" is not a URL.`, { suggestion: "Give the address before /v1, e.g. https://api.example.com" });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new UsageError(`The base URL must start with https:// (got ${url.protocol}).`);
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
