/**
 * The online-play protocol of `muster serve` (docs/server.md): the HTTP calls and the WebSocket
 * messages, as zod schemas so both ends validate what they receive.
 *
 * The server is authoritative. A client sends decisions, never state; the server checks each with
 * the game's rules, stores it, and then tells every seat what it may see (its own view, built by
 * one function on the server). Every game message in either direction carries `version`, the
 * match version: the number of decisions applied so far (0 right after setup). A client that sees
 * a version other than the one it expects (it missed an update, or reconnected later) sends
 * `resync` and gets a fresh `snapshot` of its seat.
 *
 * HTTP:
 * - `GET /health` → {@link HealthResponse}.
 * - `POST /api/matches` with {@link CreateMatchRequest} → 201 {@link CreateMatchResponse}, or 400
 *   {@link HttpError}. The response holds one invitation link per human seat; a link's seat token
 *   travels in the URL fragment (`#seat=…`), which browsers never send to a server, so it appears
 *   in no request line or log. Whoever holds a token plays that seat; without one a client is a
 *   spectator and sees only what every seat may see.
 * - `GET /api/matches/:id` → {@link MatchSummary} (public: game, seats, version, whose turn).
 *
 * WebSocket: `GET /ws` (upgrade). The first message is `hello`; then `decide`, `resync`, and the
 * table talk of seats: `name`, `chat` and `rematch` (docs/server.md, "Names, chat and rematch").
 * Every message is one JSON text frame; a client's are at most {@link MAX_MESSAGE_BYTES} bytes.
 */
import { z } from "zod";

/** Protocol revision, in `welcome`/`snapshot` so a client can refuse a server it does not understand. */
export const PROTOCOL_VERSION = 1;

/** Largest WebSocket message a client may send (larger ones are refused with `too-large`). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** The games a match may be created for (ids from src/rulesets/index.ts). */
export const MATCH_GAMES = ["shieldwall-battle", "shieldwall-duel", "shove", "contest-of-champions"] as const;
export type MatchGameId = (typeof MATCH_GAMES)[number];

/** A match version: decisions applied so far. */
export const versionSchema = z.number().int().min(0);

/** Match ids and seat tokens: URL-safe base64 from the server's random generator. */
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, "an id of 8 to 64 letters, digits, _ or -");

// ---- HTTP ----

export interface HealthResponse {
  /** The muster package version. */
  version: string;
  /** Which store keeps the matches. */
  store: "sqlite" | "postgres" | "memory";
}

/** How one side is played: by a person holding an invitation link, or by the server's computer player. */
export const seatConfigSchema = z.union([
  z.object({ kind: z.literal("human") }).strict(),
  z
    .object({
      kind: z.literal("computer"),
      /** A computer player's name: "random", "mcts" (small budget) or one of the ruleset's (e.g. "commander"). */
      player: z.string().min(1).max(40),
    })
    .strict(),
]);
export type SeatConfig = z.infer<typeof seatConfigSchema>;

export const createMatchRequestSchema = z
  .object({
    game: z.enum(MATCH_GAMES),
    /**
     * A shipped scenario or board by name (e.g. "maldon-991" for the battle, "narrow" for Shove),
     * or omitted for the game's default. Not together with `options`.
     */
    scenario: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "a shipped file's name: lower-case letters, digits and -")
      .optional(),
    /** The game's options as JSON, validated with the game's options schema (errors name the field). */
    options: z.unknown().optional(),
    /** Per seat (player id, e.g. "blue"): human (default) or a computer player. */
    seats: z.record(z.string(), seatConfigSchema).optional(),
  })
  .strict();
export type CreateMatchRequest = z.infer<typeof createMatchRequestSchema>;

export interface SeatInvitation {
  seat: string;
  /** The seat's display name from the game. */
  name: string;
  kind: "human" | "computer";
  /** Computer seats: the player's name. */
  computer?: string;
  /** Human seats: the secret seat token (give it only to that player). */
  token?: string;
  /** Human seats: the invitation link (`/#/play?match=ID&seat=TOKEN`: all of it in the fragment, which browsers never send to a server). */
  link?: string;
}

export interface CreateMatchResponse {
  matchId: string;
  game: MatchGameId;
  version: number;
  seats: SeatInvitation[];
  /** A link for spectators (public view only). */
  spectatorLink: string;
}

export interface MatchSummary {
  matchId: string;
  game: MatchGameId;
  title: string;
  version: number;
  seats: { seat: string; name: string; kind: "human" | "computer"; connected: boolean }[];
  toMove: string | null;
  /** Every seat that may decide now (see the snapshot's `deciding`). */
  deciding: string[];
  finished: boolean;
  /** Set when the match cannot go on: the rules failed on its state (error code `match-broken`). */
  broken?: string;
}

