import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../context.js';
import { ADMIN_USER_ID } from '../../db/seed/index.js';
import { verifyPassword } from './password.js';

/**
 * DATA_DIR/initial-admin-password: the generated first password of `admin` (main.ts writes it, mode 600). It holds
 * a secret only until that password changes, so it is removed at the admin's first password change (own change or
 * a reset by another super admin) and, at start-up, when it no longer holds the admin's password (the change was
 * made on another node, or while this one was stopped).
 */
export const INITIAL_ADMIN_PASSWORD_FILE = 'initial-admin-password';

function fileOf(dataDir: string): string {
  return path.join(dataDir, INITIAL_ADMIN_PASSWORD_FILE);
}

/** Write the generated admin password to DATA_DIR/initial-admin-password (mode 600); returns the path. */
export function writeInitialAdminPassword(dataDir: string, password: string): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = fileOf(dataDir);
  fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
}

function remove(file: string): void {
  try {
    fs.rmSync(file, { force: true });
  } catch {
    // The password change itself has succeeded; start-up tries again (dropStaleInitialAdminPassword).
  }
}

/** Call after a user's password was changed: the admin's removes the file. */
export function passwordChanged(ctx: AppContext, userId: string): void {
  if (userId === ADMIN_USER_ID) remove(fileOf(ctx.config.dataDir));
}

/** At start-up: remove the file when it no longer holds the admin's password. */
export async function dropStaleInitialAdminPassword(ctx: AppContext): Promise<void> {
  const file = fileOf(ctx.config.dataDir);
  let content: string;
  try {
    content = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return;
  }
  const admin = await ctx.db.db.selectFrom('sys_user').select('password').where('id', '=', ADMIN_USER_ID).executeTakeFirst();
  if (!(await verifyPassword(admin?.password, content))) remove(file);
}
