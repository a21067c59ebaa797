/**
 * Issue 24's load figures for `npm run bench -- online`: human matches and computer-only battles
 * at once on one server process, and a person playing a computer opponent (a Shieldwall duel
 * against mcts) as a probe: the opponent's reply time (the person's decision sent → the computer's
 * update) on an idle server and under the load; then memory per idle match after release.
 */
import { spawn } from "node:child_process";
import { setPriority } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { Random } from "../src/core/random.js";
import type { ServerMessage } from "../src/server/protocol.js";
import { createMatchAt, type MatchClock, percentile, ScriptedSeat } from "./online-seats.js";

const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));
const round = (x: number) => Number(x.toFixed(1));

/** A person against a computer: decides at once on its turn, and times each computer reply. */
export class ComputerProbe {
  readonly replyMs: number[] = [];
  private ws: WebSocket | null = null;
  private sentAt = -1;
  private stopped = false;
  private readonly rng = Random.fromSeed(99, 3);
  constructor(
    private readonly url: string,
    private readonly matchId: string,
    private readonly seat: string,
    private readonly token: string,
  ) {}

  start(): Promise<void> {
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.on("message", (d: Buffer) => this.onMessage(JSON.parse(d.toString("utf8")) as ServerMessage));
    return new Promise((ok, fail) => {
      ws.once("open", () => {
        ws.send(JSON.stringify({ type: "hello", matchId: this.matchId, token: this.token, version: 0 }));
        ok();
      });
      ws.once("error", fail);
    });
  }

  /** True once the match is over (start another). */
  finished = false;

  private onMessage(m: ServerMessage): void {
    if (this.stopped) return;
    if (m.type === "error") {
      this.ws?.send(JSON.stringify({ type: "resync", version: 0 }));
      return;
    }
    if (m.type !== "snapshot" && m.type !== "update") return;
    if (m.type === "update" && m.by !== this.seat && this.sentAt >= 0) {
      this.replyMs.push(performance.now() - this.sentAt);
      this.sentAt = -1;
    }
    if (m.result !== null || m.toMove === null) {
      this.finished = true;
      return;
    }
    if (m.toMove === this.seat && m.legal.length > 0) {
      const choice = m.legal[this.rng.int(0, m.legal.length - 1)].decision;
      this.sentAt = performance.now();
      this.ws?.send(JSON.stringify({ type: "decide", version: m.version, decision: choice }));
    }
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }
}

/** Plays duels against mcts one after another for `seconds`; the computer's reply times. */
export async function probeComputerReplies(base: string, seconds: number): Promise<number[]> {
  const replies: number[] = [];
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    const m = await createMatchAt(base, { game: "shieldwall-duel", seats: { b: { kind: "computer", player: "mcts" } } });
    const probe = new ComputerProbe(`${base.replace("http", "ws")}/ws`, m.matchId, "a", m.seats.find((s) => s.seat === "a")!.token!);
    await probe.start();
    while (!probe.finished && Date.now() < end) await sleep(100);
    probe.stop();
    replies.push(...probe.replyMs);
  }
  return replies;
}

/** `probeComputerReplies` in a child process (see online-probe.ts). */
export function probeInChild(base: string, seconds: number): Promise<number[]> {
  const script = join(dirname(fileURLToPath(import.meta.url)), "online-probe.js");
  const child = spawn(process.execPath, [script, base, String(seconds)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
  return new Promise((ok, fail) => child.once("exit", (code) => (code === 0 ? ok(JSON.parse(out) as number[]) : fail(new Error(`the probe exited with ${code}`)))));
}

/** The load generator's nice value while it drives the people: on a real server the clients run on their own machines, not on the server's two cores. */
export const LOAD_GENERATOR_NICE = 10;

function summary(sorted: number[]) {
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), samples: sorted.length };
}

/**
 * `humans` two-seat Shove matches (scripted seats thinking 0.5–1.5 s) and `battles` Shieldwall
 * battles between two mcts players, all at once for `seconds`, with the computer probe running.
 */
export async function mixedLoad(base: string, humans: number, battles: number, seconds: number, idleReplies: number[]) {
  const port = Number(new URL(base).port);
  const seats: ScriptedSeat[] = [];
  for (let i = 0; i < humans; i += 20) {
    const batch = await Promise.all(Array.from({ length: Math.min(20, humans - i) }, () => createMatchAt(base, { game: "shove" })));
    for (const m of batch) {
      const clock: MatchClock = { sentAt: new Map() };
      for (const s of m.seats) seats.push(new ScriptedSeat(() => `ws://127.0.0.1:${port}/ws`, m.matchId, s.seat, s.token!, clock, seats.length, false, [500, 1500]));
    }
  }
  for (let i = 0; i < battles; i++) {
    await createMatchAt(base, { game: "shieldwall-battle", seats: { red: { kind: "computer", player: "mcts" }, black: { kind: "computer", player: "mcts" } } });
  }
  for (let i = 0; i < seats.length; i += 100) await Promise.all(seats.slice(i, i + 100).map((s) => s.start()));
  for (const s of seats) s.latencies.length = 0;
  setPriority(LOAD_GENERATOR_NICE);
  const replies = await probeInChild(base, seconds).finally(() => setPriority(0));
  for (const s of seats) s.stop();
  const latencies = seats.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const idle = [...idleReplies].sort((a, b) => a - b);
  const loaded = replies.sort((a, b) => a - b);
  return {
    setup: `one server process, SQLite: ${humans} Shove matches between scripted people (0.5–1.5 s a decision) and ${battles} mcts-v-mcts Shieldwall battles at once, for ${seconds} s; the people's client process at nice ${LOAD_GENERATOR_NICE} (on a real server they are other machines), the probe in its own process`,
    humanDecisionToOpponentMs: { ...summary(latencies), p99: round(percentile(latencies, 99)), targetP95: 50 },
    computerOpponentReplyMs: {
      idle: summary(idle),
      underLoad: summary(loaded),
      p95Ratio: round(percentile(loaded, 95) / percentile(idle, 95)),
      target: "p95 under load ≤ 2× idle",
    },
    errors: seats.reduce((n, s) => n + s.errors.length, 0),
  };
}
