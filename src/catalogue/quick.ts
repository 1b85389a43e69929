/**
 * The launcher's quick answer to a piped `reseller items` whose kept catalogue is young enough to
 * use as it is: built on its own (dist/items-quick.cjs, a few dozen KB) so that finding an item
 * costs about what `reseller --version` does, not a compile of the whole CLI. It resolves the
 * settings, reads and renders exactly as the command does (the same modules), and declines, leaving
 * it to the CLI, whenever anything is not plain: a flag it does not take, a terminal, no copy or an
 * old one, anything that would be an error.
 */
import type { Env, GlobalFlags, TerminalFacts } from "../config/settings.js";
import { resolveSettings } from "../config/settings.js";
import { Output } from "../output/output.js";
import { SecretMask } from "../output/secrets.js";
import { readCatalogue } from "./cache.js";
import { processFilters, type CatalogueFilter, type ProcessFilter } from "./search.js";
import { isFresh, showItems } from "./show.js";

export interface QuickAnswer {
  stdout: string;
  stderr: string;
}

/** The flags `items` and the global ones a quick answer understands; any other sends the line to the CLI. */
const valueFlags = {
  "--search": "search",
  "--category": "category",
  "--process": "process",
  "--profile": "profile",
  "--base-url": "baseUrl",
  "--timeout": "timeout",
} as const;
const switches = {
  "--json": ["json", true],
  "--no-color": ["color", false],
  "--no-input": ["input", false],
  "--insecure": ["insecure", true],
} as const;

export type QuickFlags = GlobalFlags & CatalogueFilter;
type Parsed = QuickFlags;

/** argv after `reseller`, read as commander reads it for these flags (the last of a repeated flag wins); undefined when unsure. */
export function parseQuickFlags(args: string[]): Parsed | undefined {
  if (args[0] !== "items") return undefined;
  const parsed: Record<string, unknown> = {};
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (Object.hasOwn(valueFlags, name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || (eq < 0 && value.startsWith("-"))) return undefined;
      parsed[valueFlags[name as keyof typeof valueFlags]] = value;
    } else if (Object.hasOwn(switches, name) && eq < 0) {
      const [key, value] = switches[name as keyof typeof switches];
      parsed[key] = value;
    } else {
      return undefined;
    }
  }
  if (parsed.process !== undefined && !processFilters.includes(parsed.process as ProcessFilter)) return undefined;
  return parsed as Parsed;
}

/**
 * A copy over a minute old, everything else plain and nothing drawn on a terminal (stderr too is not
 * one): the `items` command itself brings it up to date and answers, without the CLI around it
 * (src/catalogue/quick-delta.ts, dist/items-delta.cjs).
 */
export const bringUpToDate = "bring-up-to-date";

/** stdout and stderr of the answer, `bringUpToDate`, or undefined: the CLI's to answer. Never throws. */
export function answerFromCopy(
  args: string[],
  env: Env,
  terminal: TerminalFacts,
  now: number,
): QuickAnswer | typeof bringUpToDate | undefined {
  try {
    const flags = parseQuickFlags(args);
    if (!flags) return undefined;
    const settings = resolveSettings(flags, env, terminal);
    const { baseUrl, apiKey } = settings;
    if (settings.stdoutAsTerminal || !baseUrl || !apiKey) return undefined;
    const kept = readCatalogue({ configDir: settings.configDir, profile: settings.profile, baseUrl, apiKey });
    if (!kept) return undefined;
    if (!isFresh(kept, now)) return terminal.stderrIsTTY ? undefined : bringUpToDate;
    const secrets = new SecretMask();
    secrets.add(apiKey);
    let stdout = "";
    let stderr = "";
    const output = new Output({
      stdout: secrets.wrap({ write: (text: string) => (stdout += text) }),
      stderr: secrets.wrap({ write: (text: string) => (stderr += text) }),
      mode: settings.json ? "json" : "plain",
      stdoutIsTTY: false,
      stderrIsTTY: terminal.stderrIsTTY,
      now: () => now,
    });
    showItems(output, kept, { search: flags.search, category: flags.category, process: flags.process }, now);
    return { stdout, stderr };
  } catch {
    // An unknown category, a bad setting: the CLI says it, with its exit code.
    return undefined;
  }
}
