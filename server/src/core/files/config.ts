import { ConfigError } from '../../config.js';

/**
 * Where uploads, avatars and import error reports are kept (README "Configuration"):
 * - FILE_STORE=local (default): files under `{DATA_DIR}/upload` on this node's disk;
 * - FILE_STORE=database: files in the shared database (tables sys_file and sys_file_chunk), seen by every node.
 * A node started with CLUSTER=1 is one of several behind a load balancer; there the local store is refused unless
 * FILE_STORE_SHARED=1 says `{DATA_DIR}/upload` is one folder every node mounts (NFS), since otherwise a file
 * uploaded through one node is missing on the others.
 */
export type FileStoreKind = 'local' | 'database';

export interface FileStoreConfig {
  /** FILE_STORE: `local` (default) or `database`. */
  fileStore: FileStoreKind;
  /** FILE_STORE_SHARED=1: `{DATA_DIR}/upload` is one folder shared by every node (only read with FILE_STORE=local). */
  fileStoreShared: boolean;
  /** CLUSTER=1: this node is one of several serving the same database (default 0: a single node). */
  cluster: boolean;
}

/** The refusal of a node of several on its own disk: names the settings that fix it. */
export const LOCAL_STORE_IN_CLUSTER =
  'CLUSTER=1 with FILE_STORE=local keeps every upload on the disk of the node that received it, so the other nodes answer 404 for it. ' +
  'Set FILE_STORE=database (files kept in the shared database; copy the existing ones once with `npm run files:copy -w server`), ' +
  'or FILE_STORE_SHARED=1 if DATA_DIR/upload is one folder mounted by every node (NFS)';

function flag(raw: string | undefined, name: string): boolean {
  const v = (raw ?? '0').trim();
  if (v !== '0' && v !== '1') throw new ConfigError(`${name} must be 0 or 1 (got "${raw}")`);
  return v === '1';
}

export function loadFileStoreConfig(env: NodeJS.ProcessEnv): FileStoreConfig {
  const kind = (env.FILE_STORE ?? 'local').trim().toLowerCase();
  if (kind !== 'local' && kind !== 'database') throw new ConfigError(`FILE_STORE must be "local" or "database" (got "${env.FILE_STORE}")`);
  const fileStoreShared = flag(env.FILE_STORE_SHARED, 'FILE_STORE_SHARED');
  const cluster = flag(env.CLUSTER, 'CLUSTER');
  if (cluster && kind === 'local' && !fileStoreShared) throw new ConfigError(LOCAL_STORE_IN_CLUSTER);
  return { fileStore: kind, fileStoreShared, cluster };
}
