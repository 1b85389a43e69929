/**
 * Secrets never leave the process whole: a service that echoes the API key back (in an error
 * message, a body, a header in --verbose) would otherwise print it. Every byte the context writes
 * to stdout or stderr passes through here, so no command, renderer or error path can forget.
 */
import { maskApiKey } from "../config/mask.js";
import type { Writable } from "./output.js";

export class SecretMask {
  /** Each way a secret may be written, longest first, with what it is shown as. */
  private readonly forms: [written: string, shown: string][] = [];

  /**
   * Too short a value would mask ordinary words; real keys are long. A service echoes a key as it
   * encodes it: inside JSON (`\/` for `/`, `\u002b`), or in a URL (`%2F`, `%2f`, `+` for a space).
   */
  add(secret: string | undefined): void {
    if (!secret || secret.length < 8) return;
    const shown = maskApiKey(secret);
    const json = JSON.stringify(secret).slice(1, -1);
    const url = encodeURIComponent(secret);
    const forms = [
      secret,
      json,
      json.replace(/\//g, "\\/"),
      jsonEscapedAll(secret),
      url,
      url.replace(/%[0-9A-F]{2}/g, (c) => c.toLowerCase()),
      url.replace(/%20/g, "+"),
    ];
    for (const form of new Set(forms))
      if (!this.forms.some(([written]) => written === form)) this.forms.push([form, shown]);
    this.forms.sort((a, b) => b[0].length - a[0].length);
  }

  apply(text: string): string {
    let out = text;
    for (const [written, shown] of this.forms) if (out.includes(written)) out = out.split(written).join(shown);
    return out;
  }

  wrap(target: Writable): Writable {
    return {
      write: (chunk: string) => target.write(this.apply(String(chunk))),
      drained: () => target.drained?.() ?? Promise.resolve(),
    };
  }
}

/** Every character but letters and digits as a `\uXXXX` escape, as some JSON writers do for safety. */
function jsonEscapedAll(secret: string): string {
  return secret.replace(/[^A-Za-z0-9]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}
