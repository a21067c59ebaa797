/**
 * Scripted seats for the online server's load bench and crash test: each holds one WebSocket,
 * joins its seat, decides whenever it is its turn (a seeded pick among the legal decisions),
 * reconnects after the connection drops (hello with the last version it saw), and records
 * acknowledged versions, the times decisions were sent, and update arrivals.
 */
import { performance } from "node:perf_hooks";
import WebSocket from "ws";
import { Random } from "../src/core/random.js";
import type { CreateMatchRequest, CreateMatchResponse, ServerMessage } from "../src/server/protocol.js";

export async function createMatchAt(base: string, req: CreateMatchRequest): Promise<CreateMatchResponse> {
  const r = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(req) });
  if (r.status !== 201) throw new Error(`creating a match: ${r.status} ${await r.text()}`);
  return (await r.json()) as CreateMatchResponse;
}

/** Shared between the seats of one match: when each version's decision was sent. */
export interface MatchClock {
  sentAt: Map<number, number>;
}

export class ScriptedSeat {
  ws: WebSocket | null = null;
  version = 0;
  /** Versions the server acknowledged (`accepted`) for this seat's decisions. */
  readonly acknowledged: number[] = [];
  /** Milliseconds from a decision of the other seat being sent to this seat's update for it. */
  readonly latencies: number[] = [];
  finished = false;
  /** performance.now() of the last snapshot (after a hello). */
  lastSnapshotAt = 0;
  connects = 0;
  errors: string[] = [];
  private stopped = false;
  private readonly rng: Random;
  private pending = -1;

  constructor(
    private readonly url: () => string,
    readonly matchId: string,
    readonly seat: string,
    private readonly token: string,
    private readonly clock: MatchClock,
    seed: number,
    /** Reconnect after a drop (crash test); the load bench does not need it. */
    private readonly reconnect = false,
    /** Thinking time before each decision, ms (drawn uniformly from the range). */
    private readonly thinkMs: readonly [number, number] = [0, 0],
  ) {
    this.rng = Random.fromSeed(seed, 7);
  }

  start(): Promise<void> {
    return new Promise((ok, fail) => this.connect(ok, fail));
  }

  private connect(ok?: () => void, fail?: (e: Error) => void): void {
    if (this.stopped) return;
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.on("open", () => {
      this.connects++;
      ws.send(JSON.stringify({ type: "hello", matchId: this.matchId, token: this.token, version: this.version }));
      ok?.();
    });
    ws.on("message", (data: Buffer) => this.onMessage(JSON.parse(data.toString("utf8")) as ServerMessage));
    ws.on("error", (err) => {
      if (!this.reconnect) fail?.(err);
    });
    ws.on("close", () => {
      this.ws = null;
      this.pending = -1;
      if (this.reconnect && !this.stopped && !this.finished) setTimeout(() => this.connect(), 25);
    });
  }

  private onMessage(m: ServerMessage): void {
    const now = performance.now();
    if (m.type === "error") {
      this.errors.push(`${m.code}: ${m.message}`);
      this.pending = -1;
      // After a refusal the seat starts afresh from a snapshot.
      this.send({ type: "resync", version: this.version });
      return;
    }
    if (m.type === "accepted") {
      this.acknowledged.push(m.version);
      return;
    }
    if (m.type === "table" || m.type === "chat") return; // table talk: no game state
    if (m.type === "update") {
      const sent = this.clock.sentAt.get(m.version);
      if (sent !== undefined && m.by !== this.seat) this.latencies.push(now - sent);
      if (m.version !== this.version + 1) {
        // A gap: a version was missed; ask for a fresh view.
        this.send({ type: "resync", version: this.version });
        return;
      }
    }
    if (m.type === "snapshot") this.lastSnapshotAt = now;
    this.version = m.version;
    if (m.result !== null || m.toMove === null) {
      this.finished = true;
      return;
    }
    if (m.toMove === this.seat && m.legal.length > 0 && this.pending !== m.version) {
      this.pending = m.version;
      const choice = m.legal[this.rng.int(0, m.legal.length - 1)].decision;
      const decide = () => {
        if (this.stopped || this.pending !== m.version) return;
        this.clock.sentAt.set(m.version + 1, performance.now());
        this.send({ type: "decide", version: m.version, decision: choice });
      };
      const think = this.thinkMs[1] > 0 ? this.rng.int(this.thinkMs[0], this.thinkMs[1]) : 0;
      if (think > 0) setTimeout(decide, think);
      else decide();
    }
  }

  private send(msg: unknown): void {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
