/** Stored files: the file store (local folder or shared database), safe paths, import error logs, the upload and static routes (contract §7). */
export { attachmentHeader, filesModule } from './routes.js';
export { isSafeRelative, randomName, resolveInside, safeRelative, uploadRoot } from './storage.js';
export { fileStore, putFile, readHead, type FileStore, type FileStoreContext, type FileWriter, type StoredFile } from './store.js';
export { writeImportErrorLog } from './importErrorLog.js';
export { acceptedType, bizFolder, BIZ_FOLDERS, BIZ_INVALID, UPLOAD_MAX_BYTES } from './uploadRules.js';
export { MAX_REQUEST_BYTES, readFilePart, requestBudget, type RequestBudget } from './requestBudget.js';
