/**
 * The API key as people may see it: at most its last four characters. Kept apart from the HTTP
 * client so that `config list` and `logout` can mask a key without loading undici.
 */
export function maskApiKey(key: string): string {
  return key.length <= 4 ? "****" : `****${key.slice(-4)}`;
}

/** A URL as people may see it: a user name or password inside it (`https://user:pass@host`) replaced. */
export function withoutCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#@]*@/i, "$1****@");
}
