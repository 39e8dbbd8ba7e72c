/** Cron expressions on the server (contract §11). */
import { http } from './request';

/** GET /sys/quartzJob/cronPreview — the next 10 run times (GMT+8, year honoured), or the reason Quartz rejects it. */
export function cronPreview(cron: string) {
  return http.get<string[]>('/sys/quartzJob/cronPreview', { cron });
}
