/**
 * Profiles (base URL, API key, settings) in one file for all profiles, `config.json` under the
 * config dir, mode 0600. Reading is a plain JSON read because every command needs it and conf's
 * schema machinery costs ~70 ms of start-up; writing goes through conf (atomic writes, file mode).
 */
import { chmodSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface Profile {
  base_url?: string;
  api_key?: string;
  timeout?: number;
  max_retries?: number;
  wait_timeout?: number;
  /** Saved by `reseller webhook secret --save`; checked by `webhook listen`. */
  webhook_secret?: string;
  [extra: string]: unknown;
}

export interface ConfigFile {
  profiles?: Record<string, Profile>;
}

export const configFileName = "config.json";

export class ConfigStore {
  readonly dir: string;
  private cache: ConfigFile | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  get path(): string {
    return join(this.dir, configFileName);
  }

  read(): ConfigFile {
    if (this.cache) return this.cache;
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.path, "utf8"));
      this.cache = typeof parsed === "object" && parsed !== null ? (parsed as ConfigFile) : {};
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      this.cache = {};
    }
    return this.cache;
  }

  profile(name: string): Profile {
    return this.read().profiles?.[name] ?? {};
  }

  profileNames(): string[] {
    return Object.keys(this.read().profiles ?? {});
  }

  /** Replaces one profile's record; `undefined` values are removed. */
  async writeProfile(name: string, profile: Profile): Promise<void> {
    const { default: Conf } = await import("conf");
    // The dir also holds the journal (customers' numbers): the owner's alone, like the key.
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const conf = new Conf<ConfigFile>({ cwd: this.dir, configName: "config", configFileMode: 0o600, clearInvalidConfig: false });
    const clean = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
    const profiles = { ...(conf.get("profiles") ?? {}) };
    if (Object.keys(clean).length === 0) delete profiles[name];
    else profiles[name] = clean;
    conf.set("profiles", profiles);
    // conf applies the mode on creation only, and through the umask; make sure an older file is tightened too.
    chmodSync(conf.path, 0o600);
    this.cache = undefined;
  }
}
