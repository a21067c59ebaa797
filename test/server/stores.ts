/**
 * The stores the storage tests run against: SQLite always, PostgreSQL when DATABASE_URL is set.
 * In CI (CI=true) PostgreSQL is required: without DATABASE_URL those tests fail instead of skipping.
 */
export const DATABASE_URL = process.env.DATABASE_URL || undefined;
export const POSTGRES_REQUIRED = process.env.CI === "true";
/** Whether the PostgreSQL tests run (or, in CI without a database, fail loudly). */
export const RUN_POSTGRES = DATABASE_URL !== undefined || POSTGRES_REQUIRED;

export function databaseUrl(): string {
  if (!DATABASE_URL) throw new Error("DATABASE_URL is not set: CI must start PostgreSQL (.ci/run) and export it");
  return DATABASE_URL;
}
