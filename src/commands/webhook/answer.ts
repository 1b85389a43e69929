/**
 * How the webhook commands show what the service answered: its configuration endpoints are not
 * documented, so beyond the fields reseller knows, every field is shown as the service named it.
 */
import type { AnswerField } from "../../api/model.js";
import type { Context } from "../../context.js";
import type { Cell } from "../../output/output.js";

/** The fields as a record on stdout, known ones first; nothing when there is nothing to show. */
export function showFields(ctx: Context, known: [string, Cell][], fields: AnswerField[]): void {
  const pairs: [string, Cell][] = [...known, ...fields.map((f): [string, Cell] => [f.name, f.value])];
  if (pairs.length) ctx.output.record(pairs);
}
