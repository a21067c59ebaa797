/** Test helpers: a server on a free loopback port, WebSocket clients that collect what they receive. */
import { createServer } from "node:net";
import { join } from "node:path";
import WebSocket from "ws";
import { startServer, type RunningServer, type ServerConfig } from "../../src/server/index.js";
import type { CreateMatchRequest, CreateMatchResponse, ServerMessage } from "../../src/server/protocol.js";

export const ROOT = join(import.meta.dirname, "..", "..");

/** Tests create many matches and connections from one address: the per-address limits are raised (limits.test.ts checks them). */
export const TEST_LIMITS = { createPerMinute: 100_000, connectPerMinute: 100_000, connectionsPerAddress: 100_000 };

export function testServer(over: Partial<ServerConfig> = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: "127.0.0.1",
    dbFile: ":memory:",
    webRoot: null,
    dataRoot: join(ROOT, "data"),
    version: "test",
    ...over,
    limits: { ...TEST_LIMITS, ...over.limits },
  });
}

export async function createMatch(base: string, req: CreateMatchRequest): Promise<CreateMatchResponse> {
  const r = await fetch(`${base}/api/matches`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(req) });
  if (r.status !== 201) throw new Error(`create: ${r.status} ${await r.text()}`);
  return (await r.json()) as CreateMatchResponse;
}

/** A WebSocket client keeping every message it gets, with a way to wait for the next matching one. */
export class Client {
  readonly received: ServerMessage[] = [];
  private readonly waiters: { pred: (m: ServerMessage) => boolean; ok: (m: ServerMessage) => void }[] = [];
  private cursor = 0;
  closed = false;
  closeCode = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on("message", (data: Buffer) => {
      const m = JSON.parse(data.toString("utf8")) as ServerMessage;
      this.received.push(m);
      const i = this.waiters.findIndex((w) => w.pred(m));
      if (i >= 0) {
        const [w] = this.waiters.splice(i, 1);
        this.cursor = this.received.length;
        w.ok(m);
      }
    });
    ws.on("close", (code) => {
      this.closed = true;
      this.closeCode = code;
    });
  }

  static open(port: number): Promise<Client> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    return new Promise((ok, fail) => {
      ws.once("open", () => ok(new Client(ws)));
      ws.once("error", fail);
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === "string" ? msg : JSON.stringify(msg));
  }

  /** The next message (after the last one waited for) that satisfies `pred`. */
  next(pred: (m: ServerMessage) => boolean = () => true, timeoutMs = 10_000): Promise<ServerMessage> {
    const found = this.received.slice(this.cursor).findIndex(pred);
    if (found >= 0) {
      this.cursor += found + 1;
      return Promise.resolve(this.received[this.cursor - 1]);
    }
    return new Promise((ok, fail) => {
      const t = setTimeout(() => fail(new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.received.slice(-3)).slice(0, 500)}`)), timeoutMs);
      this.waiters.push({ pred, ok: (m) => (clearTimeout(t), ok(m)) });
    });
  }

  close(): void {
    this.ws.close();
  }
}

export const ofType =
  <T extends ServerMessage["type"]>(type: T) =>
  (m: ServerMessage): m is Extract<ServerMessage, { type: T }> =>
    m.type === type;

/** A TCP port free on loopback now (for a server started as a child process). */
export function freePort(): Promise<number> {
  return new Promise((ok) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}
