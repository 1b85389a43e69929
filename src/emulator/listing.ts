/**
 * `GET /v1/item`: the catalogue as the live service lists it, whole or a page at a time, filtered by
 * category and product name, or only what changed since `updated_since`. This module decides which
 * variants an answer holds; dialect.ts decides what they look like (flat in A and the spec, nested
 * categories → products → variants in B).
 */
import type { ItemRecord } from "./catalogue.js";
import { formatJakarta } from "./clock.js";
import type { EmulatedService } from "./service.js";
import { FieldErrors } from "./validation.js";

export const DEFAULT_PER_PAGE = 100;
export const MAX_PER_PAGE = 500;

export interface CatalogueQuery {
  page: number;
  /** null: every variant the query matches (`per_page=all`). */
  perPage: number | null;
  /** Epoch ms: only variants changed after it, withdrawn ones included. */
  updatedSince: number | null;
  category: string | null;
  search: string | null;
}

export interface ListedVariant {
  item: ItemRecord;
  /** Stock nobody has locked; null for unlimited items. */
  available: number | null;
  /** Withdrawn since `updated_since`: a delta lists it so a kept copy can drop it. */
  withdrawn: boolean;
  categoryId: number;
  productId: number;
}

export interface CatalogueListing {
  variants: ListedVariant[];
  totalItems: number;
  /** The page asked and how many a page holds; null for `per_page=all`, which is one answer. */
  page: number;
  perPage: number | null;
  /** The last page that holds anything (1 when nothing matches). */
  lastPage: number;
  isDelta: boolean;
  /** The service's clock as it answered, in WIB as the live service writes it. */
  serverTime: string;
}

/** "Top Up Game" → "top-up-game": the live reference filters by slug, third-party code by the name. */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Category and product ids, numbered in the order the catalogue first names them: the same in every answer. */
/** Worked out once per catalogue (a grown one is a new array): a delta of a 200,000-variant catalogue costs what its changes cost, as a service's index makes it. */
const idsOfCatalogue = new WeakMap<
  readonly ItemRecord[],
  { length: number; ids: ReturnType<typeof countCatalogueIds> }
>();

export function catalogueIds(items: readonly ItemRecord[]) {
  const known = idsOfCatalogue.get(items);
  if (known && known.length === items.length) return known.ids;
  const ids = countCatalogueIds(items);
  idsOfCatalogue.set(items, { length: items.length, ids });
  return ids;
}

function countCatalogueIds(items: readonly ItemRecord[]) {
  const categoryIds = new Map<string, number>();
  const productIds = new Map<string, number>();
  const productKey = (item: ItemRecord) => `${item.category}\u0000${item.productName}`;
  for (const item of items) {
    if (!categoryIds.has(item.category)) categoryIds.set(item.category, categoryIds.size + 1);
    if (!productIds.has(productKey(item))) productIds.set(productKey(item), productIds.size + 1);
  }
  return { categoryIds, productIds, productKey };
}

/**
 * `GET /v1/validation/services?search=`: the products that offer the account check, each with its
 * variants, `search` matching the product's name in any case. Variant fields as others' client code
 * reads them: `item_id, name, sku, price, status`.
 */
export function validationServices(
  service: EmulatedService,
  search: string | null,
  skuOf: (item: ItemRecord) => string,
) {
  const { productIds, productKey } = catalogueIds(service.state.items);
  const wanted = search?.trim().toLowerCase() || null;
  const products = new Map<
    number,
    {
      product_id: number;
      product_name: string;
      validation: { available: true; endpoint: string; requires_zone_id: boolean };
      variants: { item_id: number; name: string; sku: string; price: number; status: string }[];
    }
  >();
  for (const item of service.state.items) {
    if (!item.active || item.h2hTarget !== "game_id") continue;
    if (wanted !== null && !item.productName.toLowerCase().includes(wanted)) continue;
    const id = productIds.get(productKey(item))!;
    let product = products.get(id);
    if (!product) {
      product = {
        product_id: id,
        product_name: item.productName,
        validation: {
          available: true,
          endpoint: "/api/v1/item/validate",
          requires_zone_id: item.requiresZoneId === true,
        },
        variants: [],
      };
      products.set(id, product);
    }
    product.variants.push({ item_id: item.id, name: item.name, sku: skuOf(item), price: item.price, status: "on" });
  }
  const data = [...products.values()];
  return {
    message: "OK",
    data,
    meta: { total_products: data.length, total_items: data.reduce((sum, p) => sum + p.variants.length, 0) },
  };
}

