import { ConfigError, loadConfig } from '../config.js';
import { openDb } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { copyLocalFiles } from '../core/files/copyLocal.js';
import { DatabaseFileStore } from '../core/files/dbStore.js';
import { uploadRoot } from '../core/files/storage.js';

/**
 * `npm run files:copy -w server` (or `node server/dist/copyFiles.js`): copy every file of `{DATA_DIR}/upload` into
 * the database named by DATABASE_URL (tables sys_file / sys_file_chunk, migrated first), so a deployment can move
 * to FILE_STORE=database without breaking a URL handed out before. Safe to run again: files already copied are
 * counted, not written. Prints the counts; exit code 1 on an error.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb(config.databaseUrl, 2);
  try {
    await migrate(db);
    const root = uploadRoot(config);
    const r = await copyLocalFiles(root, new DatabaseFileStore(db));
    const out = process.stdout;
    out.write(`files:copy ${root} → database: copied ${r.copied}, already there ${r.present}, different ${r.different.length}, skipped ${r.skipped.length}\n`);
    for (const p of r.different) out.write(`  different size in the database, left alone: ${p}\n`);
    for (const p of r.skipped) out.write(`  not copyable (unsafe path or a link outside the folder): ${p}\n`);
    if (config.fileStore !== 'database') out.write('Set FILE_STORE=database on every node to serve files from the database.\n');
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(
    err instanceof ConfigError ? `配置错误: ${err.message}\n` : `files:copy failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
