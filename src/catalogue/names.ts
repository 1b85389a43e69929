/**
 * Item names from the catalogue kept on this machine (`reseller items` fills it), for lists whose
 * answers carry only an item id (locks, the journal). Never a request: a list must not wait for a
 * catalogue download; an item the copy does not know is shown by its id.
 */
import type { Settings } from "../config/settings.js";
import { readCatalogue } from "./cache.js";
import { itemName } from "../domain/item-name.js";

export type ItemNames = (itemId: number) => string | undefined;

export function keptItemNames(settings: Pick<Settings, "configDir" | "profile" | "baseUrl" | "apiKey">): ItemNames {
  const { configDir, profile, baseUrl, apiKey } = settings;
  if (!baseUrl || !apiKey) return () => undefined;
  let names: Map<number, string> | undefined;
  return (itemId) => {
    names ??= new Map(
      (readCatalogue({ configDir, profile, baseUrl, apiKey })?.entries() ?? []).map((e) => [
        e.id,
        itemName(e.product, e.name),
      ]),
    );
    return names.get(itemId);
  };
}
