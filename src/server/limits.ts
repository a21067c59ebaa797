/**
 * The server's bounds (issue 24): per-address rate limits on match creation and connections,
 * open connections per address, matches held in memory, idle release, the hello deadline, the
 * computer players' threads and time budget, and the SQLite lock wait. Each has a default and is
 * set by `--limit NAME=VALUE` or the environment variable MUSTER_LIMIT_NAME (docs/server.md, "Limits").
 */

export interface ServerLimits {
  /** Matches one client address may create a minute (bursts of the same number). */
  createPerMinute: number;
  /** WebSocket connections one client address may open a minute (bursts of the same number). */
  connectPerMinute: number;
  /** WebSocket connections one client address may hold open at once. */
  connectionsPerAddress: number;
  /** Matches this process holds in memory at once; beyond it, new ones are refused with `server-busy`. */
  openMatches: number;
  /** A match nobody watches and nothing happens in is released from memory after this many seconds (reloaded on demand). */
  idleSeconds: number;
  /** A connection that has not said `hello` after this many seconds is closed. */
  helloSeconds: number;
  /** Worker threads for computer players. */
  computerThreads: number;
  /** A computer player's time for one decision, in seconds; over it, it plays a random legal decision instead. */
  computerSeconds: number;
  /** How long a locked SQLite file is waited for (without blocking) before `store-locked`, in seconds. */
  lockWaitSeconds: number;
}

export const DEFAULT_LIMITS: Readonly<ServerLimits> = {
  createPerMinute: 30,
  connectPerMinute: 120,
  connectionsPerAddress: 64,
  openMatches: 10_000,
  idleSeconds: 120,
  helloSeconds: 5,
  computerThreads: 2,
  computerSeconds: 10,
  lockWaitSeconds: 5,
};

const NAMES: Record<string, keyof ServerLimits> = {
  "create-per-minute": "createPerMinute",
  "connect-per-minute": "connectPerMinute",
  "connections-per-address": "connectionsPerAddress",
  "open-matches": "openMatches",
  "idle-seconds": "idleSeconds",
  "hello-seconds": "helloSeconds",
  "computer-threads": "computerThreads",
  "computer-seconds": "computerSeconds",
  "lock-wait-seconds": "lockWaitSeconds",
};

const RANGES: Record<keyof ServerLimits, [number, number]> = {
  createPerMinute: [1, 1_000_000],
  connectPerMinute: [1, 1_000_000],
  connectionsPerAddress: [1, 1_000_000],
  openMatches: [1, 10_000_000],
  idleSeconds: [0.01, 86_400],
  helloSeconds: [0.01, 3_600],
  computerThreads: [1, 64],
  computerSeconds: [0.001, 3_600],
  lockWaitSeconds: [0, 3_600],
};

/** The limit names as users write them (`--limit create-per-minute=60`). */
export const LIMIT_NAMES = Object.keys(NAMES);

export class LimitError extends Error {}

function setLimit(limits: ServerLimits, name: string, raw: string, source: string): void {
  const key = NAMES[name];
  if (!key) throw new LimitError(`${source}: unknown limit "${name}"; expected one of ${LIMIT_NAMES.join(", ")}`);
  const value = Number(raw);
  const [lo, hi] = RANGES[key];
  if (raw.trim() === "" || !Number.isFinite(value) || value < lo || value > hi || (Number.isInteger(lo) && !Number.isInteger(value))) {
    throw new LimitError(`${source}: ${name} must be a ${Number.isInteger(lo) ? "whole " : ""}number from ${lo} to ${hi}, got "${raw}"`);
  }
  limits[key] = value;
}

/**
 * The limits: defaults, then MUSTER_LIMIT_* variables (e.g. MUSTER_LIMIT_CREATE_PER_MINUTE), then
 * `NAME=VALUE` settings from the command line; a bad one throws a {@link LimitError} naming it.
 */
export function resolveLimits(env: NodeJS.ProcessEnv, settings: readonly string[] = []): ServerLimits {
  const limits = { ...DEFAULT_LIMITS };
  for (const name of LIMIT_NAMES) {
    const variable = `MUSTER_LIMIT_${name.toUpperCase().replaceAll("-", "_")}`;
    const raw = env[variable];
    if (raw !== undefined && raw !== "") setLimit(limits, name, raw, variable);
  }
  for (const s of settings) {
    const eq = s.indexOf("=");
    if (eq < 0) throw new LimitError(`--limit ${s}: expected NAME=VALUE, e.g. create-per-minute=60`);
    setLimit(limits, s.slice(0, eq).trim(), s.slice(eq + 1).trim(), `--limit ${s}`);
  }
  return limits;
}

/** Token buckets by client address; full buckets are forgotten, so the map holds only recent clients. */
export class AddressBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;
  constructor(
    perMinute: number,
    private readonly burst = perMinute,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes one token for `address`; false when it has none left. */
  take(address: string, now = Date.now()): boolean {
    const b = this.buckets.get(address) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) * this.perMs);
    b.at = now;
    if (b.tokens < 1) {
      this.buckets.set(address, b);
      return false;
    }
    b.tokens -= 1;
    this.buckets.set(address, b);
    if (this.buckets.size > 10_000) this.prune(now);
    return true;
  }

  /** Seconds until `address` has a token again. */
  waitSeconds(address: string): number {
    const b = this.buckets.get(address);
    return b ? Math.max(1, Math.ceil((1 - b.tokens) / this.perMs / 1000)) : 1;
  }

  private prune(now: number): void {
    for (const [a, b] of this.buckets) if (b.tokens + (now - b.at) * this.perMs >= this.burst) this.buckets.delete(a);
  }
}

/** Thrown when the process holds as many matches as it may: answered `503 server-busy`. */
export class ServerBusyError extends Error {
  readonly code = "server-busy";
}
