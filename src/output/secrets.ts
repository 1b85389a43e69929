/**
 * Secrets never leave the process whole: a service that echoes the API key back (in an error
 * message, a body, a header in --verbose) would otherwise print it. Every byte the context writes
 * to stdout or stderr passes through here, so no command, renderer or error path can forget.
 */
import { maskApiKey } from "../config/mask.js";
import type { Writable } from "./output.js";

export class SecretMask {
  private readonly secrets: string[] = [];

  /** Too short a value would mask ordinary words; real keys are long. */
  add(secret: string | undefined): void {
    if (secret && secret.length >= 8 && !this.secrets.includes(secret)) this.secrets.push(secret);
  }

  apply(text: string): string {
    let out = text;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(maskApiKey(secret));
    return out;
  }

  wrap(target: Writable): Writable {
    return { write: (chunk: string) => target.write(this.apply(String(chunk))) };
  }
}
