/** Upload widgets (001 §2, §4, §8): FileUpload and ImageUpload, and their pure rules. */
export { FileUpload, ImageUpload, type UploadProps } from './JUpload';
export { fileAccessUrl, itemsFromValue, valueOf, type FileRecord, type UploadItem, type UploadValue } from './uploadRules';
