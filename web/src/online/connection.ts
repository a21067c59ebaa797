/**
 * One browser's connection to a match on `muster serve` (src/server/protocol.ts, docs/web.md
 * "Online play"), as plain TypeScript so it runs in Node tests against a fake or the real server.
 *
 * The server is authoritative: this module sends `hello`, decisions with the version they were made
 * on, and `resync`; it keeps only what the server sent for this seat. It validates every message
 * with the protocol's schemas, asks for a fresh snapshot when a version was skipped or the server
 * calls ours stale, keeps the server's last refusal to show, and reconnects with growing delays
 * after a drop (the hello names the last version seen, so the server answers with a snapshot).
 */
import {
  CHAT_KEEP,
  CHAT_MAX,
  type ChatLine,
  type ChatLineMessage,
  chatTextSchema,
  type ErrorCode,
  type ErrorMessage,
  type MatchGameId,
  MAX_MESSAGE_BYTES,
  playerNameSchema,
  PROTOCOL_VERSION,
  type RematchState,
  serverMessageSchema,
  type SnapshotMessage,
  type TableMessage,
  type UpdateMessage,
} from "../../../src/server/protocol.js";

/** The part of a WebSocket this module uses (the browser's WebSocket and Node's both fit). */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type ConnectionStatus = "connecting" | "open" | "reconnecting" | "closed";

export interface LegalDecision {
  decision: unknown;
  text: string;
}

export interface MatchEvent {
  type: string;
  text: string;
  [key: string]: unknown;
}

export interface OnlineState {
  status: ConnectionStatus;
  matchId: string;
  /** This connection's seat (null: a spectator), once the server has answered the hello. */
  seat: string | null;
  game: MatchGameId | null;
  players: SnapshotMessage["players"];
  /** The last match version seen (0 before any snapshot). */
  version: number;
  /** True once a snapshot has arrived (the view below is the server's). */
  synced: boolean;
  /** This seat's view, exactly as the server sent it. */
  view: unknown;
  toMove: string | null;
  /** Every seat that may decide now: `toMove`, or in a game where seats choose at once (the Contest) each yet to choose. */
  deciders: string[];
  legal: LegalDecision[];
  result: SnapshotMessage["result"];
  /** Recent events as this seat may see them, oldest first (at most {@link EVENT_LIMIT}). */
  events: { version: number; by: string; event: MatchEvent }[];
  /** The server's last refusal (its message), cleared by the next decision this seat makes. */
  error: { code: ErrorCode | "protocol"; message: string } | null;
  /** A decision was sent and has no answer yet. */
  deciding: boolean;
  /** Reconnection attempts since the last open connection. */
  attempt: number;
  /** When the next reconnection attempt is due (ms from `now`), while reconnecting. */
  retryInMs: number | null;
  /** Set when the server refused the hello for good (an unknown match or a bad token): no more retries. */
  fatal: string | null;
  /** The match's recent chat, oldest first (plain text: shown as text, never as markup). */
  chat: ChatLine[];
  /** Who asked for a rematch, and once all agreed the new match (with this seat's own link). */
  rematch: RematchState;
}

export const EVENT_LIMIT = 300;

/** Whether this seat decides now (synced, its turn, the match not over, nothing in flight). */
export function isMyTurn(s: OnlineState): boolean {
  return s.synced && s.seat !== null && s.deciders.includes(s.seat) && s.result === null && !s.deciding;
}

/** Errors after which reconnecting cannot help. */
const FATAL_CODES: ReadonlySet<string> = new Set(["unknown-match", "bad-token"]);
/** Errors meaning this client's picture is out of date: ask for a fresh one. */
const RESYNC_CODES: ReadonlySet<string> = new Set(["stale-version", "conflict", "not-your-turn"]);

export interface ConnectionOptions {
  /** The WebSocket address (`ws://host/ws`). */
  url: string;
  matchId: string;
  /** The seat token; omitted for a spectator. */
  token?: string;
  /** The last version seen in an earlier visit (a resumed match), else 0. */
  version?: number;
  /** This seat's chosen name, sent with every hello (ignored for a spectator). */
  name?: string;
  socket: SocketFactory;
  timers?: Timers;
  /** First reconnection delay and the cap (ms); each attempt doubles it, plus up to 25% jitter. */
  backoff?: { baseMs: number; maxMs: number };
  /** A number in [0, 1) for the jitter (tests pass a fixed one). */
  random?: () => number;
  onChange?: (state: OnlineState) => void;
}

