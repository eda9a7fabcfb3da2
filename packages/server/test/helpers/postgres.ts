/**
 * A real PostgreSQL for tests: scripts/postgres.mjs (shared with the bench) starts a new cluster of Debian's
 * binaries in a temporary folder on a free loopback port, as the dedicated user docent-pg when the tests run as root.
 */
import { PASSWORD, postgresUnavailable, startPostgres, SUPERUSER, type RunningPostgres } from '../../../../scripts/postgres.mjs';

export type TestPostgres = RunningPostgres;
export const PG_SUPERUSER = SUPERUSER;
export const PG_PASSWORD = PASSWORD;
export { postgresUnavailable, startPostgres };
