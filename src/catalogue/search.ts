/** Finding items in the kept catalogue: by words, by category, by how they are delivered. */
import { InputError } from "../errors.js";
import type { CatalogueEntry } from "./cache.js";

export type ProcessFilter = "auto" | "h2h" | "smm" | "manual";
export const processFilters: readonly ProcessFilter[] = ["auto", "h2h", "smm", "manual"];

export interface CatalogueFilter {
  /** Every word must occur, in any case, in the category, product, variant name or SKU. */
  search?: string;
  /** A category's name in any case, or its slug (`aplikasi-premium`). */
  category?: string;
  process?: ProcessFilter;
}

/** "Aplikasi Premium" → "aplikasi-premium", as the service's category slugs read. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The words of a search, in lower case: each must occur somewhere in a variant's text. */
export function searchWords(search: string | undefined): string[] {
  return search?.toLowerCase().split(/\s+/).filter(Boolean) ?? [];
}

function categoryTest(name: string): (category: string | null) => boolean {
  const wanted = name.trim().toLowerCase();
  const wantedSlug = slugOf(name);
  return (category) => category !== null && (category.toLowerCase() === wanted || slugOf(category) === wantedSlug);
}

/** The entries that match, in the catalogue's order. */
export function findItems(entries: CatalogueEntry[], filter: CatalogueFilter): CatalogueEntry[] {
  let found = entries;
  const { category } = filter;
  if (category !== undefined) found = found.filter((entry) => categoryTest(category)(entry.category));
  if (filter.process !== undefined) found = found.filter((entry) => entry.process === filter.process);
  const words = searchWords(filter.search);
  if (words.length > 0) {
    found = found.filter((entry) => {
      const text = `${entry.category ?? ""}\n${entry.product ?? ""}\n${entry.name}\n${entry.sku ?? ""}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }
  return found;
}

/**
 * A category the catalogue does not have is an input error naming those it has, rather than an
 * empty list a script would take for "nothing on sale".
 */
export function checkCategory(entries: CatalogueEntry[], category: string): void {
  const matches = categoryTest(category);
  if (entries.some((entry) => matches(entry.category))) return;
  const names = [...new Set(entries.map((entry) => entry.category).filter((c): c is string => c !== null))].sort(
    (a, b) => a.localeCompare(b),
  );
  throw new InputError((say) => say.catalogue.noCategory(category), {
    suggestion: (say) => (names.length ? say.catalogue.categories(names.join(", ")) : say.catalogue.noCategories),
  });
}