export interface HttpError {
  error: ErrorCode;
  message: string;
  /** The field at fault, when there is one (e.g. "options.board.width"). */
  field?: string;
}

// ---- WebSocket: client → server ----

/** Longest player name (characters), chat line, and chat lines a match keeps for late joiners. */
export const NAME_MAX = 24;
export const CHAT_MAX = 300;
export const CHAT_KEEP = 50;

/**
 * Plain text from a person: no control or format characters (no newlines, no bidirectional
 * overrides that would reverse what the others read), and not blank. The page shows it as text,
 * never as markup, so `<` and `&` are harmless and kept as typed.
 */
function plainText(max: number, what: string) {
  return z
    .string()
    .max(max * 2, `${what}: at most ${max} characters`)
    .transform((t) => t.trim().normalize("NFC"))
    .pipe(
      z
        .string()
        .min(1, `${what}: must not be blank`)
        .max(max, `${what}: at most ${max} characters`)
        .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u, `${what}: plain text only (no control or formatting characters)`),
    );
}

/** A seat's name as its player chose it (shown to the other seat and spectators). */
export const playerNameSchema = plainText(NAME_MAX, "name");
export const chatTextSchema = plainText(CHAT_MAX, "chat");

/** Join a match as a seat (with its token) or as a spectator (without). */
export const helloSchema = z
  .object({
    type: z.literal("hello"),
    matchId: idSchema,
    /** The seat token from the invitation link; omitted for a spectator. */
    token: idSchema.optional(),
    /** The last match version this client saw (0 for a first visit). */
    version: versionSchema,
    /** A seat's chosen name (ignored for a spectator); the page sends it with every hello. */
    name: playerNameSchema.optional(),
  })
  .strict();

/** A seat names itself (or renames); every connection to the match is told with `table`. */
export const nameSchema = z.object({ type: z.literal("name"), name: playerNameSchema }).strict();

/** A seat says something to everyone watching the match (seats only; rate limited on the server). */
export const chatSchema = z.object({ type: z.literal("chat"), text: chatTextSchema }).strict();

/**
 * A seat asks for (agree) or withdraws (not agree) a rematch of a finished match. When every
 * person's seat agrees (computer seats always do), the server creates the new match with the same
 * options and the sides swapped, and tells each seat its new seat's link (`table.rematch.next`).
 */
export const rematchSchema = z.object({ type: z.literal("rematch"), agree: z.boolean() }).strict();

/** A decision for the client's own seat, made on the state of match version `version`. */
export const decideSchema = z
  .object({
    type: z.literal("decide"),
    version: versionSchema,
    /** The decision, in the game's own shape (one of the `legal` entries of the last view). */
    decision: z.unknown(),
    /** Echoed in the answer, so a client can match an `accepted`/`error` to its request. */
    requestId: z.string().max(64).optional(),
  })
  .strict();

/** Ask for a fresh snapshot (after a gap in versions, or any doubt). */
export const resyncSchema = z
  .object({
    type: z.literal("resync"),
    version: versionSchema,
  })
  .strict();

export const clientMessageSchema = z.discriminatedUnion("type", [helloSchema, decideSchema, resyncSchema, nameSchema, chatSchema, rematchSchema]);
export const CLIENT_MESSAGE_TYPES = ["hello", "decide", "resync", "name", "chat", "rematch"] as const;
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type HelloMessage = z.infer<typeof helloSchema>;
export type DecideMessage = z.infer<typeof decideSchema>;
export type ResyncMessage = z.infer<typeof resyncSchema>;

// ---- WebSocket: server → client ----

/** An event as this seat may see it (the game's `viewEvent`). */
export const eventSchema = z.object({ type: z.string(), text: z.string() }).passthrough();

export const resultSchema = z.object({
  winner: z.string().nullable(),
  rewards: z.record(z.string(), z.number()),
  reason: z.string(),
  code: z.string().optional(),
});

/** Who this connection is: a seat (player id) or a spectator (null). */
const seatSchema = z.string().nullable();

/** A seat's display name from the game ("Red") and the name its player chose, if any. */
const playerSchema = z.object({ seat: z.string(), name: z.string(), kind: z.enum(["human", "computer"]), player: z.string().max(NAME_MAX).optional() });

export const chatLineSchema = z.object({
  seat: z.string(),
  /** The seat's name when it was said (the chosen one, else the game's). */
  name: z.string(),
  text: z.string().max(CHAT_MAX),
  /** Server time (ms since 1970). */
  at: z.number(),
});

/**
 * The rematch as this audience may know it: the seats that asked, and once all agreed the new
 * match; `seat` and `token` only for a seat, its own (a spectator gets the match id only).
 */
