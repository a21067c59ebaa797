/**
 * The Fastify application of `muster serve`: the web app's static files, `GET /health`, match
 * creation, and the WebSocket endpoint of online play (protocol.ts, docs/server.md). Request
 * logging is off: invitation links carry seat tokens, which must appear in no log.
 */
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import type { PlayerId } from "../core/game.js";
import { RequestError } from "./games.js";
import { AddressBuckets, DEFAULT_LIMITS, ServerBusyError, type ServerLimits } from "./limits.js";
import type { LiveMatch, MatchService, Watcher } from "./matches.js";
import {
  CLIENT_MESSAGE_TYPES,
  clientMessageSchema,
  createMatchRequestSchema,
  type CreateMatchResponse,
  type ErrorCode,
  type HealthResponse,
  MAX_MESSAGE_BYTES,
  type MatchSummary,
  type ServerMessage,
} from "./protocol.js";
import { staticFile, warmCompressed } from "./static.js";
import { StoreError } from "./store-errors.js";

export interface AppOptions {
  service: MatchService;
  /** The built web app's folder (web/dist), or null to serve no files. */
  webRoot: string | null;
  /** The package version for /health. */
  version: string;
  /** Messages per second a connection may keep sending (default 20), and the burst (default 40). */
  rate?: { perSecond: number; burst: number };
  /** Per-address and per-process bounds (limits.ts). */
  limits?: ServerLimits;
  /** Take the client's address from X-Forwarded-For (only behind one's own proxy). */
  trustProxy?: boolean;
}

/**
 * Table talk per connection (chat lines, renames and rematch requests together, each told to
 * every connection to the match): a burst of 5, then one every 2 s.
 */
export const TALK_RATE = { perSecond: 0.5, burst: 5 };

/** A connection that keeps flooding after this many refused messages is closed. */
const FLOOD_CLOSE_AFTER = 200;

/** Per-connection token bucket: a flood is refused message by message, then the connection closed. */
class RateLimit {
  private tokens: number;
  private last = Date.now();
  refusedInRow = 0;
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {
    this.tokens = burst;
  }
  take(): boolean {
    const now = Date.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond);
    this.last = now;
    if (this.tokens < 1) {
      this.refusedInRow++;
      return false;
    }
    this.tokens -= 1;
    this.refusedInRow = 0;
    return true;
  }
}

/**
 * What a WebSocket client is told when an operation failed: a store fault or the process's bound
 * by its name (the codes HTTP answers with 503), anything else as `server-error` with `fallback`.
 * Never the internal message: it may hold the database's path or the engine's words.
 */
function failureOf(err: unknown, fallback: string): { code: ErrorCode; message: string } {
  if (err instanceof StoreError) return { code: err.fault, message: err.clientMessage };
  if (err instanceof ServerBusyError) return { code: err.code, message: err.message };
  return { code: "server-error", message: fallback };
}

