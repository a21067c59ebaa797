/**
 * The {@link MatchStore} on PostgreSQL (`DATABASE_URL`): the same tables as SQLite, and
 * LISTEN/NOTIFY so several server processes serve the same matches. A decision's NOTIFY is sent in
 * the transaction that stores it, so PostgreSQL delivers it only once the decision is committed.
 */
import pg from "pg";
import type { MatchStore, StoredDecision, StoredMatch, StoredSeat } from "./store.js";

const CHANNEL = "muster_decisions";

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

  private constructor(private readonly url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 10 });
    // An idle client's error (the database restarting) must not kill the process; the next query reports it.
    this.pool.on("error", () => undefined);
  }

  /** Connects and creates the tables if needed (concurrent starts are serialised by an advisory lock). */
  static async open(url: string): Promise<PostgresStore> {
    const store = new PostgresStore(url);
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
    await this.pool.query("INSERT INTO matches (id, game, options, seed, seats, version, created_at) VALUES ($1, $2, $3, $4, $5, 0, $6)", [
      m.id,
      m.game,
      JSON.stringify(m.options),
      m.seed,
      JSON.stringify(m.seats),
      m.createdAt,
    ]);
  }

  async loadMatch(id: string): Promise<{ match: StoredMatch; decisions: StoredDecision[] } | null> {
    const r = await this.pool.query<MatchRow>("SELECT id, game, options, seed, seats, created_at FROM matches WHERE id = $1", [id]);
    if (r.rows.length === 0) return null;
    const row = r.rows[0];
    const match: StoredMatch = { id: row.id, game: row.game, options: row.options, seed: row.seed, seats: row.seats, createdAt: Number(row.created_at) };
    return { match, decisions: await this.decisionsAfter(id, 0) };
  }

  async decisionsAfter(id: string, version: number): Promise<StoredDecision[]> {
    const r = await this.pool.query<DecisionRow>("SELECT version, player, move FROM decisions WHERE match_id = $1 AND version > $2 ORDER BY version", [id, version]);
    return r.rows.map((d) => ({ version: d.version, player: d.player, move: d.move }));
  }

  async appendDecision(id: string, d: StoredDecision): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      await client.query("BEGIN");
      const bumped = await client.query("UPDATE matches SET version = $1 WHERE id = $2 AND version = $3", [d.version, id, d.version - 1]);
      if (bumped.rowCount !== 1) {
        await client.query("ROLLBACK");
        return false;
      }
      await client.query("INSERT INTO decisions (match_id, version, player, move) VALUES ($1, $2, $3, $4)", [id, d.version, d.player, JSON.stringify(d.move)]);
      await client.query("SELECT pg_notify($1, $2)", [CHANNEL, `${id}:${d.version}`]);
      await client.query("COMMIT");
      return true;
    } catch (err) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  async onRemoteDecision(listener: (matchId: string, version: number) => void): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on("error", () => undefined);
    await client.connect();
    client.on("notification", (n) => {
      const [id, v] = (n.payload ?? "").split(":");
      const version = Number(v);
      if (id && Number.isInteger(version)) listener(id, version);
    });
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}
