/**
 * The webhook deliveries `webhook listen` received, in the records database: one row per delivery,
 * named by its key. A row is written (and committed, synchronous=FULL) before the service is answered
 * 2xx; settling it fills in how and when, and drops its body. Forgetting old settled deliveries is a
 * DELETE that keeps what the de-duplication of the service's retries needs.
 */
import { createTables, type RecordsDatabase } from "./database.js";

/** One received delivery, as written down before the service is answered. */
export interface ReceivedDelivery {
  /** The name a target can drop a repeat by: the same for every attempt, and after a restart. */
  id: string;
  key: string;
  profile: string;
  /** The event name as checked against the signed status. */
  event: string;
  ref_id: string;
  invoice: string;
  signed_status: string;
  received_at: string;
  /** The body as it came (UTF-8). */
  body: string;
  /** The headers a --forward-to target needs to verify it too. */
  headers: Record<string, string>;
}

/** The delivery id a target sees: the same for every attempt the service makes, and after a restart. */
export function deliveryIdOf(key: string): string {
  return `whd_${key.slice(0, 32)}`;
}

/** How a delivery was settled: handed on (its handler said it is done), or dropped (not to be handed on). */
export type SettledAs = "handed" | "dropped";

export type DeliveryRecords = ReturnType<typeof deliveryRecords>;

/** Idempotent: every opener of the database may run it. */
export function createDeliveriesTable(db: RecordsDatabase): void {
  createTables(
    db,
    `
    CREATE TABLE IF NOT EXISTS webhook_deliveries (
      seq INTEGER PRIMARY KEY,
      key TEXT NOT NULL UNIQUE,
      id TEXT NOT NULL,
      profile TEXT NOT NULL,
      event TEXT,
      ref_id TEXT,
      invoice TEXT,
      signed_status TEXT,
      received_at TEXT,
      body TEXT,
      headers TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      next_try_at TEXT,
      settled_as TEXT,
      settled_at TEXT,
      reason TEXT,
      line TEXT
    );
    CREATE INDEX IF NOT EXISTS webhook_deliveries_unsettled ON webhook_deliveries (seq) WHERE settled_as IS NULL;
    CREATE INDEX IF NOT EXISTS webhook_deliveries_settled ON webhook_deliveries (profile, seq) WHERE settled_as IS NOT NULL;
    CREATE INDEX IF NOT EXISTS webhook_deliveries_lines ON webhook_deliveries (line) WHERE line IS NOT NULL;
  `,
  );
}

/** A received delivery, named parameters as its columns (headers as JSON); nothing when its key is there already. */
export const insertReceivedSql = `
  INSERT INTO webhook_deliveries (key, id, profile, event, ref_id, invoice, signed_status, received_at, body, headers)
  VALUES (@key, @id, @profile, @event, @ref_id, @invoice, @signed_status, @received_at, @body, @headers)
  ON CONFLICT (key) DO NOTHING`;

type DeliveryRow = Omit<ReceivedDelivery, "headers"> & { headers: string };

export function deliveryRecords(db: RecordsDatabase) {
  createDeliveriesTable(db);
  const insert = db.prepare(insertReceivedSql);
  const receiveAll = db.transaction((deliveries: readonly ReceivedDelivery[]) =>
    deliveries.map((d) =>
      insert.run({ ...d, headers: JSON.stringify(d.headers) }).changes === 1
        ? ("new" as const)
        : ("duplicate" as const),
    ),
  );
  // The body goes once settled: it may hold licences, and nothing hands it on again.
  const settle = db.prepare(`
    UPDATE webhook_deliveries SET settled_as = ?, settled_at = ?, reason = ?, line = ?, body = NULL, headers = NULL,
      next_try_at = NULL
    WHERE key = ? AND settled_as IS NULL`);
  const tried = db.prepare("UPDATE webhook_deliveries SET attempts = ?, next_try_at = ? WHERE key = ?");
  const unsettled = db.prepare<{ profile: string | null }, DeliveryRow>(`
    SELECT id, key, profile, event, ref_id, invoice, signed_status, received_at, body, headers
    FROM webhook_deliveries WHERE settled_as IS NULL AND (@profile IS NULL OR profile = @profile)
    ORDER BY seq`);
  const lineHanded = db.prepare("SELECT 1 FROM webhook_deliveries WHERE line = ? AND settled_as = 'handed' LIMIT 1");
  const forgetOwn = db.prepare(`
    DELETE FROM webhook_deliveries WHERE settled_as IS NOT NULL AND profile IN (@profile, '') AND seq <= (
      SELECT seq FROM webhook_deliveries WHERE settled_as IS NOT NULL AND profile IN (@profile, '')
      ORDER BY seq DESC LIMIT 1 OFFSET @remember)`);
  const forgetAny = db.prepare(`
    DELETE FROM webhook_deliveries WHERE settled_as IS NOT NULL AND seq <= (
      SELECT seq FROM webhook_deliveries WHERE settled_as IS NOT NULL ORDER BY seq DESC LIMIT 1 OFFSET @remember)`);
  return {
    /** One transaction (synchronous=FULL: on disk when this returns); "duplicate" for a key there already. */
    receive: (deliveries: readonly ReceivedDelivery[]) => receiveAll.immediate(deliveries),
    settle: (key: string, as: SettledAs, at: string, reason?: string, line?: string) =>
      void settle.run(as, at, reason?.slice(0, 300) ?? null, line ?? null, key),
    triedAgainLater: (key: string, attempts: number, nextTryAt: string) => void tried.run(attempts, nextTryAt, key),
    /** Received and not settled, oldest first: of this profile, or of every profile when undefined. */
    unsettled: (profile?: string): ReceivedDelivery[] =>
      unsettled
        .all({ profile: profile ?? null })
        .map((row) => ({ ...row, headers: JSON.parse(row.headers) as Record<string, string> })),
    lineHandedOn: (line: string) => lineHanded.get(line) !== undefined,
    /**
     * Forgets settled deliveries beyond the newest `remember` of this profile (every profile's when
     * undefined); settled rows of earlier releases name no profile and are anyone's to forget.
     */
    forgetSettled: (profile: string | undefined, remember: number) =>
      (profile === undefined ? forgetAny.run({ remember }) : forgetOwn.run({ profile, remember })).changes,
  };
}
