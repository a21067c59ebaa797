/**
 * Starting the online-play server (`muster serve`): picks the store (PostgreSQL when
 * `DATABASE_URL` is set, else the SQLite file), builds the app and listens.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { computerRunner } from "./computer.js";
import { MatchService } from "./matches.js";
import { PostgresStore } from "./postgres-store.js";
import { type MatchStore, SqliteStore } from "./store.js";

export interface ServerConfig {
  port: number;
  host: string;
  /** The SQLite file (ignored when `databaseUrl` is given). */
  dbFile: string;
  /** A PostgreSQL connection string (`DATABASE_URL`). */
  databaseUrl?: string;
  webRoot: string | null;
  dataRoot: string;
  version: string;
  rate?: { perSecond: number; burst: number };
  onError?: (err: unknown) => void;
  /** Fixed match seeds for tests (see MatchServiceOptions.newSeed). */
  newSeed?: () => number;
}

export interface RunningServer {
  app: FastifyInstance;
  service: MatchService;
  port: number;
  close(): Promise<void>;
}

export async function openStore(config: Pick<ServerConfig, "dbFile" | "databaseUrl">): Promise<MatchStore> {
  return config.databaseUrl ? PostgresStore.open(config.databaseUrl) : new SqliteStore(config.dbFile);
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const store = await openStore(config);
  const service = new MatchService({ store, dataRoot: config.dataRoot, computers: computerRunner(), onError: config.onError, newSeed: config.newSeed });
  await service.listen();
  const app = await buildApp({ service, webRoot: config.webRoot, version: config.version, rate: config.rate });
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await service.close();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  return {
    app,
    service,
    port,
    async close() {
      await app.close();
      await service.close();
    },
  };
}