export function initialState(matchId: string, version = 0): OnlineState {
  return {
    status: "connecting",
    matchId,
    seat: null,
    game: null,
    players: [],
    version,
    synced: false,
    view: null,
    toMove: null,
    deciders: [],
    legal: [],
    result: null,
    events: [],
    error: null,
    deciding: false,
    attempt: 0,
    retryInMs: null,
    fatal: null,
    chat: [],
    rematch: { wants: [], next: null },
  };
}

/** The problem with a name or chat line as the server would see it, or null (protocol.ts: plain text, bounded). */
export function talkProblem(kind: "name" | "chat", text: string): string | null {
  const r = (kind === "name" ? playerNameSchema : chatTextSchema).safeParse(text);
  return r.success ? null : r.error.issues[0].message;
}

export { CHAT_MAX };

/** The delay before reconnection attempt `attempt` (1 for the first). */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: number): number {
  const plain = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(plain * (1 + 0.25 * random));
}

export class MatchConnection {
  private socket: SocketLike | null = null;
  private retryTimer: unknown = null;
  private stopped = false;
  private requestCounter = 0;
  private readonly timers: Timers;
  private readonly backoff: { baseMs: number; maxMs: number };
  private readonly random: () => number;
  private _state: OnlineState;

  constructor(private readonly opts: ConnectionOptions) {
    this.timers = opts.timers ?? { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };
    this.backoff = opts.backoff ?? { baseMs: 500, maxMs: 30_000 };
    this.random = opts.random ?? Math.random;
    this._state = initialState(opts.matchId, opts.version ?? 0);
  }

  get state(): OnlineState {
    return this._state;
  }

