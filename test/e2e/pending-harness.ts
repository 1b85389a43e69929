/**
 * What the files on `reseller pending` share: the orders they buy (a pulsa whose delivery fails, a
 * manual order, an SMM order delivered in part) and the receipts a --receipts file holds.
 */
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { buyOne } from "../support/cli.js";
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
