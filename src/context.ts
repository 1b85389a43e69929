/**
 * The small context every handler gets: where output goes, the resolved settings, the clock,
 * the Ctrl-C signal and, built on first use, the service client. Handlers never reach past it
 * to `process`.
 */
import type { ServiceClient } from "./api/client.js";
import type { ConfigStore } from "./config/store.js";
import {
  checkBaseUrl,
  isLoopback,
  resolveSettings,
  stderrWidthOf,
  type Env,
  type GlobalFlags,
  type Settings,
} from "./config/settings.js";
import { checkConfigDir } from "./config/config-dir.js";
import { AuthError, UsageError } from "./errors.js";
import { en } from "./messages/en.js";
import type { Messages } from "./messages/messages.js";
import { makePaint, Output, type Writable } from "./output/output.js";
import type { JqFilter } from "./output/jq.js";
import { neutralize } from "./output/sanitize.js";
import { showTimesIn } from "./output/format.js";
import { defaultTimeZone } from "./shop/shop-time.js";
import { SecretMask } from "./output/secrets.js";
import type { Prompter } from "./output/prompter.js";

export interface Terminal {
  stdout: Writable;
  stderr: Writable;
  stdin: NodeJS.ReadableStream;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** The terminal's width when stdout is one. */
  stdoutColumns?: number;
  /** The terminal's width when stderr is one: people's messages are wrapped to it. */
  stderrColumns?: number;
  /** Starts a pager showing what is written to it on this terminal; undefined when it cannot be run. */
  startPager?(command: string): PagerProcess | undefined;
  /**
   * A command that may move money (any not declared `movesNoMoney` nor `endsWithItsReader`) runs to its end when the reader
   * of its output goes away (`| head -1`): what it would still print is dropped, so no purchase in
   * flight goes unrecorded. A command that only reads just ends, quietly.
   */
  runToTheEndWhenOutputCloses?(): void;
}

/** A pager running: what is written goes to it; `end()` resolves once the reseller has left it. */
export interface PagerProcess extends Writable {
  end(): Promise<void>;
}

export interface Context {
  /** The catalogue of the reader's language: every sentence a person reads is worded from it. */
  say: Messages;
  settings: Settings;
  config: ConfigStore;
  output: Output;
  /** The process's own streams, for prompts and drawings; results and messages go through `output`. */
  terminal: Terminal;
  /** The API key (and other secrets) as they must never be printed; the error printer applies it too. */
  secrets: SecretMask;
  /** Prompts are allowed: a person at a terminal on both ends and nothing said --no-input. */
  canPrompt: boolean;
  signal: AbortSignal;
  now(): number;
  sleep(ms: number): Promise<void>;
  /** The service client for this profile; a missing key or address is an error here, before any request. */
  client(): Promise<ServiceClient>;
  /** A client for another address or key than the profile's (login tries a key before saving it). */
  clientFor(baseUrl: string, apiKey: string): Promise<ServiceClient>;
  /**
   * Questions on stderr. Only when `canPrompt`; otherwise a UsageError naming the missing flags,
   * so a script is never caught waiting at a prompt.
   */
  prompter(missing?: string | string[], suggestion?: string): Promise<Prompter>;
  /** The whole of stdin (a cart, an orders file, a key piped in). */
  readStdin(): Promise<string>;
  /**
   * Runs `render` with its results through the pager when the settings want one (a long list at a
   * terminal): started at the first line of results, so what is said before (warnings, a spinner)
   * stays on the terminal; people's messages after it go into the pager too while stderr is the same
   * terminal, in their order. Resolves, or throws render's error, once the reseller has left the pager.
   */
  paged<T>(render: () => Promise<T>): Promise<T>;
  /**
   * The command's work, awaited by whoever runs the handler: resolves once it is done and its results
   * printed (`--jq` documents held while jq loaded included). A bad `--jq` expression found while a
   * command that moves no money ran ends it with jq's message: its requests stopped, nothing printed.
   */
  finish<T>(work: Promise<T>): Promise<T>;
  /** Called once at the end: closes idle connections so the process exits at once. */
  dispose(): Promise<void>;
}

export interface ContextInput {
  flags: GlobalFlags;
  env: Env;
  terminal: Terminal;
  signal: AbortSignal;
  version: string;
  /** The run's config store, when the file was already read for the language. */
  store?: ConfigStore;
  /** The catalogue of the language chosen at the start of the run; English when not given. */
  say?: Messages;
  /**
   * The command sends nothing that moves money: its `--jq` expression may be checked while its request
   * travels, rather than before it is sent.
   */
  movesNoMoney?: boolean;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/** All a stream holds, as text, once it ends. */
async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  stream.setEncoding?.("utf8");
  for await (const chunk of stream) text += String(chunk);
  return text;
}

