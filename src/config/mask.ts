/**
 * The API key as people may see it: at most its last four characters. Kept apart from the HTTP
 * client so that `config list` and `logout` can mask a key without loading undici.
 */
export function maskApiKey(key: string): string {
  return key.length <= 4 ? "****" : `****${key.slice(-4)}`;
}
