/** Stored files: the upload root, safe path resolution, import error logs, the upload and static routes (contract §7). */
export { attachmentHeader, filesModule } from './routes.js';
export { randomName, resolveInside, safeRelative, uploadRoot, writeImportErrorLog } from './storage.js';
export { acceptedType, bizFolder, BIZ_FOLDERS, BIZ_INVALID, UPLOAD_MAX_BYTES } from './uploadRules.js';
export { MAX_REQUEST_BYTES, readFilePart, requestBudget, type RequestBudget } from './requestBudget.js';