export async function createContext(input: ContextInput): Promise<Context> {
  const { flags, env, terminal } = input;
  const say = input.say ?? en;
  // Everything the output layer writes passes the mask; the key is added once settings are known.
  const secrets = new SecretMask();
  const settings = resolveSettings(flags, env, terminal, input.store);
  showShopTimes(settings);
  secrets.add(storedOrNot(() => settings.apiKey));
  // The webhook secret forges events for anyone who has it: masked in every command, not only webhook listen.
  secrets.add(storedOrNot(() => settings.setting("webhook_secret").value));
  // The documents the command has printed, waiting for jq to load, when its answer came first (see loadJq).
  let heldForJq = (): Promise<void> | undefined => undefined;
  const { jq, jqChecked, signal } = await loadJq(settings, input, () => heldForJq());
  const now = input.now ?? Date.now;
  const { defaultSleep, sleepsCutBy } = await import("./api/sleep.js");
  const sleep = input.sleep ?? defaultSleep;
  // Every wait of the run (polls, retries' back-off) hangs off one listener on the run's signal.
  const sleepCut = sleepsCutBy(signal, sleep);
  const [paintOut, paintErr] = await Promise.all([
    makePaint(settings.colour.stdout),
    makePaint(settings.colour.stderr),
  ]);
  const output = new Output(
    {
      stdout: secrets.wrap(terminal.stdout),
      stderr: secrets.wrap(terminal.stderr),
      mode: settings.json ? "json" : settings.stdoutAsTerminal ? "table" : "plain",
      stdoutIsTTY: settings.stdoutAsTerminal,
      stderrIsTTY: terminal.stderrIsTTY,
      now,
      // Asked of the terminal only when stdout is laid out for one.
      width: settings.stdoutAsTerminal && !settings.json ? settings.width : undefined,
      stderrWidth: stderrWidthOf(input.env, terminal),
      jq,
      say,
    },
    paintOut,
    paintErr,
  );
  heldForJq = () => (output.holdsForJq ? output.settled() : undefined);
  for (const notice of checkConfigDir(settings.configDir, say)) output.warn(notice);

  let client: ServiceClient | undefined;
  const others: ServiceClient[] = [];
  let warned = false;
  const makeClient = async (baseUrl: string, apiKey: string): Promise<ServiceClient> => {
    secrets.add(apiKey);
    if (!warned) {
      warned = true;
      for (const warning of transportWarnings(baseUrl, settings.insecure, input.env, say)) output.warn(warning);
      const ignored = settings.ignoredEnvironment ?? [];
      if (ignored.length) output.warn(say.errors.profileWins(settings.profile, ignored));
    }
    const { ServiceClient } = await import("./api/client.js");
    return new ServiceClient({
      baseUrl,
      apiKey,
      timeoutMs: settings.setting("timeout").value * 1000,
      maxStreamedBytes: settings.setting("max_catalogue_mb").value * 1024 * 1024,
      userAgent: `reseller/${input.version} (node ${process.versions.node}; ${process.platform})`,
      retry: { maxRetries: settings.setting("max_retries").value, maxDelayMs: 5_000 },
      // A wait the person did not ask for is explained as it starts.
      onRetry: (line) => output.warn(line),
      // The exchange quotes the service's bodies: shown, never obeyed by the terminal.
      log: settings.verbose ? (line) => terminal.stderr.write(secrets.apply(`${neutralize(line)}\n`)) : undefined,
      signal,
      sleep: (ms, by) => (by === signal ? sleepCut(ms) : sleep(ms, by)),
      now,
      env: input.env,
      say,
    });
  };
  return {
    say,
    settings,
    config: settings.store,
    output,
    terminal,
    secrets,
    get canPrompt() {
      return !settings.noInput;
    },
    signal,
    now,
    sleep: sleepCut,
    async client() {
      if (client) return client;
      if (!settings.baseUrl) {
        throw new UsageError(say.errors.noBaseUrl, { code: "NO_BASE_URL", suggestion: say.errors.noBaseUrlHint });
      }
      checkBaseUrl(settings.baseUrl, settings.insecure);
      if (!settings.apiKey) {
        throw new AuthError("NO_API_KEY", say.errors.noApiKey(settings.profile), {
          suggestion: say.errors.noApiKeyHint,
        });
      }
      client = await makeClient(settings.baseUrl, settings.apiKey);
      return client;
    },
    async clientFor(baseUrl, apiKey) {
      const other = await makeClient(baseUrl, apiKey);
      others.push(other);
      return other;
    },
    async prompter(missing, suggestion) {
      if (settings.noInput) {
        const flags = typeof missing === "string" ? [missing] : (missing ?? []);
        throw new UsageError(say.errors.inputRequired(flags), { code: "INPUT_REQUIRED", suggestion });
      }
      const { createPrompter } = await import("./output/prompter.js");
      return createPrompter({ input: terminal.stdin, output: terminal.stderr as NodeJS.WritableStream, signal, say });
    },
    readStdin: () => readAll(terminal.stdin),
    async paged(render) {
      const command = settings.pager;
      const { startPager } = terminal;
      if (command === undefined || output.mode !== "table" || !startPager) return render();
      let pager: PagerProcess | undefined;
      let tried = false;
      const started = () => {
        if (!tried) pager = startPager.call(terminal, command);
        tried = true;
        return pager;
      };
      // Each stream goes to the pager once it runs, and to the terminal when it could not be started.
      const through = (direct: Writable, starts: boolean): Writable => ({
        write: (chunk) => ((starts ? started() : pager) ?? direct).write(chunk),
        drained: () => (pager ?? direct).drained?.() ?? Promise.resolve(),
      });
      const restore = output.pageTo(
        secrets.wrap(through(terminal.stdout, true)),
        terminal.stderrIsTTY ? secrets.wrap(through(terminal.stderr, false)) : undefined,
      );
      try {
        return await render();
      } finally {
        restore();
        await pager?.end();
      }
    },
    finish: finishing(output, jqChecked),
    async dispose() {
      await Promise.all([client, ...others].map((c) => c?.close()));
      showTimesIn(defaultTimeZone);
    },
  };
}

