/**
 * Issue 24, "Options are data from a stranger": a hostile client against the compiled server in
 * its own process, run with `--unhandled-rejections=strict` (any rejection nobody handles ends the
 * process). It sends the options (Contest setup parts as empty objects, deck cards as an
 * object or holding null, a card without readings), a match stored with options the rules cannot
 * take (as an older server would have stored it), and at least 200 seeded mutations of every
 * game's options, one field at a time; every accepted match is joined and played a little. The
 * server must stay up, and a match in play beside them must keep playing.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { matchOptions } from "../../src/server/games.js";
import { type CreateMatchResponse, MATCH_GAMES, type MatchGameId, type ServerMessage, type SnapshotMessage, type UpdateMessage } from "../../src/server/protocol.js";
import { SqliteStore } from "../../src/server/store.js";
import { Client, freePort, ofType, ROOT } from "./helpers.js";
import { mutationOf } from "./option-mutations.js";

const RUN = join(ROOT, "dist", "src", "server", "run.js");
const MUTATIONS_PER_GAME = 200;


interface Server {
  child: ChildProcess;
  port: number;
  base: string;
  db: string;
  stderr: string[];
  exited: { code: number | null; signal: string | null } | null;
}

function start(): Promise<Server> {
  return freePort().then((port) => {
    const db = join(mkdtempSync(join(tmpdir(), "muster-hostile-")), "matches.db");
    // SQLite on purpose (a planted match is written into its file); strict: an unhandled rejection ends the process.
    const child = spawn(process.execPath, ["--unhandled-rejections=strict", RUN, "--port", String(port), "--db", db], { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, DATABASE_URL: "", MUSTER_LIMIT_CREATE_PER_MINUTE: "100000", MUSTER_LIMIT_CONNECT_PER_MINUTE: "100000", MUSTER_LIMIT_CONNECTIONS_PER_ADDRESS: "100000" } });
    const server: Server = { child, port, base: `http://127.0.0.1:${port}`, db, stderr: [], exited: null };
    child.stderr!.on("data", (d: Buffer) => server.stderr.push(d.toString("utf8")));
    return new Promise((ok, fail) => {
      child.stdout!.once("data", () => ok(server));
      child.once("exit", (code, signal) => {
        server.exited = { code, signal };
        fail(new Error(`the server exited with ${code}: ${server.stderr.join("").slice(0, 2000)}`));
      });
    });
  });
}

async function post(base: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const r = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: r.status, json: (await r.json()) as unknown };
}

/** A Shove match between two clients that keeps playing beside the hostile traffic. */
class ControlMatch {
  private last: Record<string, SnapshotMessage | UpdateMessage> = {};
  decisions = 0;
  private constructor(private readonly clients: Record<string, Client>) {}

  static async open(server: Server): Promise<ControlMatch> {
    const { json } = await post(server.base, { game: "shove" });
    const m = json as CreateMatchResponse;
    const clients: Record<string, Client> = {};
    const control = new ControlMatch(clients);
    for (const s of m.seats) {
      clients[s.seat] = await Client.open(server.port);
      clients[s.seat].send({ type: "hello", matchId: m.matchId, token: s.token, version: 0 });
      control.last[s.seat] = (await clients[s.seat].next(ofType("snapshot"))) as SnapshotMessage;
    }
    return control;
  }

  /** One decision by the seat to move, seen by both seats. */
  async step(): Promise<void> {
    const seats = Object.keys(this.clients);
    const toMove = this.last[seats[0]].toMove;
    if (toMove === null) return; // over: it has played to the end beside the others
    const legal = this.last[toMove].legal;
    this.clients[toMove].send({ type: "decide", version: this.last[toMove].version, decision: legal[this.decisions % legal.length].decision });
    await this.clients[toMove].next(ofType("accepted"));
    for (const s of seats) this.last[s] = (await this.clients[s].next(ofType("update"))) as UpdateMessage;
    this.decisions++;
  }

  close(): void {
    for (const c of Object.values(this.clients)) c.close();
  }
}

/** Joins every human seat of a created match and plays a little: whatever comes back, it is a message. */
async function joinAndPlay(server: Server, m: CreateMatchResponse): Promise<ServerMessage[]> {
  const got: ServerMessage[] = [];
  for (const s of m.seats.filter((x) => x.kind === "human").slice(0, 2)) {
    const c = await Client.open(server.port);
    c.send({ type: "hello", matchId: m.matchId, token: s.token, version: 0 });
    const first = await c.next((x) => x.type === "snapshot" || x.type === "error");
    got.push(first);
    if (first.type === "snapshot" && first.legal.length > 0) {
      c.send({ type: "decide", version: first.version, decision: first.legal[first.legal.length - 1].decision });
      got.push(await c.next((x) => x.type === "accepted" || x.type === "error"));
      c.send({ type: "decide", version: first.version + 1, decision: { junk: [null, {}] } });
      got.push(await c.next(ofType("error")));
    }
    c.close();
  }
  return got;
}

async function alive(server: Server): Promise<void> {
  expect(server.exited, `the server process ended: ${server.stderr.join("").slice(0, 2000)}`).toBeNull();
  const r = await fetch(`${server.base}/health`);
  expect(r.status).toBe(200);
}

function contestDefaults(): { setup: Record<string, unknown>; distance: number } {
  return matchOptions(join(ROOT, "data"), "contest-of-champions", undefined, undefined) as { setup: Record<string, unknown>; distance: number };
}