/** The query string read as Laravel would validate it: 422 VALIDATION_ERROR naming each bad parameter. */
export function readCatalogueQuery(params: URLSearchParams, service: EmulatedService): CatalogueQuery {
  const errors = new FieldErrors();
  const text = (name: string) => {
    const value = params.get(name);
    return value === null || value.trim() === "" ? null : value.trim();
  };

  let page = 1;
  const pageText = text("page");
  if (pageText !== null) {
    if (!/^\d+$/.test(pageText)) errors.add("page", "The page field must be an integer.");
    else if (Number(pageText) < 1) errors.add("page", "The page field must be at least 1.");
    else page = Number(pageText);
  }

  let perPage: number | null = DEFAULT_PER_PAGE;
  const perPageText = text("per_page");
  if (perPageText !== null && perPageText.toLowerCase() === "all") {
    if (service.perPageAll === "refused") errors.add("per_page", "The per page field must be an integer.");
    else if (service.perPageAll === "answered") perPage = null;
  } else if (perPageText !== null) {
    if (!/^\d+$/.test(perPageText)) errors.add("per_page", "The per page field must be an integer.");
    else if (Number(perPageText) < 1) errors.add("per_page", "The per page field must be at least 1.");
    else if (Number(perPageText) > MAX_PER_PAGE)
      errors.add("per_page", `The per page field must not be greater than ${MAX_PER_PAGE}.`);
    else perPage = Number(perPageText);
  }

  let updatedSince: number | null = null;
  const sinceText = text("updated_since");
  if (sinceText !== null) {
    const at = Date.parse(sinceText);
    if (Number.isNaN(at)) errors.add("updated_since", "The updated since field must be a valid date.");
    else updatedSince = at;
  }
  errors.throwIfAny();
  return { page, perPage, updatedSince, category: text("category"), search: text("search") };
}

/**
 * The variants an answer holds, grouped by category then product in the order the catalogue first
 * names them (the same order in every dialect, so pages agree), then paged. A full listing shows only
 * items on sale; a delta also shows those withdrawn since, marked so.
 */
export function listCatalogue(service: EmulatedService, query: CatalogueQuery): CatalogueListing {
  const items = service.state.items;
  const { categoryIds, productIds, productKey } = catalogueIds(items);

  // A category by its name in any case, its slug, or its numeric id (live clients pass `category=1`).
  const category = query.category?.toLowerCase() ?? null;
  const categoryId = category !== null && /^\d+$/.test(category) ? Number(category) : null;
  const search = query.search?.toLowerCase() ?? null;
  const since = query.updatedSince;
  const matching = items.filter((item) => {
    if (since === null ? !item.active : (item.updatedAt ?? 0) <= since) return false;
    if (
      category !== null &&
      item.category.toLowerCase() !== category &&
      slugOf(item.category) !== slugOf(category) &&
      categoryIds.get(item.category) !== categoryId
    )
      return false;
    if (
      search !== null &&
      !item.productName.toLowerCase().includes(search) &&
      !item.name.toLowerCase().includes(search)
    )
      return false;
    return true;
  });
  const ordered = matching
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        categoryIds.get(a.item.category)! - categoryIds.get(b.item.category)! ||
        productIds.get(productKey(a.item))! - productIds.get(productKey(b.item))! ||
        a.index - b.index,
    )
    .map(({ item }) => item);
  const page =
    query.perPage === null ? ordered : ordered.slice((query.page - 1) * query.perPage, query.page * query.perPage);

  return {
    variants: page.map((item) => ({
      item,
      available: item.active ? service.availableStock(item) : null,
      withdrawn: !item.active,
      categoryId: categoryIds.get(item.category)!,
      productId: productIds.get(productKey(item))!,
    })),
    totalItems: ordered.length,
    page: query.page,
    perPage: query.perPage,
    lastPage: query.perPage === null ? 1 : Math.max(1, Math.ceil(ordered.length / query.perPage)),
    isDelta: since !== null,
    serverTime: formatJakarta(service.now()),
  };
}
