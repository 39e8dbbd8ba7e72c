/**
 * 磁盘监控 (contract §9 `GET /sys/actuator/redis/queryDiskInfo`): every mounted filesystem of /proc/mounts with a
 * non-zero size, as `{name, max, rest, restPPT}` (bytes total, bytes free to users, integer % used). Pseudo and
 * memory filesystems are skipped, a filesystem mounted twice (bind mounts) is listed once, each statfs has a time
 * limit (a hung network mount cannot hold the answer) and the list is cached for DISK_CACHE_MS. Without
 * /proc/mounts (not Linux) the root filesystem alone is listed.
 */
import { readFile, statfs } from 'node:fs/promises';

export const DISK_CACHE_MS = 10_000;
const STATFS_TIMEOUT_MS = 2_000;
const MAX_MOUNTS = 64;

/** Filesystem types that are not disks. */
const PSEUDO = new Set([
  'proc',
  'sysfs',
  'devtmpfs',
  'devpts',
  'tmpfs',
  'ramfs',
  'cgroup',
  'cgroup2',
  'mqueue',
  'debugfs',
  'tracefs',
  'securityfs',
  'pstore',
  'bpf',
  'configfs',
  'fusectl',
  'hugetlbfs',
  'autofs',
  'binfmt_misc',
  'nsfs',
  'rpc_pipefs',
  'selinuxfs',
  'efivarfs',
  'squashfs',
  'fuse.gvfsd-fuse',
  'fuse.portal',
  'nfsd',
  'overlay-pseudo',
  'shm',
  'none',
]);

export interface DiskInfo {
  name: string;
  max: number;
  rest: number;
  restPPT: number;
}

export interface Mount {
  source: string;
  target: string;
  type: string;
}

/** /proc/mounts lines (octal escapes such as `\040` for a space decoded). */
export function parseMounts(text: string): Mount[] {
  const unescape = (s: string) => s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));
  const out: Mount[] = [];
  for (const line of text.split('\n')) {
    const [source, target, type] = line.split(' ');
    if (!source || !target || !type) continue;
    out.push({ source: unescape(source), target: unescape(target), type });
  }
  return out;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T | null> {
  let t: NodeJS.Timeout | undefined;
  return Promise.race([
    p.catch(() => null),
    new Promise<null>((resolve) => {
      t = setTimeout(() => resolve(null), ms);
      t.unref();
    }),
  ]).finally(() => clearTimeout(t));
}

export async function readDisks(mountsFile = '/proc/mounts'): Promise<DiskInfo[]> {
  let mounts: Mount[];
  try {
    mounts = parseMounts(await readFile(mountsFile, 'utf8'));
  } catch {
    mounts = [{ source: 'root', target: '/', type: 'root' }];
  }
  const candidates = mounts.filter((m) => !PSEUDO.has(m.type) && m.target.startsWith('/')).slice(0, MAX_MOUNTS);
  const stats = await Promise.all(candidates.map((m) => withTimeout(statfs(m.target), STATFS_TIMEOUT_MS)));
  const seen = new Set<string>();
  const out: DiskInfo[] = [];
  candidates.forEach((m, i) => {
    const st = stats[i];
    if (!st) return;
    const max = st.blocks * st.bsize;
    if (!(max > 0)) return;
    const rest = st.bavail * st.bsize;
    // The same filesystem mounted twice: same device and the same figures.
    const key = `${m.source}|${st.blocks}|${st.bsize}|${st.files}`;
    if (seen.has(key)) return;
    seen.add(key);
    const used = Math.max(0, max - st.bfree * st.bsize);
    out.push({ name: m.target, max, rest, restPPT: Math.min(100, Math.max(0, Math.round((used / max) * 100))) });
  });
  return out;
}

let cache: { at: number; list: Promise<DiskInfo[]> } | null = null;

/** The disk list, read at most every DISK_CACHE_MS. */
export function diskInfo(): Promise<DiskInfo[]> {
  const nowMs = Date.now();
  if (!cache || nowMs - cache.at >= DISK_CACHE_MS) {
    const list = readDisks();
    cache = { at: nowMs, list };
    list.catch(() => {
      cache = null;
    });
  }
  return cache.list;
}