/**
 * Context.finish: the command's work awaited with jq's check (`jqChecked`, for a command that moves no
 * money), then what `output` held for jq printed.
 */
function finishing(output: Output, jqChecked: Promise<void> | undefined): Context["finish"] {
  return async (work) => {
    try {
      // A bad expression is said as soon as jq finds it, whatever the command is waiting for.
      const done = await (jqChecked ? Promise.race([work, jqChecked.then(() => work)]) : work);
      await output.settled();
      return done;
    } catch (error) {
      // What is said is the bad expression, not the abort it caused, once the command has stopped:
      // nothing of it runs on after the message.
      await jqChecked?.catch(async (typo: unknown) => {
        await work.catch(() => undefined);
        throw typo;
      });
      // Else the command's error, after what it printed before it.
      await output.settled();
      throw error;
    }
  };
}

/**
 * `--jq`'s filter: jq is loaded only for it. A command that moves money has the expression compiled
 * before anything is sent, so a typo never follows a purchase. One that moves none goes on at once
 * and jq loads while its request travels: the expression is compiled alone while the command waits,
 * or, when the answer came first (`heldForJq`), by the filter's one run on it, which saves jq a second
 * reading of its builtins (from a service on the same machine the answer nearly always comes first).
 * A bad expression stops the command through its signal (its requests aborted, answers dropped) and
 * is said by `finish`, with nothing printed.
 */
async function loadJq(
  settings: Settings,
  input: ContextInput,
  heldForJq: () => Promise<void> | undefined,
): Promise<{ jq?: JqFilter | Promise<JqFilter>; jqChecked?: Promise<void>; signal: AbortSignal }> {
  const { signal } = input;
  const expression = settings.jq;
  if (expression === undefined) return { signal };
  const loaded = import("./output/jq.js").then(({ loadJqFilter }) => loadJqFilter(expression));
  if (!input.movesNoMoney) {
    const jq = await loaded;
    jq.check();
    return { jq: jq.filter, signal };
  }
  const badExpression = new AbortController();
  const jqChecked = loaded
    .then(async (jq) => {
      // A turn of the event loop first: an answer already in is read, and compiled by the filter's run.
      await new Promise((turned) => setImmediate(turned));
      // A typo that run finds stops the command as the check would: nothing of it said after jq's message.
      const held = heldForJq();
      if (held) await held;
      else jq.check();
    })
    .catch((error: unknown) => {
      badExpression.abort(error);
      throw error;
    });
  // Awaited by finish(); a command that never gets there must not count as leaving a rejection unhandled.
  jqChecked.catch(() => undefined);
  return { jq: loaded.then((jq) => jq.filter), jqChecked, signal: AbortSignal.any([signal, badExpression.signal]) };
}

/**
 * Times on screens are the shop's, as on its receipts; a stored zone that is wrong is said by what
 * needs it. The zone is the process's: `dispose` sets the default again, so that the next run in it (a
 * program calling main() again, a test) does not show its times in this run's zone.
 */
function showShopTimes(settings: Settings): void {
  try {
    showTimesIn(settings.setting("time_zone").value ?? defaultTimeZone);
  } catch {
    showTimesIn(defaultTimeZone);
  }
}

/**
 * What weakens the connection the key travels on, said on every call that makes one: Node's own
 * warning about NODE_TLS_REJECT_UNAUTHORIZED comes once and is easy to miss in a script's log.
 */
export function transportWarnings(baseUrl: string, insecure: boolean, env: Env, say: Messages): string[] {
  const warnings: string[] = [];
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (env.NODE_TLS_REJECT_UNAUTHORIZED === "0" && url?.protocol === "https:") {
    warnings.push(say.errors.tlsUnchecked(url.host));
  }
  if (insecure && url?.protocol === "http:" && !isLoopback(url.hostname)) {
    warnings.push(say.errors.insecureClearText(url.host));
  }
  return warnings;
}

/**
 * A value from the profile, or undefined when the config file cannot give it: the command that
 * needs it meets the same error, named, where it uses it.
 */
function storedOrNot<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (error instanceof UsageError) return undefined;
    throw error;
  }
}
