/**
 * FNV-1a, 32 bits: a short stable name for a file or a bucket, cheaper to load than node:crypto.
 * Not a secret's protection: anyone can compute it.
 */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** The hash as eight hex digits, as it goes into a file name. */
export function fnv1aHex(text: string): string {
  return fnv1a(text).toString(16).padStart(8, "0");
}
