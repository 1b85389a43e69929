/**
 * The catalogue kept on this machine, so that finding an item is a file read, not a download of
 * thousands of variants. One file per profile and service address, `catalogue/<profile>-<hash>.json`
 * under the config dir, mode 0600 (what a reseller sells, and at what price, is their business).
 * It is only a copy: a missing, damaged or foreign file (another profile, address or API key) reads
 * as none, and the next `reseller items` fetches the whole catalogue again.
 *
 * The file is JSON Lines: a header, then one variant a line as a JSON array. A search reads the lines
 * as text and parses only those that hold every word, so finding two items among 5,000 costs a few
 * milliseconds rather than a parse of the whole. This module is what `items` and shell completion
 * load on a warm start: node:fs and nothing of the HTTP client.
 */
import { promises as fs, readFileSync } from "node:fs";
import { join } from "node:path";

/** One buyable variant as `reseller items --json` prints it. */
export interface CatalogueEntry {
  id: number;
  sku: string | null;
  category: string | null;
  product: string | null;
  name: string;
  price: number | null;
  /** auto, h2h, smm or manual (an SMM item the live service marks h2h reads smm), or the service's own word. */
  process: string | null;
  /** Units left; null when the service counts none. */
  stock: number | null;
  unlimited: boolean;
  min_order: number;
}

/** The first line of the file. */
export interface CatalogueHeader {
  version: 1;
  profile: string;
  base_url: string;
  /** A fingerprint of the API key it was fetched with (not the key): another account's prices are not ours. */
  account: string;
  /** The service's `server_time` of the last sync: the next one asks `updated_since` it. */
  server_time: string | null;
  /** This machine's clock (ms) at the last sync, and at the last whole fetch. */
  synced_at: number;
  full_synced_at: number;
  /** How many variants follow. */
  count: number;
}

export interface KeptCatalogue extends CatalogueHeader {
  /** Every variant, parsed on first use. */
  entries(): CatalogueEntry[];
  /**
   * The variants whose line holds every one of `words` (lower case): all those whose fields do, and
   * perhaps a few more (a word found in a price), so the caller still applies its own test.
   */
  entriesHolding(words: string[]): CatalogueEntry[];
}

/** Which copy: one per profile, service address and account. */
export interface CatalogueOwner {
  configDir: string;
  profile: string;
  baseUrl: string;
  apiKey: string;
}

/** FNV-1a, 32 bits: a short stable name, cheaper to load than node:crypto. Not a secret's protection. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, "0");
}

export const catalogueDirName = "catalogue";

export function catalogueCachePath(owner: Pick<CatalogueOwner, "configDir" | "profile" | "baseUrl">): string {
  const readable = owner.profile.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40);
  return join(owner.configDir, catalogueDirName, `${readable}-${fnv1a(`${owner.profile}\n${owner.baseUrl}`)}.jsonl`);
}

const accountOf = (apiKey: string) => fnv1a(`reseller-account\n${apiKey}`);

type Line = [id: number, sku: string | null, category: string | null, product: string | null, name: string, price: number | null, process: string | null, stock: number | null, unlimited: boolean, minOrder: number];

const toLine = (e: CatalogueEntry): string => JSON.stringify([e.id, e.sku, e.category, e.product, e.name, e.price, e.process, e.stock, e.unlimited, e.min_order] satisfies Line);

export function fromLine(text: string): CatalogueEntry | undefined {
  let line: unknown;
  try {
    line = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(line) || typeof line[0] !== "number" || typeof line[4] !== "string") return undefined;
  const [id, sku, category, product, name, price, process, stock, unlimited, minOrder] = line as Line;
  return { id, sku, category, product, name, price, process, stock, unlimited: unlimited === true, min_order: typeof minOrder === "number" ? minOrder : 1 };
}

const parseAll = (lines: string[]) => lines.flatMap((text) => fromLine(text) ?? []);

/** The copy's first line as its header, when it is this owner's copy (shell completion reads only this line). */
export function headerFor(owner: CatalogueOwner, line: string): (Partial<CatalogueHeader> & Pick<CatalogueHeader, "synced_at" | "count">) | undefined {
  let header: Partial<CatalogueHeader> | null;
  try {
    header = JSON.parse(line) as Partial<CatalogueHeader> | null;
  } catch {
    return undefined;
  }
  if (
    !header ||
    header.version !== 1 ||
    header.profile !== owner.profile ||
    header.base_url !== owner.baseUrl ||
    header.account !== accountOf(owner.apiKey) ||
    typeof header.synced_at !== "number" ||
    typeof header.count !== "number"
  ) {
    return undefined;
  }
  return header as Partial<CatalogueHeader> & Pick<CatalogueHeader, "synced_at" | "count">;
}

