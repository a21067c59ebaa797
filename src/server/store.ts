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
import { sqliteFault, StoreError } from "./store-errors.js";

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

/** What a store's listener reports about its own connection (PostgreSQL). */
export interface ListenerEvents {
  lost(err: Error): void;
  /** Listening again after `downMs`; notifications sent meanwhile were missed. */
  restored(downMs: number): void;
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
  onRemoteDecision?(listener: (matchId: string, version: number, decision?: StoredDecision) => void, events?: ListenerEvents): Promise<void>;
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

export interface SqliteStoreOptions {
  /** How long a locked database is waited for, in all, before a write or read fails with `store-locked` (default 5,000 ms). */
  lockWaitMs?: number;
  /** A cap on the file's size in bytes (PRAGMA max_page_count); beyond it writes fail with `store-full`. */
  maxBytes?: number;
  /** Told of store faults (throttled: once per kind of fault every 10 s). */
  onFault?: (err: StoreError) => void;
}

/**
 * SQLite's own wait for a lock blocks the thread (busy_timeout is synchronous), so it is kept
 * short and the rest of the wait is done by retrying from a timer, leaving the event loop free.
 */
const BUSY_TIMEOUT_MS = 10;
const FAULT_LOG_EVERY_MS = 10_000;

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

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
  private readonly lastLogged = new Map<string, number>();

  /** Opens (creating if needed) the file; a file that is not a usable Muster database throws a {@link StoreError} naming it. */
  constructor(
    private readonly file: string,
    private readonly opts: SqliteStoreOptions = {},
  ) {
    try {
      if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    } catch (err) {
      // Its folder cannot be made (a file is in the way, no permission, a read-only disk): nowhere to write.
      throw new StoreError("store-read-only", file, err);
    }
    try {
      this.db = new Database(file);
    } catch (err) {
      throw this.fault(err) ?? err;
    }
    try {
      this.db.pragma("journal_mode = WAL");
      this.db.pragma("synchronous = FULL");
      this.db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
      if (opts.maxBytes !== undefined) {
        const pageSize = this.db.pragma("page_size", { simple: true }) as number;
        this.db.pragma(`max_page_count = ${Math.max(1, Math.floor(opts.maxBytes / pageSize))}`);
      }
      this.db.exec(SCHEMA);
      // Reading every table once finds a truncated or damaged file now rather than at the first match.
      this.db.prepare("SELECT count(*) FROM matches").get();
      this.db.prepare("SELECT count(*) FROM decisions").get();
      this.insertMatch = this.db.prepare("INSERT INTO matches (id, game, options, seed, seats, version, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)");
      this.selectMatch = this.db.prepare("SELECT id, game, options, seed, seats, created_at FROM matches WHERE id = ?");
      this.selectDecisions = this.db.prepare("SELECT version, player, move FROM decisions WHERE match_id = ? AND version > ? ORDER BY version");
      this.bumpVersion = this.db.prepare("UPDATE matches SET version = ? WHERE id = ? AND version = ?");
      this.insertDecision = this.db.prepare("INSERT INTO decisions (match_id, version, player, move) VALUES (?, ?, ?, ?)");
    } catch (err) {
      this.db.close();
      const f = this.fault(err);
      // An old file of another program with a "matches" table of other columns is not ours either.
      if (!f && /no such column|has no column/i.test((err as Error).message)) throw new StoreError("store-corrupt", file, err);
      throw f ?? err;
    }
    // Each decision's version check and insert; a refused one stores nothing and the others go on.
    this.appendAll = this.db.transaction((batch: { id: string; d: StoredDecision }[]) =>
      batch.map(({ id, d }) => {
        if (this.bumpVersion.run(d.version, id, d.version - 1).changes !== 1) return false;
        this.insertDecision.run(id, d.version, d.player, JSON.stringify(d.move));
        return true;
      }),
    );
  }

  private fault(err: unknown): StoreError | null {
    const f = sqliteFault((err as { code?: unknown } | null)?.code);
    return f ? new StoreError(f, this.file, err) : null;
  }

  /** A store fault, logged (throttled); anything else is rethrown as it is. */
  private failure(err: unknown): unknown {
    const f = err instanceof StoreError ? err : this.fault(err);
    if (!f) return err;
    const now = Date.now();
    if (now - (this.lastLogged.get(f.fault) ?? -Infinity) >= FAULT_LOG_EVERY_MS) {
      this.lastLogged.set(f.fault, now);
      this.opts.onFault?.(f);
    }
    return f;
  }

  /** Runs `op`; while the database is locked, tries again from a timer (not blocking) until the lock wait is used up. */
  private async withRetry<T>(op: () => T): Promise<T> {
    const deadline = Date.now() + (this.opts.lockWaitMs ?? 5000);
    for (let pause = 2; ; pause = Math.min(100, pause * 2)) {
      try {
        return op();
      } catch (err) {
        if (sqliteFault((err as { code?: unknown }).code) !== "store-locked" || Date.now() + pause > deadline) throw this.failure(err);
      }
      await sleep(pause);
    }
  }

  async createMatch(m: StoredMatch): Promise<void> {
    await this.withRetry(() => this.insertMatch.run(m.id, m.game, JSON.stringify(m.options), m.seed, JSON.stringify(m.seats), m.createdAt));
  }

  loadMatch(id: string): Promise<{ match: StoredMatch; decisions: StoredDecision[] } | null> {
    return this.withRetry(() => {
      const row = this.selectMatch.get(id) as MatchRow | undefined;
      if (!row) return null;
      return { match: matchOfRow(row), decisions: (this.selectDecisions.all(id, 0) as DecisionRow[]).map(decisionOfRow) };
    });
  }

  decisionsAfter(id: string, version: number): Promise<StoredDecision[]> {
    return this.withRetry(() => (this.selectDecisions.all(id, version) as DecisionRow[]).map(decisionOfRow));
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
    // A batch waiting for a lock is retried whole (the transaction stored nothing); decisions
    // arriving meanwhile form the next batch (each match has one decision in flight at a time).
    this.withRetry(() => this.appendAll.immediate(batch)).then(
      (stored) => batch.forEach((b, i) => b.ok(stored[i])),
      (err: unknown) => {
        for (const b of batch) b.fail(err as Error);
      },
    );
  }

  close(): Promise<void> {
    this.db.close();
    return Promise.resolve();
  }
}
