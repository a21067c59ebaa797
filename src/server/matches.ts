/**
 * Live matches: created, loaded from the store (state rebuilt from setup, seed and decisions),
 * decided on, and fanned out to the connections watching them. One operation at a time per match
 * (a promise chain), and every accepted decision is in the store before any client hears of it.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { type BaseState, decidersOf, type GameEvent, mayDecide, type PlayerId, play } from "../core/game.js";
import type { AnyGame } from "../core/records.js";
import type { ComputerRunner } from "./computer.js";
import { computerPlayersFor, isMatchGame, matchGame, matchOptions, RequestError, setupMatch } from "./games.js";
import { ServerBusyError } from "./limits.js";
import type { CreateMatchRequest, ErrorCode, MatchGameId, SeatConfig, ServerMessage } from "./protocol.js";
import { type Audience, messageFor, type Outgoing, type SeatInfo } from "./seat-output.js";
import type { MatchStore, StoredDecision, StoredMatch, StoredSeat } from "./store.js";
import { addChatLine, allAgree, emptyTable, type MatchTable, rematchSeats } from "./table.js";

/** A connection watching a match: its audience and how to send it one built message. */
export interface Watcher extends Audience {
  send(message: ServerMessage): void;
}

export interface LiveMatch {
  readonly stored: StoredMatch;
  readonly game: AnyGame;
  readonly gameId: MatchGameId;
  state: BaseState;
  version: number;
  readonly watchers: Set<Watcher>;
  /** The tail of this match's operation chain. */
  chain: Promise<unknown>;
  thinking: boolean;
  /** Operations queued or running on the chain (a match with some is never released). */
  pending: number;
  /** When something last happened to it (Date.now()): a decision, a watcher leaving, a load. */
  lastActive: number;
  /**
   * Why the match cannot go on, or null: a rules function threw on its state (a fault in the
   * rules or in options that slipped past their schema). Its seats are told, no game function is
   * called on it again, and the rest of the server carries on. Kept in memory only: a restarted
   * server replays the match and finds the same (or a fixed) fault.
   */
  broken: string | null;
  /** Names, chat and rematch (table.ts). */
  readonly table: MatchTable;
  /**
   * In a game where seats choose at once: for each seat that may decide, the version since which
   * it has been free to (only other seats decided since). A decision made on any version from
   * there on is taken, so neither seat is turned away as stale because the other chose first.
   */
  decidingSince: Map<PlayerId, number>;
}

/** Thrown by {@link MatchService.rules} after the match was marked broken. */
export class MatchBrokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MatchBrokenError";
  }
}

export type DecideOutcome = { ok: true; version: number } | { ok: false; code: ErrorCode; message: string; version: number };

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, "hex");
  const y = Buffer.from(b, "hex");
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newId(bytes: number): string {
  return randomBytes(bytes).toString("base64url");
}

export interface MatchServiceOptions {
  store: MatchStore;
  dataRoot: string;
  computers: ComputerRunner;
  /** The seed of a new match (default: from the system's secure random generator); tests fix it. */
  newSeed?: () => number;
  /** Called with unexpected errors (a computer player failing, a store error in the background). */
  onError?: (err: unknown) => void;
  /** Operational log lines (the PostgreSQL listener lost and re-established); default: to onError. */
  log?: (line: string) => void;
  /** Matches held in memory at most (default 10,000), and after how long an unwatched quiet one is released (default 120 s). */
  openMatches?: number;
  idleMs?: number;
}

