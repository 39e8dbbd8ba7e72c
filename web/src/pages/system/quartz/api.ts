/** The 定时任务 screen's own calls (contract §11): pause, resume, run once, the known job classes. */
import { http } from '../../../api/request';
import type { QuartzJobHandlerInfo } from '@pk/contract';

export const pauseJob = (id: string) => http.get<null>('/sys/quartzJob/pause', { id });
export const resumeJob = (id: string) => http.get<null>('/sys/quartzJob/resume', { id });
export const executeJob = (id: string) => http.get<null>('/sys/quartzJob/execute', { id });
export const jobHandlers = () => http.get<QuartzJobHandlerInfo[]>('/sys/quartzJob/handlers');
