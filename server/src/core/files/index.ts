/** Stored files: the upload root, safe path resolution, import error logs and the static route (contract §7). */
export { attachmentHeader, filesModule } from './routes.js';
export { randomName, resolveInside, safeRelative, uploadRoot, writeImportErrorLog } from './storage.js';
