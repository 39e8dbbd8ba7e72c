import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.js';
import { sharedSecret } from '../auth/sharedSecret.js';
import { secretBox, type SecretBox } from './secretBox.js';

/** The sys_secret row holding the generated data-source key when DATA_SOURCE_KEY is unset. */
export const DATA_SOURCE_SECRET_NAME = 'dataSource';

/**
 * The box data-source passwords are sealed with: DATA_SOURCE_KEY when set, else a secret generated once by the
 * first node and kept in the database (sys_secret), so every node of the database opens what another sealed.
 */
export async function dataSourceBox(ctx: Pick<AppContext, 'config' | 'db'>): Promise<SecretBox> {
  const secret = ctx.config.dataSourceKey ?? (await sharedSecret(ctx.db, DATA_SOURCE_SECRET_NAME, () => randomBytes(32).toString('hex')));
  return secretBox(secret);
}
