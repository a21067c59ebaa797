/**
 * The {@link MatchStore} on PostgreSQL (`DATABASE_URL`): the same tables as SQLite, and
 * LISTEN/NOTIFY so several server processes serve the same matches. A decision's NOTIFY is sent in
 * the transaction that stores it, so PostgreSQL delivers it only once the decision is committed.
 */
import pg from "pg";
import { postgresFault, StoreError } from "./store-errors.js";
import type { ListenerEvents, MatchStore, StoredDecision, StoredMatch, StoredSeat } from "./store.js";

const CHANNEL = "muster_decisions";
/** NOTIFY payloads must stay under 8000 bytes. */
const NOTIFY_LIMIT = 7000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS matches (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  options JSONB NOT NULL,
  seed INTEGER NOT NULL,
  seats JSONB NOT NULL,
  version INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL
);
CREATE TABLE IF NOT EXISTS decisions (
  match_id TEXT NOT NULL REFERENCES matches(id),
  version INTEGER NOT NULL,
  player TEXT NOT NULL,
  move JSONB NOT NULL,
  PRIMARY KEY (match_id, version)
);
`;

interface MatchRow {
  id: string;
  game: string;
  options: unknown;
  seed: number;
  seats: StoredSeat[];
  created_at: string;
}
interface DecisionRow {
  version: number;
  player: string;
  move: unknown;
}

export class PostgresStore implements MatchStore {
  readonly kind = "postgres" as const;
  private readonly pool: pg.Pool;
  private listener: pg.Client | null = null;
  private closing = false;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private readonly lastLogged = new Map<string, number>();

  private constructor(
    private readonly url: string,
    private readonly onFault?: (err: StoreError) => void,
  ) {
    this.pool = new pg.Pool({ connectionString: url, max: 20, keepAlive: true });
    // An idle client's error (the database restarting) must not kill the process; the next query reports it.
    this.pool.on("error", () => undefined);
  }

  /** A store fault (logged, at most once per kind every 10 s) or the error as it is. */
  private failure(err: unknown): unknown {
    const fault = postgresFault(err);
    if (!fault) return err;
    const f = new StoreError(fault, "PostgreSQL", err);
    const now = Date.now();
    if (now - (this.lastLogged.get(fault) ?? -Infinity) >= 10_000) {
      this.lastLogged.set(fault, now);
      this.onFault?.(f);
    }
    return f;
  }

  private async query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (err) {
      throw this.failure(err);
    }
  }

  /** Connects and creates the tables if needed (concurrent starts are serialised by an advisory lock). */
  static async open(url: string, onFault?: (err: StoreError) => void): Promise<PostgresStore> {
    const store = new PostgresStore(url, onFault);
    const client = await store.pool.connect();
    try {
      await client.query("SELECT pg_advisory_lock(1847)");
      await client.query(SCHEMA);
      await client.query("SELECT pg_advisory_unlock(1847)");
    } finally {
      client.release();
    }
    return store;
  }

  async createMatch(m: StoredMatch): Promise<void> {
    await this.query("INSERT INTO matches (id, game, options, seed, seats, version, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6)", [
      m.id,
      m.game,
      JSON.stringify(m.options),
      m.seed,
      JSON.stringify(m.seats),
      m.createdAt,
    ]);
  }

  async loadMatch(id: string): Promise<{ match: StoredMatch; decisions: StoredDecision[] } | null> {
    const r = await this.query<MatchRow>("SELECT id, game, options, seed, seats, created_at FROM matches WHERE id = $1", [id]);
    if (r.rows.length === 0) return null;
    const row = r.rows[0];
    const match: StoredMatch = { id: row.id, game: row.game, options: row.options, seed: row.seed, seats: row.seats, createdAt: Number(row.created_at) };
    return { match, decisions: await this.decisionsAfter(id, 0) };
  }

  async decisionsAfter(id: string, version: number): Promise<StoredDecision[]> {
    const r = await this.query<DecisionRow>("SELECT version, player, move FROM decisions WHERE match_id = $1 AND version > $2 ORDER BY version", [id, version]);
    return r.rows.map((d) => ({ version: d.version, player: d.player, move: d.move }));
  }

  /**
   * One statement, so one round trip and one transaction: the version check (the UPDATE locks the
   * match row, so a second writer waits and then finds the version moved on), the insert, and the
   * NOTIFY, which PostgreSQL delivers only after the commit. The payload carries the decision when
   * it fits, sparing the listeners a query.
   */
  async appendDecision(id: string, d: StoredDecision): Promise<boolean> {
    const move = JSON.stringify(d.move);
    const full = JSON.stringify({ id, version: d.version, player: d.player, move: d.move });
    const payload = full.length < NOTIFY_LIMIT ? full : JSON.stringify({ id, version: d.version });
    const r = await this.query<{ stored: string }>(
      `WITH bumped AS (UPDATE matches SET version = $1 WHERE id = $2 AND version = $1 - 1 RETURNING id),
            added AS (INSERT INTO decisions (match_id, version, player, move) SELECT id, $1, $3, $4 FROM bumped RETURNING match_id)
       SELECT count(*) AS stored FROM (SELECT pg_notify('${CHANNEL}', $5) FROM added) AS told`,
      [d.version, id, d.player, move, payload],
    );
    return Number(r.rows[0].stored) === 1;
  }

  /**
   * LISTENs on its own connection. When that connection is lost (PostgreSQL restarted, the
   * network cut), it reconnects with growing pauses (up to 5 s) and LISTENs again, telling
   * `events`, whose `restored` must catch up on what was notified meanwhile (those notifications
   * are gone).
   */
  async onRemoteDecision(listener: (matchId: string, version: number, decision?: StoredDecision) => void, events?: ListenerEvents): Promise<void> {
    await this.connectListener(listener, events);
  }

  private async connectListener(listener: (matchId: string, version: number, decision?: StoredDecision) => void, events?: ListenerEvents): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    const lost = (err: Error) => {
      if (this.closing || this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      events?.lost(err);
      const since = Date.now();
      const retry = (pause: number) => {
        this.reconnectTimer = setTimeout(() => {
          this.reconnectTimer = null;
          if (this.closing) return;
          this.connectListener(listener, events).then(
            () => events?.restored(Date.now() - since),
            () => retry(Math.min(5000, pause * 2)),
          );
        }, pause);
        this.reconnectTimer.unref();
      };
      retry(100);
    };
    client.on("error", lost);
    client.on("end", () => lost(new Error("the connection ended")));
    client.on("notification", (n) => {
      let p: { id?: unknown; version?: unknown; player?: unknown; move?: unknown };
      try {
        p = JSON.parse(n.payload ?? "") as typeof p;
      } catch {
        return;
      }
      if (typeof p.id !== "string" || typeof p.version !== "number") return;
      const decision = typeof p.player === "string" && "move" in p ? { version: p.version, player: p.player, move: p.move } : undefined;
      listener(p.id, p.version, decision);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closing) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
