export { CronBuilder, type CronBuilderProps } from './CronBuilder';
export { applyChange, changeField } from './linkage';
export { CronInput, type CronInputProps } from './CronInput';
export { previewRuns, PREVIEW_COUNT, PREVIEW_DEBOUNCE_MS } from './preview';
export { parseCron, buildCron, joinCron } from './model';
