/**
 * Starting the online-play server (`muster serve`): picks the store (PostgreSQL when
 * `DATABASE_URL` is set, else the SQLite file), builds the app and listens.
 */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { computerRunner } from "./computer.js";
import { DEFAULT_LIMITS, type ServerLimits } from "./limits.js";
import { MatchService } from "./matches.js";
import { PostgresStore } from "./postgres-store.js";
import { type MatchStore, SqliteStore } from "./store.js";
import type { StoreError } from "./store-errors.js";

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
  /** The server's bounds (limits.ts; default DEFAULT_LIMITS). */
  limits?: Partial<ServerLimits>;
  /** Take the client's address from X-Forwarded-For (behind a proxy of one's own). */
  trustProxy?: boolean;
  /** Caps the SQLite file's size in bytes (beyond it: `store-full`). */
  dbMaxBytes?: number;
  onError?: (err: unknown) => void;
  /** Operational log lines (store faults, the PostgreSQL listener); default: to onError. */
  log?: (line: string) => void;
  /** Fixed match seeds for tests (see MatchServiceOptions.newSeed). */
  newSeed?: () => number;
}

export interface RunningServer {
  app: FastifyInstance;
  service: MatchService;
  port: number;
  close(): Promise<void>;
}

/** Opens the store; a SQLite file that is not a usable Muster database throws a StoreError naming it. */
export async function openStore(config: Pick<ServerConfig, "dbFile" | "databaseUrl" | "dbMaxBytes" | "limits">, onFault?: (err: StoreError) => void): Promise<MatchStore> {
  const lockWaitMs = (config.limits?.lockWaitSeconds ?? DEFAULT_LIMITS.lockWaitSeconds) * 1000;
  return config.databaseUrl ? PostgresStore.open(config.databaseUrl, onFault) : new SqliteStore(config.dbFile, { lockWaitMs, maxBytes: config.dbMaxBytes, onFault });
}

export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...config.limits };
  const log = config.log ?? ((line: string) => config.onError?.(new Error(line)));
  const store = await openStore(config, (err) => log(`store fault ${err.fault}: ${err.message}`));
  const computers = computerRunner({
    threads: limits.computerThreads,
    budgetMs: limits.computerSeconds * 1000,
    onOverBudget: (req, ms) => log(`computer player ${req.player} (${req.game}) took over its ${ms} ms budget at version ${req.version}: a random legal decision was played`),
  });
  const service = new MatchService({ store, dataRoot: config.dataRoot, computers, onError: config.onError, log, newSeed: config.newSeed, openMatches: limits.openMatches, idleMs: limits.idleSeconds * 1000 });
  try {
    await service.listen();
  } catch (err) {
    await service.close();
    throw err;
  }
  const app = await buildApp({ service, webRoot: config.webRoot, version: config.version, rate: config.rate, limits, trustProxy: config.trustProxy });
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