/** The kept catalogue of this owner, or undefined when there is none worth using. */
export function readCatalogue(owner: CatalogueOwner): KeptCatalogue | undefined {
  let text: string;
  try {
    text = readFileSync(catalogueCachePath(owner), "utf8");
  } catch {
    return undefined;
  }
  const headerEnd = text.indexOf("\n");
  const header = headerFor(owner, text.slice(0, headerEnd));
  // Written whole and renamed into place, it ends with its last line's break.
  if (!header || !text.endsWith("\n")) return undefined;
  const body = text.slice(headerEnd + 1, -1);
  let all: CatalogueEntry[] | undefined;
  const entries = () => (all ??= body === "" ? [] : parseAll(body.split("\n")));
  return {
    ...(header as CatalogueHeader),
    full_synced_at: typeof header.full_synced_at === "number" ? header.full_synced_at : 0,
    entries,
    entriesHolding(words) {
      // A word with a quote, a backslash or a control character is escaped in the line: test it parsed.
      if (all || words.length === 0 || words.some((word) => /["\\\u0000-\u001f]/.test(word))) return entries();
      const lower = body.toLowerCase();
      // A few characters change length in lower case (İ): then offsets differ, and each line is lowered alone.
      if (lower.length !== body.length) {
        return parseAll(body.split("\n").filter((line) => holdsAll(line.toLowerCase(), words)));
      }
      // Found where the longest word occurs (the rarest, likely), each line checked for the rest once.
      const [first, ...rest] = [...words].sort((a, b) => b.length - a.length);
      const found: CatalogueEntry[] = [];
      for (let at = lower.indexOf(first!); at !== -1; at = lower.indexOf(first!, at)) {
        const start = lower.lastIndexOf("\n", at) + 1;
        const next = lower.indexOf("\n", at);
        const end = next === -1 ? lower.length : next;
        if (holdsAll(lower.slice(start, end), rest)) {
          const entry = fromLine(body.slice(start, end));
          if (entry) found.push(entry);
        }
        at = end + 1;
        if (next === -1) break;
      }
      return found;
    },
  };
}

const holdsAll = (line: string, words: string[]) => words.every((word) => line.includes(word));

/** Written to a temporary file and renamed: a crash or a second `reseller` never leaves half a catalogue. */
export async function writeCatalogue(
  owner: CatalogueOwner,
  kept: Pick<CatalogueHeader, "server_time" | "synced_at" | "full_synced_at">,
  entries: CatalogueEntry[],
): Promise<KeptCatalogue> {
  const header: CatalogueHeader = { version: 1, profile: owner.profile, base_url: owner.baseUrl, account: accountOf(owner.apiKey), ...kept, count: entries.length };
  const path = catalogueCachePath(owner);
  // node:fs/promises is loaded here, on a write, not by every search that only reads.
  await fs.mkdir(join(owner.configDir, catalogueDirName), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(header)}\n${entries.map(toLine).join("\n")}\n`, { mode: 0o600 });
  // The mode given to writeFile passes through the umask; make sure.
  await fs.chmod(temporary, 0o600);
  await fs.rename(temporary, path);
  return keptInMemory(header, entries);
}

/** A catalogue held only in memory (when it could not be written), answering as a read one does. */
export function keptInMemory(header: CatalogueHeader, entries: CatalogueEntry[]): KeptCatalogue {
  return { ...header, entries: () => entries, entriesHolding: () => entries };
}
