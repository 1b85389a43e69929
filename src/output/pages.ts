/** Where a page of a list sits, said on stderr under the rows: `Page 1 of 3 (45 transactions). Next: …`. */
import type { Pagination } from "../api/model.js";
import type { Messages } from "../messages/messages.js";
import { keptWhole } from "./message.js";

/**
 * A line for people about the rest of a list, or undefined when there is nothing more to say. Without
 * page numbers from the service, a full page suggests there may be more.
 */
export function pageHint(
  pagination: Pagination | null,
  shown: number,
  askedPage: number | undefined,
  askedPerPage: number | undefined,
  noun: "transactions" | "changes",
  command: (page: number) => string,
  say: Messages,
): string | undefined {
  const page = pagination?.page ?? askedPage ?? 1;
  const perPage = pagination?.perPage ?? askedPerPage;
  const lastPage =
    pagination?.lastPage ??
    (pagination?.total !== null && pagination?.total !== undefined && perPage
      ? Math.max(1, Math.ceil(pagination.total / perPage))
      : null);
  const total =
    pagination?.total !== null && pagination?.total !== undefined ? say.pages.total(pagination.total, noun) : "";
  if (lastPage !== null) {
    if (lastPage <= 1 && page <= 1) return undefined;
    return say.pages.of(page, lastPage, total) + (page < lastPage ? say.pages.next(keptWhole(command(page + 1))) : "");
  }
  if (perPage !== undefined && shown >= perPage) return say.pages.mayBeMore(page, keptWhole(command(page + 1)));
  return undefined;
}
