/**
 * Where matches live: a {@link MatchStore} keeps each match's setup (game, options, seed, seats)
 * and its accepted decisions in order. The state is never stored: it is rebuilt by replaying the
 * decisions from setup and seed (the engine is deterministic, ruling C-2). Appending a decision is
 * one transaction guarded by the match version (optimistic concurrency): of two processes trying
 * to apply version N, one succeeds and the other is told `conflict`.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import type { PlayerId } from "../core/game.js";

export interface StoredSeat {
  seat: PlayerId;
  kind: "human" | "computer";
  /** Computer seats: the player's name. */
  computer?: string;
  /** Human seats: SHA-256 of the seat token (the token itself is never stored). */
  tokenHash?: string;
}

export interface StoredMatch {
  id: string;
  game: string;
  options: unknown;
  seed: number;
  seats: StoredSeat[];
  createdAt: number;
}

export interface StoredDecision {
  /** The match version this decision produced (1 for the first). */
  version: number;
  player: PlayerId;
  move: unknown;
}

export interface MatchStore {
  readonly kind: "sqlite" | "postgres" | "memory";
  createMatch(match: StoredMatch): Promise<void>;
  /** The match and all its decisions in order, or null. */
  loadMatch(id: string): Promise<{ match: StoredMatch; decisions: StoredDecision[] } | null>;
  /** Decisions after `version`, in order. */
  decisionsAfter(id: string, version: number): Promise<StoredDecision[]>;
  /**
   * Stores `decision` as version `decision.version` if the match is at `decision.version - 1`;
   * false (nothing stored) when another writer got there first.
   */
  appendDecision(id: string, decision: StoredDecision): Promise<boolean>;
  /**
   * Calls `listener` when a decision was appended, by any process (PostgreSQL LISTEN/NOTIFY), with
   * the decision when the notification carries it; stores used by one process only never call it.
   */
  onRemoteDecision?(listener: (matchId: string, version: number, decision?: StoredDecision) => void): Promise<void>;
  close(): Promise<void>;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS matches (
  id TEXT PRIMARY KEY,
  game TEXT NOT NULL,
  options TEXT NOT NULL,
  seed INTEGER NOT NULL,
  seats TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS decisions (
  match_id TEXT NOT NULL REFERENCES matches(id),
  version INTEGER NOT NULL,
  player TEXT NOT NULL,
  move TEXT NOT NULL,
  PRIMARY KEY (match_id, version)
);
`;

interface MatchRow {
  id: string;
  game: string;
  options: string;
  seed: number;
  seats: string;
  created_at: number;
}
interface DecisionRow {
  version: number;
  player: string;
  move: string;
}

function matchOfRow(r: MatchRow): StoredMatch {
  return { id: r.id, game: r.game, options: JSON.parse(r.options) as unknown, seed: r.seed, seats: JSON.parse(r.seats) as StoredSeat[], createdAt: r.created_at };
}
function decisionOfRow(r: DecisionRow): StoredDecision {
  return { version: r.version, player: r.player, move: JSON.parse(r.move) as unknown };
}

/** The embedded store: one SQLite file (WAL mode, synchronous FULL: a decision is on disk before anyone hears of it). */
export class SqliteStore implements MatchStore {
  readonly kind = "sqlite" as const;
  private readonly db: Database.Database;
  private readonly insertMatch: Database.Statement;
  private readonly selectMatch: Database.Statement;
  private readonly selectDecisions: Database.Statement;
  private readonly bumpVersion: Database.Statement;
  private readonly insertDecision: Database.Statement;
  private readonly appendAll: Database.Transaction<(batch: { id: string; d: StoredDecision }[]) => boolean[]>;
  /** Decisions waiting for the next group commit (see appendDecision). */
  private queue: { id: string; d: StoredDecision; ok: (stored: boolean) => void; fail: (err: Error) => void }[] = [];

  constructor(file: string) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma("journal_mode = WAL");
    this.db.pragma("synchronous = FULL");
    this.db.pragma("busy_timeout = 5000");
    this.db.exec(SCHEMA);
    this.insertMatch = this.db.prepare("INSERT INTO matches (id, game, options, seed, seats, version, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)");
    this.selectMatch = this.db.prepare("SELECT id, game, options, seed, seats, created_at FROM matches WHERE id = ?");
    this.selectDecisions = this.db.prepare("SELECT version, player, move FROM decisions WHERE match_id = ? AND version > ? ORDER BY version");
    this.bumpVersion = this.db.prepare("UPDATE matches SET version = ? WHERE id = ? AND version = ?");
    this.insertDecision = this.db.prepare("INSERT INTO decisions (match_id, version, player, move) VALUES (?, ?, ?, ?)");
    // Each decision's version check and insert; a refused one stores nothing and the others go on.
    this.appendAll = this.db.transaction((batch: { id: string; d: StoredDecision }[]) =>
      batch.map(({ id, d }) => {
        if (this.bumpVersion.run(d.version, id, d.version - 1).changes !== 1) return false;
        this.insertDecision.run(id, d.version, d.player, JSON.stringify(d.move));
        return true;
      }),
    );
  }

  createMatch(m: StoredMatch): Promise<void> {
    this.insertMatch.run(m.id, m.game, JSON.stringify(m.options), m.seed, JSON.stringify(m.seats), m.createdAt);
    return Promise.resolve();
  }

  loadMatch(id: string): Promise<{ match: StoredMatch; decisions: StoredDecision[] } | null> {
    const row = this.selectMatch.get(id) as MatchRow | undefined;
    if (!row) return Promise.resolve(null);
    return Promise.resolve({ match: matchOfRow(row), decisions: (this.selectDecisions.all(id, 0) as DecisionRow[]).map(decisionOfRow) });
  }

  decisionsAfter(id: string, version: number): Promise<StoredDecision[]> {
    return Promise.resolve((this.selectDecisions.all(id, version) as DecisionRow[]).map(decisionOfRow));
  }

  /**
   * Group commit: decisions arriving in the same turn of the event loop are written in one
   * transaction (one disk sync for all, which synchronous FULL makes cost milliseconds); each
   * promise settles only after that transaction is on disk.
   */
  appendDecision(id: string, d: StoredDecision): Promise<boolean> {
    return new Promise((ok, fail) => {
      this.queue.push({ id, d, ok, fail });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    let stored: boolean[];
    try {
      stored = this.appendAll.immediate(batch);
    } catch (err) {
      for (const b of batch) b.fail(err as Error);
      return;
    }
    batch.forEach((b, i) => b.ok(stored[i]));
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}