export class MatchService {
  private readonly live = new Map<string, Promise<LiveMatch | null>>();
  /** The loaded ones of `live`, for the idle sweep and the PostgreSQL catch-up. */
  private readonly loaded = new Map<string, LiveMatch>();
  private closed = false;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly opts: MatchServiceOptions) {
    const idle = this.idleMs;
    this.sweeper = setInterval(() => this.sweep(Date.now() - idle), Math.max(50, Math.min(30_000, idle / 4)));
    this.sweeper.unref();
  }

  private get idleMs(): number {
    return this.opts.idleMs ?? 120_000;
  }

  private log(line: string): void {
    if (this.opts.log) this.opts.log(line);
    else this.opts.onError?.(new Error(line));
  }

  /**
   * Releases every loaded match nobody watches, no computer player thinks for and no operation is
   * pending on, that has been quiet since `before`; returns how many.
   */
  private sweep(before: number): number {
    let released = 0;
    for (const [id, m] of this.loaded) {
      if (m.watchers.size > 0 || m.thinking || m.pending > 0 || m.lastActive > before) continue;
      this.loaded.delete(id);
      this.live.delete(id);
      released++;
    }
    return released;
  }

  /** Room for one more match in memory: when full, quiet unwatched matches are released early; else `server-busy`. */
  private makeRoom(): void {
    const max = this.opts.openMatches ?? 10_000;
    if (this.live.size < max) return;
    this.sweep(Infinity);
    if (this.live.size >= max) throw new ServerBusyError(`the server holds its limit of ${max} open matches; try again later`);
  }

  private remember(match: LiveMatch): LiveMatch {
    this.loaded.set(match.stored.id, match);
    return match;
  }

  get store(): MatchStore {
    return this.opts.store;
  }

  /** Listens for decisions other processes store (PostgreSQL), to bring cached matches up to date. */
  async listen(): Promise<void> {
    await this.opts.store.onRemoteDecision?.(
      (id, version, decision) => {
        const cached = this.live.get(id);
        if (!cached) return;
        void cached.then((m) => {
          if (m && version > m.version) void this.serialise(m, () => this.catchUp(m, decision)).catch((err: unknown) => this.opts.onError?.(err));
        });
      },
      {
        lost: (err) => this.log(`PostgreSQL: the LISTEN connection was lost (${err.message}); reconnecting`),
        // Notifications sent while the listener was away are gone: every match held is read again.
        restored: (downMs) =>
          void this.catchUpAll().then(
            ({ matches, decisions }) => this.log(`PostgreSQL: LISTEN re-established after ${downMs} ms; caught up on ${matches} matches held (${decisions} decisions missed)`),
            (err: unknown) => this.log(`PostgreSQL: LISTEN re-established after ${downMs} ms, but catching up failed (${(err as Error).message}); seats catch up on their next decision or resync`),
          ),
      },
    );
  }

  /** Brings every loaded match up to the store's version (after the PostgreSQL listener was away). */
  async catchUpAll(): Promise<{ matches: number; decisions: number }> {
    const all = [...this.loaded.values()];
    const before = all.reduce((n, m) => n + m.version, 0);
    await Promise.all(all.map((m) => this.serialise(m, () => this.catchUp(m))));
    return { matches: all.length, decisions: all.reduce((n, m) => n + m.version, 0) - before };
  }

  /** A fresh snapshot; with PostgreSQL first the decisions other processes stored (a listener may have been away). */
  resync(match: LiveMatch, watcher: Watcher): void {
    if (this.opts.store.kind !== "postgres") return this.snapshot(match, watcher);
    this.serialise(match, () => this.catchUp(match)).then(
      () => this.snapshot(match, watcher),
      () => this.snapshot(match, watcher),
    );
  }

  /** Creates a match; returns its id and each human seat's token (shown once, stored only hashed). */
  async create(req: CreateMatchRequest): Promise<{ match: LiveMatch; tokens: Record<PlayerId, string> }> {
    this.makeRoom();
    if (!isMatchGame(req.game)) throw new RequestError("bad-request", `game: unknown game "${String(req.game)}"`, "game");
    const game = matchGame(req.game);
    const options = matchOptions(this.opts.dataRoot, req.game, req.scenario, req.options);
    for (const seat of Object.keys(req.seats ?? {})) {
      if (!game.players.includes(seat)) throw new RequestError("bad-request", `seats.${seat}: the ${game.title} has the seats ${game.players.join(", ")}`, `seats.${seat}`);
    }
    return this.createChecked(req.game, game, options, req.seats ?? {});
  }

  /** Creates a match from options already checked (a new match's, or a finished match's for its rematch). */
  private async createChecked(gameId: MatchGameId, game: AnyGame, options: unknown, seatConfigs: Record<PlayerId, SeatConfig>): Promise<{ match: LiveMatch; tokens: Record<PlayerId, string> }> {
    const req = { game: gameId, seats: seatConfigs };
    const seed = this.opts.newSeed ? this.opts.newSeed() : randomInt(0, 2_147_483_647);
    const state = setupMatch(game, options, seed);
    const tokens: Record<PlayerId, string> = {};
    const seats: StoredSeat[] = game.players.map((seat) => {
      const cfg = req.seats?.[seat] ?? { kind: "human" as const };
      if (cfg.kind === "computer") {
        const known = computerPlayersFor(game.id);
        if (!known.includes(cfg.player)) throw new RequestError("bad-request", `seats.${seat}.player: unknown computer player "${cfg.player}"; expected one of ${known.join(", ")}`, `seats.${seat}.player`);
        return { seat, kind: "computer", computer: cfg.player };
      }
      const token = newId(24);
      tokens[seat] = token;
      return { seat, kind: "human", tokenHash: hashToken(token) };
    });
    const stored: StoredMatch = { id: newId(16), game: req.game, options, seed, seats, createdAt: Date.now() };
    await this.opts.store.createMatch(stored);
    const match = this.remember(this.liveOf(stored, state, 0));
    this.noteDeciders(match, null);
    this.live.set(stored.id, Promise.resolve(match));
    this.maybeThink(match);
    return { match, tokens };
  }

  private liveOf(stored: StoredMatch, state: BaseState, version: number): LiveMatch {
    return { stored, game: matchGame(stored.game as MatchGameId), gameId: stored.game as MatchGameId, state, version, watchers: new Set(), chain: Promise.resolve(), thinking: false, pending: 0, lastActive: Date.now(), broken: null, table: emptyTable(), decidingSince: new Map() };
  }

  /** Updates {@link LiveMatch.decidingSince} after `by` decided (null: the match was just made or loaded). */
  private noteDeciders(match: LiveMatch, by: PlayerId | null): void {
    if (!match.game.mayDecide || match.broken) return;
    let deciders: PlayerId[];
    try {
      deciders = this.rules(match, "asking who may decide", () => decidersOf(match.game, match.state));
    } catch {
      return;
    }
    const since = new Map<PlayerId, number>();
    for (const p of deciders) since.set(p, p !== by && match.decidingSince.has(p) ? match.decidingSince.get(p)! : match.version);
    match.decidingSince = since;
  }

  /** Reports an unexpected error (the server's log). */
  reportError(err: unknown): void {
    this.opts.onError?.(err);
  }

  /**
   * Runs a rules function of the match's game. If it throws, the match is marked broken (its
   * seats are told with `match-broken`, the log gets the engine's own message) and
   * {@link MatchBrokenError} is thrown: one match's fault never reaches the others.
   */
  rules<T>(match: LiveMatch, during: string, fn: () => T): T {
    if (match.broken) throw new MatchBrokenError(match.broken);
    try {
      return fn();
    } catch (err) {
      this.markBroken(match, during, err);
      throw new MatchBrokenError(match.broken!);
    }
  }

  private markBroken(match: LiveMatch, during: string, err: unknown): void {
    if (match.broken) return;
    // The engine's message stays in the log: it may name what a seat may not see (issue 24).
    match.broken = `match ${match.stored.id} is broken: the ${match.game.title}'s rules failed while ${during}; it cannot go on (the server's log has the details)`;
    const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    this.opts.onError?.(new Error(`match ${match.stored.id} broken while ${during} at version ${match.version}: ${detail}`));
    for (const w of match.watchers) w.send(this.brokenMessage(match));
  }

  private brokenMessage(match: LiveMatch): ServerMessage {
    return { type: "error", version: match.version, code: "match-broken", message: match.broken ?? "the match is broken" };
  }

  /** The match, loaded from the store and rebuilt by replaying its decisions, or null. */
  get(id: string): Promise<LiveMatch | null> {
    let p = this.live.get(id);
    if (!p) {
      try {
        this.makeRoom();
      } catch (err) {
        return Promise.reject(err as Error);
      }
      p = this.load(id);
      this.live.set(id, p);
      void p.then((m) => {
        if (!m) this.live.delete(id);
      }, () => this.live.delete(id));
    }
    return p;
  }

  private async load(id: string): Promise<LiveMatch | null> {
    const found = await this.opts.store.loadMatch(id);
    if (!found || !isMatchGame(found.match.game)) return null;
    const game = matchGame(found.match.game);
    // A match whose replay throws is served as broken; it must not take the process down.
    const match = this.remember(this.liveOf(found.match, {} as BaseState, 0));
    try {
      match.state = game.setup(found.match.options, found.match.seed);
      for (const d of found.decisions) {
        match.state = play(game, match.state, d.player, d.move).state;
        match.version = d.version;
      }
    } catch (err) {
      this.markBroken(match, `replaying its stored decisions (version ${match.version + 1})`, err);
      return match;
    }
    this.noteDeciders(match, null);
    this.maybeThink(match);
    return match;
  }

  /** The seat a token opens (null: a spectator), or an error when the token opens none. */
  seatOf(match: LiveMatch, token: string | undefined): PlayerId | null | "bad-token" {
    if (token === undefined) return null;
    const h = hashToken(token);
    const seat = match.stored.seats.find((s) => s.tokenHash !== undefined && sameHash(s.tokenHash, h));
    return seat ? seat.seat : "bad-token";
  }

  seatInfo(match: LiveMatch): SeatInfo[] {
    return match.stored.seats.map((s) => {
      const player = match.table.names[s.seat];
      return { seat: s.seat, name: match.game.playerNames[s.seat] ?? s.seat, kind: s.kind, ...(player === undefined ? {} : { player }) };
    });
  }

  /** Sends one message, built for the watcher's audience (the only way out, see seat-output.ts). */
  tell(match: LiveMatch | null, watcher: Watcher, out: Outgoing): void {
    if (!match) return watcher.send(messageFor(matchGame("shove"), watcher, out));
    // An error is built without the game; anything else for a broken match becomes its match-broken error.
    if (out.kind === "error") return watcher.send(messageFor(match.game, watcher, out));
    if (match.broken) return watcher.send(this.brokenMessage(match));
    let message: ServerMessage;
    try {
      message = this.rules(match, "building a seat's message", () => messageFor(match.game, watcher, out));
    } catch (err) {
      if (err instanceof MatchBrokenError) return; // every watcher has been told
      throw err;
    }
    watcher.send(message);
  }

  snapshot(match: LiveMatch, watcher: Watcher): void {
    this.tell(match, watcher, { kind: "snapshot", matchId: match.stored.id, game: match.gameId, seats: this.seatInfo(match), version: match.version, state: match.state, chat: match.table.chat, rematch: match.table.rematch });
  }

  /** Tells every connection to the match the table as it is now (names, rematch). */
  private tellTable(match: LiveMatch): void {
    for (const w of match.watchers) this.tell(match, w, { kind: "table", matchId: match.stored.id, version: match.version, seats: this.seatInfo(match), rematch: match.table.rematch });
  }

  /** A seat's player names himself (already checked: plain text, length; protocol.ts). */
  setName(match: LiveMatch, seat: PlayerId, name: string): void {
    if (match.table.names[seat] === name) return;
    match.table.names[seat] = name;
    this.tellTable(match);
  }

  /** A seat's chat line, to every connection to the match (checked and rate limited by the caller). */
  say(match: LiveMatch, seat: PlayerId, text: string): void {
    const line = { seat, name: match.table.names[seat] ?? match.game.playerNames[seat] ?? seat, text, at: Date.now() };
    addChatLine(match.table, line);
    for (const w of match.watchers) this.tell(match, w, { kind: "chat", matchId: match.stored.id, version: match.version, line });
  }

  /**
   * A seat asks for a rematch (or withdraws). Once every person's seat has asked, the new match is
   * created with the same options and the sides swapped; each seat learns its new link (only its
   * own, seat-output.ts), the names go with the players.
   */
  rematch(match: LiveMatch, seat: PlayerId, agree: boolean): Promise<{ ok: true } | { ok: false; code: ErrorCode; message: string }> {
    return this.serialise(match, async () => {
      if (match.broken) return { ok: false as const, code: "match-broken" as const, message: match.broken };
      const t = match.table.rematch;
      if (t.next !== null) {
        this.tellTable(match);
        return { ok: true as const };
      }
      if (this.turnOf(match).toMove !== null) return { ok: false as const, code: "not-over" as const, message: "a rematch can be asked for once the match is over" };
      t.wants = agree ? [...new Set([...t.wants, seat])] : t.wants.filter((s) => s !== seat);
      const humans = match.stored.seats.filter((s) => s.kind === "human").map((s) => s.seat);
      if (agree && allAgree(humans, t.wants)) {
        this.makeRoom();
        const moveTo = rematchSeats(match.game.players);
        const configs: Record<PlayerId, SeatConfig> = {};
        for (const s of match.stored.seats) configs[moveTo[s.seat]] = s.kind === "computer" && s.computer ? { kind: "computer", player: s.computer } : { kind: "human" };
        const { match: next, tokens } = await this.createChecked(match.gameId, match.game, match.stored.options, configs);
        for (const [old, name] of Object.entries(match.table.names)) next.table.names[moveTo[old]] = name;
        t.next = { matchId: next.stored.id, seats: Object.fromEntries(humans.map((s) => [s, { seat: moveTo[s], token: tokens[moveTo[s]] }])) };
      }
      this.tellTable(match);
      return { ok: true as const };
    });
  }

  /** Whose turn it is and whether the match is over (a broken match is neither: `broken` says why). */
  turnOf(match: LiveMatch): { toMove: PlayerId | null; deciding: PlayerId[]; finished: boolean; broken?: string } {
    if (match.broken) return { toMove: null, deciding: [], finished: false, broken: match.broken };
    try {
      const toMove = this.rules(match, "asking whose turn it is", () => match.game.toMove(match.state));
      const deciding = this.rules(match, "asking who may decide", () => decidersOf(match.game, match.state));
      return { toMove, deciding, finished: toMove === null };
    } catch {
      return { toMove: null, deciding: [], finished: false, broken: match.broken ?? "the match is broken" };
    }
  }

  /** Runs `op` after every earlier operation on the match. */
  serialise<T>(match: LiveMatch, op: () => Promise<T>): Promise<T> {
    match.pending++;
    const run = match.chain.then(op, op);
    match.chain = run.catch(() => undefined).finally(() => {
      match.pending--;
      match.lastActive = Date.now();
    });
    return run;
  }

  /** Applies decisions other processes stored since our version, telling the watchers. */
  private async catchUp(match: LiveMatch, known?: StoredDecision): Promise<void> {
    // The notification's own decision when it is the next one; otherwise ask the store.
    if (match.broken) return;
    const missed = known && known.version === match.version + 1 ? [known] : await this.opts.store.decisionsAfter(match.stored.id, match.version);
    for (const d of missed) {
      if (d.version !== match.version + 1) break;
      let applied: { state: BaseState; events: GameEvent[] };
      try {
        applied = this.rules(match, `applying decision ${d.version} stored by another process`, () => play(match.game, match.state, d.player, d.move));
      } catch (err) {
        if (err instanceof MatchBrokenError) return;
        throw err;
      }
      this.advance(match, d, applied.state, applied.events);
    }
    this.maybeThink(match);
  }

  private advance(match: LiveMatch, d: StoredDecision, state: BaseState, events: GameEvent[]): void {
    match.lastActive = Date.now();
    match.state = state;
    match.version = d.version;
    this.noteDeciders(match, d.player);
    for (const w of match.watchers) this.tell(match, w, { kind: "update", matchId: match.stored.id, version: match.version, by: d.player, events, state });
  }

  /**
   * A seat's decision made on `version`: checked by the engine, stored, then announced (`onStored`
   * first, for the sender's acknowledgement). Refusals change nothing.
   */
  decide(match: LiveMatch, seat: PlayerId, version: number, move: unknown, onStored?: (version: number) => void): Promise<DecideOutcome> {
    return this.serialise(match, async () => {
      const refuse = (code: ErrorCode, message: string): DecideOutcome => ({ ok: false, code, message, version: match.version });
      if (version > match.version) await this.catchUp(match);
      if (match.broken) return refuse("match-broken", match.broken);
      let applied: { state: BaseState; events: GameEvent[] };
      try {
        const toMove = this.rules(match, "asking whose turn it is", () => match.game.toMove(match.state));
        if (toMove === null) return refuse("game-over", "the match is over: no more decisions");
        const may = this.rules(match, "asking who may decide", () => mayDecide(match.game, match.state, seat));
        // Seats choosing at once: a decision made before the other seat's is still the seat's own (issue 24).
        const stillOpen = may && version < match.version && (match.decidingSince.get(seat) ?? Infinity) <= version;
        if (version !== match.version && !stillOpen) return refuse("stale-version", `decision made on version ${version}, but the match is at version ${match.version}: resync`);
        if (!may) return refuse("not-your-turn", `it is ${match.game.playerNames[toMove] ?? toMove}'s decision (seat ${toMove}), not yours (seat ${seat})`);
        // A refusal is the game's reason (validate); a throw is a fault of the rules, never shown to the seat.
        const reason = this.rules(match, "checking a decision", () => match.game.validate(match.state, seat, move));
        if (reason !== null) return refuse("illegal-decision", `illegal decision: ${reason}`);
        applied = this.rules(match, "applying a decision", () => match.game.apply(match.state, seat, move));
      } catch (err) {
        if (err instanceof MatchBrokenError) return refuse("match-broken", err.message);
        throw err;
      }
      const d: StoredDecision = { version: match.version + 1, player: seat, move };
      if (!(await this.opts.store.appendDecision(match.stored.id, d))) {
        await this.catchUp(match);
        return refuse("conflict", `another decision was stored first; the match is at version ${match.version}: resync`);
      }
      onStored?.(d.version);
      this.advance(match, d, applied.state, applied.events);
      this.maybeThink(match);
      return { ok: true, version: d.version };
    });
  }

  /** Lets a computer seat decide when it is its turn (in the background, off the request path). */
  private maybeThink(match: LiveMatch): void {
    if (this.closed || match.thinking || match.broken) return;
    let toMove: PlayerId | null;
    try {
      toMove = this.rules(match, "asking whose turn it is", () => match.game.toMove(match.state));
    } catch {
      return;
    }
    const seat = match.stored.seats.find((s) => s.seat === toMove);
    if (!seat || seat.kind !== "computer" || !seat.computer) return;
    match.thinking = true;
    const version = match.version;
    // A match with a person in it goes before computer-only ones in the computer players' queue.
    const forPerson = match.stored.seats.some((s) => s.kind === "human");
    this.opts.computers
      .choose({ game: match.gameId, player: seat.computer, matchSeed: match.stored.seed, seat: seat.seat, version, state: match.state, forPerson })
      .then(
        async (move) => {
          match.thinking = false;
          if (this.closed || match.version !== version) return this.maybeThink(match);
          const r = await this.decide(match, seat.seat, version, move);
          if (!r.ok && r.code !== "conflict" && r.code !== "stale-version") this.opts.onError?.(new Error(`computer player ${seat.computer}: ${r.message}`));
        },
        (err: unknown) => {
          match.thinking = false;
          // The computer player runs the rules on this state; when they throw, the match cannot go on.
          if (!this.closed) this.markBroken(match, `the computer player ${seat.computer} chose a decision`, err);
        },
      )
      .catch((err: unknown) => this.opts.onError?.(err));
  }

  /**
   * A watcher left: the match counts as quiet from now, and once nobody has watched it for the
   * idle time (and no computer player thinks for it) the sweep forgets it, so a long-running server
   * holds only the matches in play; it is reloaded from the store when someone comes back.
   */
  release(match: LiveMatch): void {
    match.lastActive = Date.now();
  }

  /** Matches held in memory (for the bench's memory per match). */
  get liveCount(): number {
    return this.live.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.sweeper);
    await this.opts.computers.close();
    await this.opts.store.close();
  }
}
