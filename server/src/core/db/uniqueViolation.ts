/**
 * A database's refusal of a duplicate key (a unique index or the primary key): SQLite `SQLITE_CONSTRAINT_UNIQUE` /
 * `_PRIMARYKEY`, PostgreSQL `23505`, MySQL/MariaDB `ER_DUP_ENTRY` (errno 1062). The read checks of the CRUD engine
 * and of the hand-written saves (gateway routes) see no duplicate when two saves of one code run side by side; the
 * unique index refuses the second, and the save maps that refusal to the read check's message with this test.
 */
export function isUniqueViolation(e: unknown): boolean {
  if (!e || typeof e !== 'object') return false;
  const { code, errno } = e as { code?: unknown; errno?: unknown };
  const c = String(code ?? '');
  return c === 'SQLITE_CONSTRAINT_UNIQUE' || c === 'SQLITE_CONSTRAINT_PRIMARYKEY' || c === '23505' || c === 'ER_DUP_ENTRY' || errno === 1062;
}
