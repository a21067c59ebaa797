/**
 * Store faults with names: a locked, read-only, corrupt, full or unreachable database is not the
 * client's fault and not a bug, so it is answered `503` with the fault's code, and logged once per
 * kind of fault with what an operator should do (docs/server.md, "Store faults").
 */

export const STORE_FAULTS = ["store-locked", "store-read-only", "store-corrupt", "store-full", "store-unavailable"] as const;
export type StoreFault = (typeof STORE_FAULTS)[number];

const ADVICE: Record<StoreFault, string> = {
  "store-locked": "the database stayed locked by another program; stop it or give the server its own file",
  "store-read-only": "the database cannot be written; check the file's and its folder's permissions and the disk's mount",
  "store-corrupt": "the database file is damaged or is not a Muster database; restore it from a backup",
  "store-full": "the disk (or the database's size limit) is full; free space",
  "store-unavailable": "the database cannot be reached; check that it is running",
};

export class StoreError extends Error {
  constructor(
    readonly fault: StoreFault,
    /** Where: the SQLite file or "PostgreSQL". */
    readonly where: string,
    override readonly cause?: unknown,
  ) {
    super(`${where}: ${ADVICE[fault]}${cause instanceof Error ? ` (${cause.message})` : ""}`);
  }

  /** What a client is told: the fault without the server's paths. */
  get clientMessage(): string {
    return `the server's database is unavailable (${this.fault}); nothing was stored: try again later`;
  }
}

/** The fault an SQLite error code names, or null (a bug or a constraint, not a store fault). */
export function sqliteFault(code: unknown): StoreFault | null {
  if (typeof code !== "string") return null;
  if (code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED")) return "store-locked";
  if (code.startsWith("SQLITE_READONLY")) return "store-read-only";
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB") return "store-corrupt";
  if (code === "SQLITE_FULL") return "store-full";
  if (code.startsWith("SQLITE_CANTOPEN") || code.startsWith("SQLITE_IOERR") || code === "SQLITE_PERM") return "store-unavailable";
  return null;
}

/** The fault a PostgreSQL (or socket) error names, or null. */
export function postgresFault(err: unknown): StoreFault | null {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : "";
  if (typeof code === "string") {
    if (code === "53100") return "store-full";
    if (code === "25006") return "store-read-only";
    if (code === "55P03" || code === "40P01") return "store-locked";
    if (code === "XX001" || code === "XX002") return "store-corrupt";
    // Class 08 (connection), 57P0x (shutdown, cannot connect now), 53300 (too many connections), socket errors.
    if (code.startsWith("08") || code.startsWith("57P") || code === "53300" || code.startsWith("E")) return "store-unavailable";
  }
  if (/Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i.test(message)) return "store-unavailable";
  return null;
}
