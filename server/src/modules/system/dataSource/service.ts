import type { DataSourceOption, TestConnectionBody } from '@pk/contract';
import type { AppContext } from '../../../core/context.js';
import type { SecretBox } from '../../../core/crypto/secretBox.js';
import { BizError, MSG } from '../../../core/envelope/errors.js';
import { checkId } from '../../../core/crud/index.js';
import { failureReason, testConnection } from './connectionTest.js';
import { DATA_SOURCE_MSG } from './definition.js';
import { hostAllowList, type HostAllowList } from './hostPolicy.js';
import { CONNECTION_MSG, ConnectionRefused } from './refusal.js';

/** A form value as compared with the stored one: absent, null and blank are the same. */
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim() === (b ?? '').trim();

/** The data-source queries beyond the CRUD engine: the options list and the connection test. */
export class DataSourceService {
  private readonly allow: HostAllowList;

  constructor(
    private readonly ctx: AppContext,
    private readonly box: SecretBox,
  ) {
    this.allow = hostAllowList(ctx.config.dataSourceHosts);
  }

  /** `GET /sys/dataSource/options`: every data source as `{value: code, label: name, text: name}` (no password). */
  async options(): Promise<DataSourceOption[]> {
    const rows = await this.ctx.db.db.selectFrom('sys_data_source').select(['code', 'name']).orderBy('create_time', 'asc').orderBy('id', 'asc').execute();
    return rows.map((r) => ({ value: r.code ?? '', label: r.name ?? '', text: r.name ?? '' }));
  }

  /**
   * The stored password of a data source, opened, for a test of that very source: null when it has none; refused
   * when the form's type, driver, URL or user name differ from the row's (the password never goes to another host,
   * user or driver — the user types it again).
   */
  async storedPassword(body: TestConnectionBody & { id: string }): Promise<string | null> {
    const id = checkId(body.id);
    const row = await this.ctx.db.db
      .selectFrom('sys_data_source')
      .select(['db_type', 'db_driver', 'db_url', 'db_username', 'db_password'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new BizError(MSG.notFound);
    if (!row.db_password) return null;
    const unchanged =
      same(body.dbType, row.db_type) && same(body.dbDriver, row.db_driver) && same(body.dbUrl, row.db_url) && same(body.dbUsername, row.db_username);
    if (!unchanged) throw new BizError(CONNECTION_MSG.failed(CONNECTION_MSG.passwordNeeded));
    try {
      return this.box.open(row.db_password);
    } catch {
      throw new BizError(CONNECTION_MSG.failed(DATA_SOURCE_MSG.unreadable));
    }
  }

  /**
   * The connection test (contract §10): `数据库连接成功`, else BizError `数据库连接失败：{reason}`. A blank password
   * with the id of a saved data source means its stored password (the edit dialog never holds it).
   */
  async testConnection(body: TestConnectionBody): Promise<string> {
    let password = body.dbPassword || null;
    if (!password && body.id) password = await this.storedPassword({ ...body, id: body.id });
    try {
      await testConnection({ ...body, dbPassword: password }, this.ctx.config.dataDir, this.allow);
      return CONNECTION_MSG.ok;
    } catch (e) {
      throw new BizError(CONNECTION_MSG.failed(e instanceof ConnectionRefused ? e.message : failureReason(e)));
    }
  }
}