  /** Whether this seat decides now (and nothing is in flight). */
  get myTurn(): boolean {
    return isMyTurn(this._state);
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Closes for good (leaving the page). */
  close(): void {
    this.stopped = true;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const s = this.socket;
    this.socket = null;
    if (s) {
      s.onclose = s.onmessage = s.onerror = s.onopen = null;
      s.close(1000, "left");
    }
    this.set({ status: "closed", retryInMs: null });
  }

  /** Sends a decision made on the version shown; false when there is no open connection. */
  decide(decision: unknown): boolean {
    if (this._state.status !== "open" || !this.socket) {
      this.set({ error: { code: "protocol", message: "not connected: the decision was not sent (reconnecting…)" } });
      return false;
    }
    const requestId = `d${++this.requestCounter}`;
    const text = JSON.stringify({ type: "decide", version: this._state.version, decision, requestId });
    if (text.length > MAX_MESSAGE_BYTES) {
      this.set({ error: { code: "too-large", message: `the decision is larger than ${MAX_MESSAGE_BYTES} bytes` } });
      return false;
    }
    this.socket.send(text);
    this.set({ deciding: true, error: null });
    return true;
  }

  /** Sends a table-talk message (name, chat, rematch); false when it was not sent. */
  private talk(msg: Record<string, unknown>): boolean {
    if (this._state.status !== "open" || !this.socket) {
      this.set({ error: { code: "protocol", message: "not connected: not sent (reconnecting…)" } });
      return false;
    }
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  /** Names this seat (checked first as the server will); the name goes with every later hello too. */
  setName(name: string): boolean {
    const problem = talkProblem("name", name);
    if (problem) {
      this.set({ error: { code: "bad-message", message: problem } });
      return false;
    }
    this.opts.name = name.trim();
    return this.talk({ type: "name", name });
  }

  /** Says a line in the match's chat. */
  chat(text: string): boolean {
    const problem = talkProblem("chat", text);
    if (problem) {
      this.set({ error: { code: "bad-message", message: problem } });
      return false;
    }
    return this.talk({ type: "chat", text });
  }

  /** Asks for (or withdraws) a rematch of the finished match. */
  rematch(agree: boolean): boolean {
    return this.talk({ type: "rematch", agree });
  }

  /** Asks the server for a fresh snapshot of this seat. */
  resync(): void {
    if (this._state.status === "open" && this.socket) this.socket.send(JSON.stringify({ type: "resync", version: this._state.version }));
  }

  private set(patch: Partial<OnlineState>): void {
    this._state = { ...this._state, ...patch };
    this.opts.onChange?.(this._state);
  }

  private open(): void {
    if (this.stopped) return;
    this.retryTimer = null;
    let socket: SocketLike;
    try {
      socket = this.opts.socket(this.opts.url);
    } catch (err) {
      this.set({ error: { code: "protocol", message: `cannot connect: ${(err as Error).message}` } });
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.set({ status: this._state.attempt > 0 ? "reconnecting" : "connecting", retryInMs: null });
    socket.onopen = () => {
      const hello: Record<string, unknown> = { type: "hello", matchId: this.opts.matchId, version: this._state.version };
      if (this.opts.token) hello.token = this.opts.token;
      if (this.opts.token && this.opts.name && talkProblem("name", this.opts.name) === null) hello.name = this.opts.name;
      socket.send(JSON.stringify(hello));
    };
    socket.onmessage = (ev) => {
      if (this.socket === socket) this.receive(ev.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.stopped || this._state.fatal) {
        this.set({ status: "closed", deciding: false });
        return;
      }
      this.scheduleReconnect();
    };
    socket.onerror = () => {
      // A close event follows; reconnection is handled there.
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const attempt = this._state.attempt + 1;
    const delay = backoffDelay(attempt, this.backoff.baseMs, this.backoff.maxMs, this.random());
    this.set({ status: "reconnecting", attempt, retryInMs: delay, deciding: false });
    this.retryTimer = this.timers.setTimeout(() => this.open(), delay);
  }

  /** Handles one message from the server (public for tests that feed messages directly). */
  receive(data: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(typeof data === "string" ? data : String(data));
    } catch {
      this.set({ error: { code: "protocol", message: "the server sent a message that is not JSON" } });
      return;
    }
    const parsed = serverMessageSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.set({ error: { code: "protocol", message: `the server sent a message this page does not understand (${issue.path.join(".") || "type"}: ${issue.message})` } });
      return;
    }
    const msg = parsed.data;
    switch (msg.type) {
      case "snapshot":
        return this.snapshot(msg);
      case "update":
        return this.update(msg);
      case "accepted":
        // The matching update follows; until then the decision is still "in flight".
        return;
      case "error":
        return this.refused(msg);
      case "table":
        return this.table(msg);
      case "chat":
        return this.chatLine(msg);
    }
  }

  private snapshot(msg: SnapshotMessage): void {
    if (msg.protocol !== PROTOCOL_VERSION) {
      this.set({ error: { code: "protocol", message: `the server speaks protocol ${String(msg.protocol)}, this page ${PROTOCOL_VERSION}: reload the page` } });
      return;
    }
    this.set({
      status: "open",
      attempt: 0,
      retryInMs: null,
      seat: msg.seat,
      game: msg.game,
      players: msg.players,
      version: msg.version,
      synced: true,
      view: msg.view,
      toMove: msg.toMove,
      deciders: msg.deciding,
      legal: msg.legal,
      result: msg.result,
      deciding: false,
      chat: msg.chat,
      rematch: msg.rematch,
    });
  }

  private table(msg: TableMessage): void {
    if (!this._state.synced) return;
    this.set({ players: msg.players, rematch: msg.rematch });
  }

  private chatLine(msg: ChatLineMessage): void {
    if (!this._state.synced) return;
    const chat = this._state.chat.concat([msg.line]);
    this.set({ chat: chat.length > CHAT_KEEP ? chat.slice(chat.length - CHAT_KEEP) : chat });
  }

  private update(msg: UpdateMessage): void {
    const s = this._state;
    if (!s.synced || msg.version <= s.version) return; // before the first snapshot, or already seen
    if (msg.version !== s.version + 1) {
      // A version was missed: our picture is out of date, ask for a fresh one.
      this.resync();
      return;
    }
    const events = s.events.concat(msg.events.map((event) => ({ version: msg.version, by: msg.by, event: event as MatchEvent })));
    this.set({
      version: msg.version,
      view: msg.view,
      toMove: msg.toMove,
      deciders: msg.deciding,
      legal: msg.legal,
      result: msg.result,
      events: events.length > EVENT_LIMIT ? events.slice(events.length - EVENT_LIMIT) : events,
      deciding: msg.by === s.seat ? false : s.deciding,
    });
  }

  private refused(msg: ErrorMessage): void {
    if (FATAL_CODES.has(msg.code) && !this._state.synced) {
      this.set({ fatal: msg.message, error: { code: msg.code, message: msg.message }, deciding: false });
      this.socket?.close(1000, "refused");
      return;
    }
    this.set({ error: { code: msg.code, message: msg.message }, deciding: false });
    if (RESYNC_CODES.has(msg.code) || (msg.version !== null && msg.version !== this._state.version)) this.resync();
  }
}

/** The WebSocket address of the server that served this page. */
export function socketUrl(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === "https:" ? "wss:" : "ws:"}//${loc.host}/ws`;
}
