import { LOG_TYPE, type LoginInfo, type VisitInfoDay } from '@pk/contract';
import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../../../core/context.js';
import { toWire, type CrudService } from '../../../core/crud/index.js';
import { today } from '../../../core/time.js';

/** 'yyyy-MM-dd' moved by `days`. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The day of create_time as 'yyyy-MM-dd' on each database (stored local time: no zone shift). The formats are
 * literals, so the grouped expression is the same text in SELECT and GROUP BY (PostgreSQL compares them).
 */
function dayOf(ctx: AppContext): RawBuilder<string> {
  switch (ctx.db.dialect) {
    case 'postgres':
      return sql<string>`to_char(create_time, ${sql.lit('YYYY-MM-DD')})`;
    case 'mysql':
      return sql<string>`date_format(create_time, ${sql.lit('%Y-%m-%d')})`;
    default:
      return sql<string>`substr(create_time, 1, 10)`;
  }
}

/** Login statistics of the dashboard (contract §9 "Dashboard counters"), from sys_log rows of log_type 1. */
export class VisitStats {
  constructor(private readonly ctx: AppContext) {}

  private logins() {
    return this.ctx.db.db.selectFrom('sys_log').where('log_type', '=', LOG_TYPE.login);
  }

  /** `/sys/loginfo`: all sign-ins, today's sign-ins, today's distinct IPs (today = Asia/Shanghai, as stored). */
  async loginInfo(): Promise<LoginInfo> {
    const day = today();
    const [total, todays] = await Promise.all([
      this.logins()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst(),
      this.logins()
        .where('create_time', '>=', `${day} 00:00:00`)
        .where('create_time', '<', `${addDays(day, 1)} 00:00:00`)
        .select((eb) => [eb.fn.countAll().as('n'), eb.fn.count('ip').distinct().as('ips')])
        .executeTakeFirst(),
    ]);
    return { totalVisitCount: Number(total?.n ?? 0), todayVisitCount: Number(todays?.n ?? 0), todayIp: Number(todays?.ips ?? 0) };
  }

  /** `/sys/visitInfo`: per day of the last 7 (today included) with sign-ins, their count and distinct IPs, by day. */
  async visitInfo(): Promise<VisitInfoDay[]> {
    const end = addDays(today(), 1);
    const day = dayOf(this.ctx);
    const rows = await this.logins()
      .where('create_time', '>=', `${addDays(end, -7)} 00:00:00`)
      .where('create_time', '<', `${end} 00:00:00`)
      .select((eb) => [day.as('tian'), eb.fn.countAll().as('visit'), eb.fn.count('ip').distinct().as('ip')])
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((r) => ({ visit: Number(r.visit), ip: Number(r.ip), tian: String(r.tian), type: String(r.tian).slice(5) }));
  }
}

/** Wipe the log table (`deleteBatch?ids=allclear`). Rows still queued by the operation log are written first. */
export async function clearLogs(ctx: AppContext, flush: () => Promise<void>): Promise<void> {
  await flush();
  await ctx.db.db.deleteFrom('sys_log').execute();
}

/** Data-log reads beyond the list (contract §12.8). */
export class DataLogReader {
  constructor(private readonly svc: CrudService) {}

  private select() {
    return this.svc.ctx.db.db.selectFrom('sys_data_log').select(this.svc.b.selectColumns as Array<'id'>);
  }

  /** `queryCompareList`: the rows of the given ids, oldest version first. */
  async byIds(ids: string[]): Promise<Record<string, unknown>[]> {
    const rows = await this.select().where('id', 'in', ids).orderBy('data_version').orderBy('id').execute();
    return rows.map((r) => toWire(this.svc.b, r));
  }

  /** `queryDataVerList`: every version of one row, newest first (as the original). */
  async versions(dataTable: string, dataId: string): Promise<Record<string, unknown>[]> {
    const rows = await this.select().where('data_table', '=', dataTable).where('data_id', '=', dataId).orderBy('data_version', 'desc').execute();
    return rows.map((r) => toWire(this.svc.b, r));
  }
}
