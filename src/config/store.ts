/**
 * Profiles (base URL, API key, settings) in one file for all profiles, `config.json` under the
 * config dir (0700), mode 0600. Every command reads it, so reading is a plain JSON read checked
 * against `storedSettings` here (conf and its schema compiler cost ~70 ms of start-up); writing
 * goes through conf, which checks the same schema and writes atomically.
 */
import { chmodSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "../errors.js";

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

type Rule = { type: "string" } | { type: "integer"; minimum: number; maximum?: number };

/**
 * What each known setting of a profile must be, as a JSON Schema that conf enforces on writes and
 * `checkProfile` on reads. Other keys are kept as they are.
 */
const storedSettings: Record<string, Rule> = {
  base_url: { type: "string" },
  api_key: { type: "string" },
  webhook_secret: { type: "string" },
  timeout: { type: "integer", minimum: 1 },
  max_retries: { type: "integer", minimum: 0, maximum: 10 },
  wait_timeout: { type: "integer", minimum: 1 },
};

const confSchema = {
  profiles: { type: "object", additionalProperties: { type: "object", properties: storedSettings } },
};

function breaks(rule: Rule, value: unknown): boolean {
  if (rule.type === "string") return typeof value !== "string";
  return !Number.isInteger(value) || (value as number) < rule.minimum || (rule.maximum !== undefined && (value as number) > rule.maximum);
}

function describe(rule: Rule): string {
  if (rule.type === "string") return "a string";
  return rule.maximum === undefined ? `a whole number from ${rule.minimum}` : `a whole number from ${rule.minimum} to ${rule.maximum}`;
}

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
    let text: string;
    try {
      text = readFileSync(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      return (this.cache = {});
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw this.invalid(`is not JSON (${(error as Error).message})`);
    }
    const isObject = (v: unknown) => typeof v === "object" && v !== null && !Array.isArray(v);
    const profiles = (parsed as ConfigFile | null)?.profiles;
    if (!isObject(parsed) || (profiles !== undefined && (!isObject(profiles) || !Object.values(profiles).every(isObject)))) {
      throw this.invalid('does not hold {"profiles": {"NAME": {...}}}');
    }
    return (this.cache = parsed as ConfigFile);
  }

  /** One profile's record, its known settings checked: a wrong value is named, not half-used. */
  profile(name: string): Profile {
    const profile = this.read().profiles?.[name] ?? {};
    for (const [key, rule] of Object.entries(storedSettings)) {
      if (profile[key] !== undefined && breaks(rule, profile[key])) {
        throw this.invalid(`holds ${JSON.stringify(profile[key])} as ${key} of profile "${name}", which must be ${describe(rule)}`);
      }
    }
    return profile;
  }

  profileNames(): string[] {
    return Object.keys(this.read().profiles ?? {});
  }

  /** Replaces one profile's record; `undefined` values are removed. */
  async writeProfile(name: string, profile: Profile): Promise<void> {
    // Said in our words before conf says it in a schema's.
    for (const other of this.profileNames()) this.profile(other);
    const { default: Conf } = await import("conf");
    // The dir also holds the journal (customers' numbers): the owner's alone, like the key.
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const conf = new Conf<ConfigFile>({ cwd: this.dir, configName: "config", configFileMode: 0o600, clearInvalidConfig: false, schema: confSchema });
    const clean = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
    const profiles = { ...(conf.get("profiles") ?? {}) };
    if (Object.keys(clean).length === 0) delete profiles[name];
    else profiles[name] = clean;
    conf.set("profiles", profiles);
    // conf applies the mode on creation only, and through the umask; make sure an older file is tightened too.
    chmodSync(conf.path, 0o600);
    this.cache = undefined;
  }

  private invalid(what: string): UsageError {
    return new UsageError(`The config file ${this.path} ${what}.`, {
      code: "CONFIG_INVALID",
      suggestion: "Correct the file by hand, or remove it and run `reseller login` again.",
    });
  }
}