function zodProblem(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): { field: string; message: string } {
  const issue = error.issues[0];
  const field = issue.path.map(String).join(".") || "(message)";
  return { field, message: `${field}: ${issue.message}` };
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { service } = opts;
  const rate = opts.rate ?? { perSecond: 20, burst: 40 };
  // No logger at all, so no request is ever logged: URLs may carry tokens (issue 18).
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024, trustProxy: opts.trustProxy ?? false });
  const limits = opts.limits ?? DEFAULT_LIMITS;
  guardAddresses(app, limits);
  // ws closes a connection above maxPayload; below it, our own limit answers with a clear error.
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  app.setErrorHandler((err: { statusCode?: number; message: string }, _req, reply) => {
    // The store's faults are logged where they happen (once per kind); the client gets the fault's name.
    if (err instanceof StoreError) return reply.code(503).header("retry-after", "5").send({ error: err.fault, message: err.clientMessage });
    if (err instanceof ServerBusyError) return reply.code(503).header("retry-after", "30").send({ error: err.code, message: err.message });
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    void reply.code(status).send({ error: status === 500 ? "server-error" : "bad-request", message: status === 500 ? "internal error" : err.message });
  });

  app.get("/health", (): HealthResponse => ({ version: opts.version, store: service.store.kind }));

  app.post("/api/matches", async (req, reply) => {
    const parsed = createMatchRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const p = zodProblem(parsed.error);
      return reply.code(400).send({ error: "bad-request", message: p.message, field: p.field });
    }
    try {
      const { match, tokens } = await service.create(parsed.data);
      const id = match.stored.id;
      const body: CreateMatchResponse = {
        matchId: id,
        game: match.gameId,
        version: match.version,
        seats: match.stored.seats.map((s) => {
          const name = match.game.playerNames[s.seat] ?? s.seat;
          if (s.kind === "computer") return { seat: s.seat, name, kind: "computer" as const, computer: s.computer };
          return { seat: s.seat, name, kind: "human" as const, token: tokens[s.seat], link: `/#/play?match=${id}&seat=${tokens[s.seat]}` };
        }),
        spectatorLink: `/#/play?match=${id}`,
      };
      return reply.code(201).send(body);
    } catch (err) {
      if (err instanceof RequestError) return reply.code(400).send({ error: err.code, message: err.message, ...(err.field ? { field: err.field } : {}) });
      throw err;
    }
  });

  app.get<{ Params: { id: string } }>("/api/matches/:id", async (req, reply) => {
    const match = /^[A-Za-z0-9_-]{8,64}$/.test(req.params.id) ? await service.get(req.params.id) : null;
    if (!match) return reply.code(404).send({ error: "unknown-match", message: `no match ${req.params.id}` });
    const connected = new Set([...match.watchers].map((w) => w.seat));
    const summary: MatchSummary = {
      matchId: match.stored.id,
      game: match.gameId,
      title: match.game.title,
      version: match.version,
      seats: service.seatInfo(match).map((s) => ({ ...s, connected: s.kind === "computer" || connected.has(s.seat) })),
      ...service.turnOf(match),
    };
    return summary;
  });

  app.get("/ws", { websocket: true }, (socket: WebSocket) => {
    handleConnection(service, socket, rate);
    closeWithoutHello(socket, limits.helloSeconds * 1000);
  });

  if (opts.webRoot !== null) {
    const root = opts.webRoot;
    warmCompressed(root);
    app.get("/*", async (req, reply) => {
      const file = await staticFile(root, req.url, req.headers["accept-encoding"]);
      if (!file) return reply.code(404).type("text/plain; charset=utf-8").send("not found\n");
      return reply.headers(file.headers).send(file.body);
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.method !== "GET" && req.method !== "HEAD") return reply.code(405).header("allow", "GET, HEAD").type("text/plain; charset=utf-8").send("method not allowed\n");
    return reply.code(404).type("text/plain; charset=utf-8").send("not found\n");
  });

  return app;
}

/**
 * Per-address bounds, checked before any work: match creation and new connections are rate
 * limited (429 with Retry-After), and an address may hold only so many connections open at once.
 */
function guardAddresses(app: FastifyInstance, limits: ServerLimits): void {
  const creations = new AddressBuckets(limits.createPerMinute);
  const connections = new AddressBuckets(limits.connectPerMinute);
  const open = new Map<string, number>();
  app.addHook("onRequest", (req, reply, done) => {
    const path = req.url.split("?")[0];
    if (req.method === "POST" && path === "/api/matches" && !creations.take(req.ip)) {
      void reply
        .code(429)
        .header("retry-after", String(creations.waitSeconds(req.ip)))
        .send({ error: "rate-limited", message: `too many matches created from your address: at most ${limits.createPerMinute} a minute; try again in ${creations.waitSeconds(req.ip)} s` });
      return;
    }
    if (path === "/ws") {
      // A refused upgrade gets its answer and loses its socket (nothing else will ever use it).
      const refuse = (retryAfter: number, message: string) => {
        reply.raw.once("finish", () => req.raw.socket.destroy());
        void reply.code(429).header("retry-after", String(retryAfter)).header("connection", "close").send({ error: "rate-limited", message });
      };
      if ((open.get(req.ip) ?? 0) >= limits.connectionsPerAddress) return refuse(10, `too many open connections from your address: at most ${limits.connectionsPerAddress}`);
      if (!connections.take(req.ip)) return refuse(connections.waitSeconds(req.ip), `too many connections opened from your address: at most ${limits.connectPerMinute} a minute`);
      const ip = req.ip;
      open.set(ip, (open.get(ip) ?? 0) + 1);
      let counted = true;
      const uncount = () => {
        if (!counted) return;
        counted = false;
        const n = (open.get(ip) ?? 1) - 1;
        if (n <= 0) open.delete(ip);
        else open.set(ip, n);
      };
      req.raw.socket.once("close", uncount);
    }
    done();
  });
}

