/**
 * A private, throw-away Redis for the queue tests and benchmarks: Debian's redis-server on a
 * free loopback port, nothing saved to disk, stopped afterwards.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, createConnection } from "node:net";

export const REDIS_SERVER = "/usr/bin/redis-server";

export interface PrivateRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.on("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/** Whether Redis answers PING on the port. */
function pings(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const c = createConnection({ host: "127.0.0.1", port });
    c.on("error", () => ok(false));
    c.on("connect", () => c.write("PING\r\n"));
    c.on("data", (d) => {
      c.destroy();
      ok(d.toString().startsWith("+PONG"));
    });
  });
}

export async function startRedis(): Promise<PrivateRedis> {
  if (!existsSync(REDIS_SERVER)) throw new Error(`${REDIS_SERVER} is missing: apt-get install -y redis-server`);
  const port = await freePort();
  const child: ChildProcess = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes"], { stdio: "ignore" });
  for (let i = 0; i < 100 && !(await pings(port)); i++) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with ${child.exitCode}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!(await pings(port))) throw new Error("redis-server did not answer within 5 s");
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise((ok) => {
        if (child.exitCode !== null) return ok();
        child.once("exit", () => ok());
        child.kill("SIGTERM");
      }),
  };
}