export const rematchStateSchema = z.object({
  wants: z.array(z.string()),
  next: z.object({ matchId: z.string(), seat: z.string().optional(), token: z.string().optional() }).nullable(),
});

/**
 * Everything a seat needs to draw the match at `version`: its own view (the game's `view` for the
 * seat; for a spectator, only what every seat sees), whose decision it is, and — when it is this
 * seat's — the legal decisions. Sent after `hello`, after `resync`, and whenever the server
 * decides a client must start afresh. The view never carries the random generator's state.
 */
export const snapshotSchema = z.object({
  type: z.literal("snapshot"),
  protocol: z.literal(PROTOCOL_VERSION),
  matchId: z.string(),
  game: z.enum(MATCH_GAMES),
  version: versionSchema,
  seat: seatSchema,
  players: z.array(playerSchema),
  /** The last {@link CHAT_KEEP} chat lines, oldest first. */
  chat: z.array(chatLineSchema).max(CHAT_KEEP).default([]),
  rematch: rematchStateSchema.default({ wants: [], next: null }),
  view: z.unknown(),
  toMove: z.string().nullable(),
  /**
   * Every seat that may decide now: `toMove` alone, or in a game where seats choose at once (the
   * Contest's secret cards) each that has yet to choose, in any order.
   */
  deciding: z.array(z.string()),
  /** This seat's legal decisions when the seat is among `deciding`; otherwise empty. */
  legal: z.array(z.object({ decision: z.unknown(), text: z.string() })),
  result: resultSchema.nullable(),
});

/**
 * One decision was applied (by any seat): the match is now at `version` (one more than before).
 * Carries the seat's new view and the events as the seat may see them — never the decision itself,
 * which may be secret (a card committed face down).
 */
export const updateSchema = z.object({
  type: z.literal("update"),
  matchId: z.string(),
  version: versionSchema,
  /** The seat that decided. */
  by: z.string(),
  events: z.array(eventSchema),
  view: z.unknown(),
  toMove: z.string().nullable(),
  deciding: z.array(z.string()),
  legal: z.array(z.object({ decision: z.unknown(), text: z.string() })),
  result: resultSchema.nullable(),
});

/** Your decision was stored (the match is at `version`); the matching `update` follows. */
export const acceptedSchema = z.object({
  type: z.literal("accepted"),
  matchId: z.string(),
  version: versionSchema,
  requestId: z.string().optional(),
});

/** The table changed: a seat named itself or a rematch was asked for or agreed (no match version of its own). */
export const tableSchema = z.object({
  type: z.literal("table"),
  matchId: z.string(),
  version: versionSchema,
  players: z.array(playerSchema),
  rematch: rematchStateSchema,
});

/** A chat line, to every connection to the match. */
export const chatLineMessageSchema = z.object({ type: z.literal("chat"), matchId: z.string(), version: versionSchema, line: chatLineSchema });

export const ERROR_CODES = [
  "malformed-json",
  "bad-message",
  "too-large",
  "rate-limited",
  "not-joined",
  "already-joined",
  "unknown-match",
  "bad-token",
  "spectator",
  "not-your-turn",
  "stale-version",
  "illegal-decision",
  "game-over",
  "not-over",
  "match-broken",
  "conflict",
  "bad-request",
  "bad-options",
  "server-error",
  // The server's database (503; docs/server.md, "Store faults") and its bounds ("Limits").
  "store-locked",
  "store-read-only",
  "store-corrupt",
  "store-full",
  "store-unavailable",
  "server-busy",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A refusal, to the sender only. Nothing was stored and the match is unchanged. `version` is the
 * match's current version (null before `hello` names a match). `message` names the problem.
 */
export const errorSchema = z.object({
  type: z.literal("error"),
  version: versionSchema.nullable(),
  code: z.enum(ERROR_CODES),
  message: z.string(),
  requestId: z.string().optional(),
});

export const serverMessageSchema = z.discriminatedUnion("type", [snapshotSchema, updateSchema, acceptedSchema, errorSchema, tableSchema, chatLineMessageSchema]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type SnapshotMessage = z.infer<typeof snapshotSchema>;
export type UpdateMessage = z.infer<typeof updateSchema>;
export type AcceptedMessage = z.infer<typeof acceptedSchema>;
export type ErrorMessage = z.infer<typeof errorSchema>;
export type TableMessage = z.infer<typeof tableSchema>;
export type ChatLineMessage = z.infer<typeof chatLineMessageSchema>;
export type ChatLine = z.infer<typeof chatLineSchema>;
export type RematchState = z.infer<typeof rematchStateSchema>;