/** A connection must say hello within `ms`: one that never does is closed (code 1008), so idle sockets cannot pile up. */
function closeWithoutHello(socket: WebSocket, ms: number): void {
  let greeted = false;
  const timer = setTimeout(() => {
    if (!greeted && socket.readyState === socket.OPEN) socket.close(1008, "no hello in time");
  }, ms);
  timer.unref();
  socket.on("message", (data: Buffer | ArrayBuffer | Buffer[]) => {
    if (greeted) return;
    const text = Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data as ArrayBuffer).toString("utf8");
    if (/"type"\s*:\s*"hello"/.test(text.slice(0, 4096))) {
      greeted = true;
      clearTimeout(timer);
    }
  });
  socket.on("close", () => clearTimeout(timer));
}

/** One WebSocket client: `hello` first, then decisions and resyncs; every reply built by seat-output. */
function handleConnection(service: MatchService, socket: WebSocket, rate: { perSecond: number; burst: number }): void {
  const limit = new RateLimit(rate.perSecond, rate.burst);
  const talk = new RateLimit(TALK_RATE.perSecond, TALK_RATE.burst);
  let match: LiveMatch | null = null;
  let watcher: Watcher | null = null;
  let joining = false;
  const send = (message: ServerMessage) => {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  };
  const spectator: Watcher = { seat: null, send };
  const refuse = (code: ErrorCode, message: string, requestId?: string) =>
    service.tell(match, watcher ?? spectator, { kind: "error", version: match ? match.version : null, code, message, ...(requestId === undefined ? {} : { requestId }) });

  socket.on("close", () => {
    if (match && watcher) {
      match.watchers.delete(watcher);
      service.release(match);
    }
  });

  // Each message is handled in isolation: whatever throws (a rules fault marks its match broken in
  // matches.ts) is logged and answered, and never reaches the process (issue 24).
  socket.on("message", (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    try {
      onMessage(data, isBinary);
    } catch (err) {
      service.reportError(err);
      refuse("server-error", "the message could not be handled; nothing changed: resync and try again");
    }
  });

  const onMessage = (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean): void => {
    if (!limit.take()) {
      if (limit.refusedInRow === 1) refuse("rate-limited", `too many messages: at most ${rate.perSecond} a second (bursts of ${rate.burst}); this one was ignored`);
      if (limit.refusedInRow >= FLOOD_CLOSE_AFTER) socket.close(1008, "flooding");
      return;
    }
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    if (bytes.length > MAX_MESSAGE_BYTES) return refuse("too-large", `message of ${bytes.length} bytes: at most ${MAX_MESSAGE_BYTES}`);
    if (isBinary) return refuse("bad-message", "binary frames are not understood: send JSON text");
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString("utf8"));
    } catch {
      return refuse("malformed-json", "the message is not valid JSON");
    }
    const parsed = clientMessageSchema.safeParse(json);
    if (!parsed.success) {
      const type = json !== null && typeof json === "object" && "type" in json ? (json as { type: unknown }).type : undefined;
      if (typeof type === "string" && !(CLIENT_MESSAGE_TYPES as readonly string[]).includes(type)) return refuse("bad-message", `unknown message type "${type.slice(0, 40)}": expected ${CLIENT_MESSAGE_TYPES.join(", ")}`);
      return refuse("bad-message", zodProblem(parsed.error).message);
    }
    const msg = parsed.data;
    if (msg.type === "hello") {
      if (match || joining) return refuse("already-joined", "this connection has joined a match already; open another to join a second");
      joining = true;
      void service.get(msg.matchId).then(
        (m) => {
          joining = false;
          if (!m) return refuse("unknown-match", `no match ${msg.matchId}`);
          const seat: PlayerId | null | "bad-token" = service.seatOf(m, msg.token);
          if (seat === "bad-token") return refuse("bad-token", "the seat token opens no seat of this match: check the invitation link");
          match = m;
          watcher = { seat, send };
          if (socket.readyState !== socket.OPEN) return;
          m.watchers.add(watcher);
          // The name first, so the snapshot already shows it (the others get a `table`).
          if (seat !== null && msg.name !== undefined) service.setName(m, seat, msg.name);
          service.snapshot(m, watcher);
        },
        (err: unknown) => {
          joining = false;
          // A store fault was logged by the store; anything else is news for the log.
          if (!(err instanceof StoreError) && !(err instanceof ServerBusyError)) service.reportError(err);
          const f = failureOf(err, "the match could not be loaded; try again");
          refuse(f.code, f.message);
        },
      ).catch((err: unknown) => {
        service.reportError(err);
        refuse("server-error", "the match could not be opened; try again");
      });
      return;
    }
    if (!match || !watcher) return refuse("not-joined", "send hello (match id, seat token) first");
    if (msg.type === "resync") return service.resync(match, watcher);
    if (msg.type === "name" || msg.type === "chat" || msg.type === "rematch") {
      if (watcher.seat === null) return refuse("spectator", `spectators cannot ${msg.type === "chat" ? "chat" : msg.type === "name" ? "take a name" : "ask for a rematch"}: only the seats can; spectators read the chat`);
      if (!talk.take()) return refuse("rate-limited", `too much table talk: at most ${TALK_RATE.burst} chat lines, names or rematch requests at once, then one every ${1 / TALK_RATE.perSecond} s; this one was not sent`);
      if (msg.type === "name") return service.setName(match, watcher.seat, msg.name);
      if (msg.type === "chat") return service.say(match, watcher.seat, msg.text);
      const m = match;
      const w = watcher;
      void service
        .rematch(m, watcher.seat, msg.agree)
        .then(
          (r) => {
            if (!r.ok) service.tell(m, w, { kind: "error", version: m.version, code: r.code, message: r.message });
          },
          (err: unknown) => {
            const busy = err instanceof ServerBusyError || err instanceof StoreError;
            if (!busy) service.reportError(err);
            service.tell(m, w, { kind: "error", version: m.version, code: err instanceof ServerBusyError ? "server-busy" : "server-error", message: "the rematch could not be created now; ask again in a moment" });
          },
        )
        .catch((err: unknown) => service.reportError(err));
      return;
    }
    if (watcher.seat === null) return refuse("spectator", "spectators cannot decide: open the match with a seat's invitation link", msg.requestId);
    const m = match;
    const w = watcher;
    const seat = watcher.seat;
    void service
      .decide(m, seat, msg.version, msg.decision, (version) => service.tell(m, w, { kind: "accepted", matchId: m.stored.id, version, ...(msg.requestId === undefined ? {} : { requestId: msg.requestId }) }))
      .then(
        (r) => {
          if (!r.ok) service.tell(m, w, { kind: "error", version: r.version, code: r.code, message: r.message, ...(msg.requestId === undefined ? {} : { requestId: msg.requestId }) });
        },
        (err: unknown) => {
          if (!(err instanceof StoreError)) service.reportError(err);
          const f = failureOf(err, "the decision could not be stored; nothing changed: resync and try again");
          service.tell(m, w, { kind: "error", version: m.version, code: f.code, message: f.message, ...(msg.requestId === undefined ? {} : { requestId: msg.requestId }) });
        },
      )
      .catch((err: unknown) => service.reportError(err));
  };
}
