import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/connection.js';
import { now } from '../time.js';

/** Where installs before sys_secret kept the generated JWT secret (adopted once, see sharedSecret). */
export const JWT_SECRET_FILE = 'jwt-secret';
export const JWT_SECRET_NAME = 'jwt';
const MIN_LENGTH = 32;

/** The secret of an older install's DATA_DIR/jwt-secret, or null when there is none. */
function legacySecret(dataDir: string): string | null {
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (!fs.existsSync(file)) return null;
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) throw new Error(`${file} must hold at least ${MIN_LENGTH} characters`);
  return secret;
}

/**
 * The secret named `name` shared by every node of the database: created once, atomically (INSERT that ignores a
 * conflict, then SELECT; whichever node inserts first wins, every other node reads the same row). `candidate`
 * is what this node proposes if there is none yet.
 */
export async function sharedSecret(db: Db, name: string, candidate: () => string): Promise<string> {
  const row = { name, value: candidate(), create_time: now() };
  const insert = db.db.insertInto('sys_secret').values(row);
  if (db.dialect === 'mysql') await insert.ignore().execute();
  else await insert.onConflict((oc) => oc.column('name').doNothing()).execute();
  const stored = await db.db.selectFrom('sys_secret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return stored.value;
}

/**
 * The JWT secret: JWT_SECRET when set; else the database's shared one, which the first node to start creates —
 * from its DATA_DIR/jwt-secret when an older install left one there (its tokens stay valid), else 64 random hex
 * characters. Nothing is written to DATA_DIR.
 */
export async function resolveJwtSecret(config: { jwtSecret: string | null; dataDir: string }, db: Db): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const legacy = legacySecret(config.dataDir);
  const secret = await sharedSecret(db, JWT_SECRET_NAME, () => legacy ?? randomBytes(32).toString('hex'));
  if (secret.length < MIN_LENGTH) throw new Error(`sys_secret '${JWT_SECRET_NAME}' must hold at least ${MIN_LENGTH} characters`);
  return secret;
}
