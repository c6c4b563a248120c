import type Database from 'better-sqlite3';

/** A cache's SQLite connection, as every table of the cache takes it. */
export type Db = Database.Database;
