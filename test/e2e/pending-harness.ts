/**
 * What the files on `reseller pending` share: the orders they buy (a pulsa whose delivery fails, a
 * manual order, an SMM order delivered in part) and the receipts a --receipts file holds.
 */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { buyOne } from "../support/cli.js";
import type { Harness } from "../support/emulator.js";
import type { Reseller } from "./commands-harness.js";

export const h2hFailing = (ref: string) => buyOne(12, "0812", "--no-check", "--ref-id", ref, "--yes");
export const manualOrder = (ref: string) => buyOne(27, "logo toko", "--ref-id", ref, "--yes");
/** A target the emulator delivers only part of: the rest is refunded. */
export const smmPartial = (ref: string) => [
  "buy",
  ...["--item", "23", "--qty", "300", "--target", "https://instagram.com/partial_shop"],
  ...["--ref-id", ref, "--yes"],
];

export async function bought(reseller: Reseller, args: string[]): Promise<void> {
  const r = await reseller.run(args);
  expect(r.exitCode, r.stderr).toBe(0);
}

/**
 * A buy whose every answer the service loses, `before` or `after` it takes the purchase: exit 5, the
 * outcome unknown here either way.
 */
export async function answersLost(
  harness: Harness,
  reseller: Reseller,
  when: "before" | "after",
  args: string[],
): Promise<void> {
  const drop = when === "before" ? { drop_before_commit_next: 6 } : { drop_after_commit_next: 6 };
  harness.emulator.faults.configure({ ...drop, match: { path: "/v1/trx" } });
  const lost = await reseller.run(args);
  expect(lost.exitCode, lost.stderr).toBe(5);
}

/** Receipts in a --receipts file, each with the wa.me link below it. */
export function receiptsIn(path: string): string[] {
  let text = "";
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return [];
  }
  return text.split(/\n=+\n\n/).filter((r) => r.trim());
}
