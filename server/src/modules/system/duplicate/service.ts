import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { DuplicateCheck } from '../../../core/dict/duplicateRegistry.js';
import { BizError } from '../../../core/envelope/errors.js';
import { usernameProblem, usernameTaken } from '../user/username.js';

/**
 * Is `value` already stored in the registered column (any row but `exceptId`)? The table and column are the
 * registry's literals; the value and the id are bound.
 */
export async function isTaken(db: Kysely<Database>, check: DuplicateCheck, value: string, exceptId: string | undefined): Promise<boolean> {
  // an integer column (a tier level) holds no value that is not an integer: free, and never compared as text
  if (check.integer && !/^-?\d{1,15}$/.test(value.trim())) return false;
  if (check.table === 'sys_user' && check.column === 'username') {
    // a login account is taken by a look-alike too, as the save finds (user/username.ts); a new one no one may have says why
    const problem = exceptId ? null : usernameProblem(value);
    if (problem) throw new BizError(problem);
    return usernameTaken(db, value, exceptId);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let q = (db as Kysely<any>).selectFrom(check.table).select('id').where(check.column, '=', value);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}