describe("issue 24 hostile client: no options or stored match takes the server down", () => {
  let server: Server;
  let control: ControlMatch;
  beforeAll(async () => {
    if (!existsSync(RUN)) throw new Error("the server is not built: run npm run build (npm ci does it)");
    server = await start();
    control = await ControlMatch.open(server);
  }, 60_000);
  afterAll(() => {
    control?.close();
    server?.child.kill("SIGKILL");
  });

  it("issue 24 item 1: Contest setup parts as empty objects are refused naming the field; the server stays up", async () => {
    const r = await post(server.base, { game: "contest-of-champions", options: { setup: { a: { profile: {} }, b: { profile: {} }, ranged: {}, melee: {}, options: {} }, distance: 0 } });
    if (r.status === 201) await joinAndPlay(server, r.json as CreateMatchResponse);
    await alive(server);
    expect(r.status).toBe(400);
    expect((r.json as { field: string }).field).toMatch(/^options\.setup\./);
    await control.step();
  }, 30_000);

  it("issue 24 item 1: a deck whose cards are an object, or hold null, or a card without readings, is refused; the server stays up", async () => {
    const bad: [string, (setup: Record<string, unknown>) => void][] = [
      ["cards as an object", (s) => ((s.melee as Record<string, unknown>).cards = { strike: {} })],
      ["cards holding null", (s) => ((s.melee as { cards: unknown[] }).cards.push(null))],
      ["a card without readings", (s) => (s.melee as { cards: unknown[] }).cards.push({ id: "peek", name: "Peek", stat: null })],
      ["a card's readings removed", (s) => delete (s.melee as { readings: Record<string, unknown> }).readings[(s.melee as { cards: { id: string }[] }).cards[0].id]],
    ];
    for (const [what, spoil] of bad) {
      const options = contestDefaults();
      spoil(options.setup);
      const r = await post(server.base, { game: "contest-of-champions", options });
      if (r.status === 201) await joinAndPlay(server, r.json as CreateMatchResponse);
      await alive(server);
      expect(r.status, what).toBe(400);
      expect((r.json as { field: string }).field, what).toMatch(/^options\.setup\.melee/);
      await control.step();
    }
  }, 60_000);

  it("issue 24: a stored match the rules cannot take is served as broken (match-broken to its seats), and every other match goes on", async () => {
    const token = "planted-token-0123456789";
    const store = new SqliteStore(server.db);
    await store.createMatch({
      id: "plantedmatch0001",
      game: "contest-of-champions",
      options: { setup: { a: { profile: {} }, b: { profile: {} }, ranged: {}, melee: {}, options: {} }, distance: 0 },
      seed: 1,
      seats: [
        { seat: "A", kind: "human", tokenHash: createHash("sha256").update(token).digest("hex") },
        { seat: "B", kind: "human", tokenHash: createHash("sha256").update("another-token-0123456789").digest("hex") },
      ],
      createdAt: Date.now(),
    });
    await store.close();
    for (const hello of [{ token }, {}]) {
      const c = await Client.open(server.port);
      c.send({ type: "hello", matchId: "plantedmatch0001", version: 0, ...hello });
      const m = await c.next();
      expect(m.type === "error" && m.code).toBe("match-broken");
      expect(m.type === "error" && m.message).toMatch(/broken/);
      c.send({ type: "decide", version: 0, decision: { card: "strike" } });
      const again = await c.next();
      expect(again.type === "error" && again.code).toMatch(/match-broken|spectator/);
      c.close();
    }
    const summary = (await (await fetch(`${server.base}/api/matches/plantedmatch0001`)).json()) as { broken?: string };
    expect(summary.broken).toMatch(/broken/);
    await alive(server);
    await control.step();
  }, 30_000);

  for (const gameId of MATCH_GAMES) {
    it(`issue 24: ${MUTATIONS_PER_GAME} seeded mutations of the ${gameId} options, each accepted match joined and played: the server stays up, the other match keeps playing`, async () => {
      const base = matchOptions(join(ROOT, "data"), gameId as MatchGameId, undefined, undefined);
      let runs = 0;
      let accepted = 0;
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(mutationOf(base), async (m) => {
          runs++;
          const r = await post(server.base, { game: gameId, options: m.options });
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          // A refusal is a named 400; anything else must be a created match that can be joined.
          // A refusal names the field (Fastify itself refuses a "__proto__" key as invalid JSON, without one).
          if (r.status === 400) expect((r.json as { field?: string }).field ?? "options", `${m.path.join(".")} ${m.kind}`).toMatch(/^options/);
          else {
            expect(r.status, `${m.path.join(".")} ${m.kind}: ${JSON.stringify(r.json).slice(0, 300)}`).toBe(201);
            accepted++;
            const got = await joinAndPlay(server, r.json as CreateMatchResponse);
            for (const g of got) expect(g.type === "error" && g.code, `${m.path.join(".")} ${m.kind}: ${JSON.stringify(g).slice(0, 300)}`).not.toBe("server-error");
          }
          if (runs % 25 === 0) {
            await alive(server);
            await control.step();
          }
        }),
        { seed: 24, numRuns: MUTATIONS_PER_GAME },
      );
      await alive(server);
      await control.step();
      expect(runs).toBeGreaterThanOrEqual(200);
      // Mutations must reach the rules too, not only the schema.
      expect(accepted).toBeGreaterThan(10);
      expect(server.stderr.join("")).not.toMatch(/Unhandled|uncaught/i);
    }, 240_000);
  }
});
