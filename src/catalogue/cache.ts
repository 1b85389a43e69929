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
  /**
   * Every variant's id, read without parsing the lines: shell completion offers a few of 200,000.
   * Optional: a copy held otherwise answers through entries().
   */
  ids?(): number[];
  /** The variants of these ids, in that order, only their lines parsed. */
  entriesOf?(ids: number[]): CatalogueEntry[];
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

function fromLine(text: string): CatalogueEntry | undefined {
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

const newline = 0x0a;

/** The kept catalogue of this owner, or undefined when there is none worth using. */
export function readCatalogue(owner: CatalogueOwner): KeptCatalogue | undefined {
  // Read as bytes and decoded only when lines are parsed: completion reads 200,000 ids without a decode.
  let bytes: Buffer;
  try {
    bytes = readFileSync(catalogueCachePath(owner));
  } catch {
    return undefined;
  }
  const headerEnd = bytes.indexOf(newline);
  let header: Partial<CatalogueHeader> | null;
  try {
    header = JSON.parse(bytes.toString("utf8", 0, headerEnd)) as Partial<CatalogueHeader> | null;
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
    typeof header.count !== "number" ||
    // Written whole and renamed into place, it ends with its last line's break.
    bytes[bytes.length - 1] !== newline
  ) {
    return undefined;
  }
  const bodyStart = headerEnd + 1;
  const bodyEnd = Math.max(bodyStart, bytes.length - 1);
  let text: string | undefined;
  const bodyText = () => (text ??= bytes.toString("utf8", bodyStart, bodyEnd));
  let all: CatalogueEntry[] | undefined;
  const entries = () => (all ??= bodyText() === "" ? [] : parseAll(bodyText().split("\n")));
  // Each line is `[id,…`: the ids are the digits after `[`, read from the bytes, and where each line starts.
  let index: { ids: number[]; starts: number[] } | undefined;
  const lines = () => {
    if (index) return index;
    index = { ids: [], starts: [] };
    for (let start = bodyStart; start < bodyEnd; ) {
      if (bytes[start] === 0x5b) {
        let id = 0;
        let at = start + 1;
        while (bytes[at]! >= 0x30 && bytes[at]! <= 0x39) id = id * 10 + bytes[at++]! - 0x30;
        if (at > start + 1 && bytes[at] === 0x2c) {
          index.ids.push(id);
          index.starts.push(start);
        }
      }
      const next = bytes.indexOf(newline, start);
      if (next === -1 || next >= bodyEnd) break;
      start = next + 1;
    }
    return index;
  };
  return {
    ...(header as CatalogueHeader),
    full_synced_at: typeof header.full_synced_at === "number" ? header.full_synced_at : 0,
    entries,
    ids: () => [...lines().ids],
    entriesOf(ids) {
      const { ids: all, starts } = lines();
      const at = new Map(ids.map((id) => [id, -1]));
      all.forEach((id, i) => at.has(id) && at.get(id) === -1 && at.set(id, starts[i]!));
      return ids.flatMap((id) => {
        const start = at.get(id)!;
        if (start === -1) return [];
        const end = bytes.indexOf(newline, start);
        return fromLine(bytes.toString("utf8", start, end === -1 || end > bodyEnd ? bodyEnd : end)) ?? [];
      });
    },
    entriesHolding(words) {
      // A word with a quote, a backslash or a control character is escaped in the line: test it parsed.
      if (all || words.length === 0 || words.some((word) => /["\\\u0000-\u001f]/.test(word))) return entries();
      const body = bodyText();
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
  const byId = () => new Map(entries.map((entry) => [entry.id, entry]));
  return {
    ...header,
    entries: () => entries,
    entriesHolding: () => entries,
    ids: () => entries.map((entry) => entry.id),
    entriesOf: (ids) => {
      const all = byId();
      return ids.flatMap((id) => all.get(id) ?? []);
    },
  };
}
