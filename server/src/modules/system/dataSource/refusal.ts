/** The texts of the connection test (contract §10) and its refusal; a refusal's text follows `数据库连接失败：`. */
export const CONNECTION_MSG = {
  ok: '数据库连接成功',
  failed: (reason: string) => `数据库连接失败：${reason}`,
  unsupported: '不支持的数据库类型，可测试 MySQL、MariaDB、PostgreSQL 和 SQLite',
  badUrl: '数据源地址格式不正确',
  schemeMismatch: '数据源地址与数据库类型不符',
  sqliteOutside: 'SQLite 数据库文件必须位于数据目录之内',
  sqliteMissing: 'SQLite 数据库文件不存在',
  /** Every network-level failure (refused, timeout, unknown host, reset, not a database): one text, so no port scan. */
  unreachable: '无法连接到数据库服务器，请检查地址、端口和网络',
  hostForbidden: '不允许连接链路本地地址或云平台元数据地址',
  hostNotAllowed: '该主机不在允许连接的数据源主机之列（DATA_SOURCE_HOSTS）',
  /** A saved source tested with another driver, URL or user and no password: its stored one stays home. */
  passwordNeeded: '数据库类型、驱动、地址或用户名已更改，请重新输入密码',
} as const;

/** A failure whose text is shown as it is (a refusal before connecting, or the database server's own answer). */
export class ConnectionRefused extends Error {}
