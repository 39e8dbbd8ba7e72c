/**
 * What choosing a 数据库类型 (dict database_type) fills in, as the original data-source dialog does: the JDBC
 * driver class and an example URL to edit.
 */
export const DB_TYPE_DEFAULTS: Readonly<Record<string, { dbDriver: string; dbUrl: string }>> = {
  '1': { dbDriver: 'com.mysql.jdbc.Driver', dbUrl: 'jdbc:mysql://127.0.0.1:3306/jeecg-boot?characterEncoding=UTF-8&useUnicode=true&useSSL=false' },
  '4': {
    dbDriver: 'com.mysql.cj.jdbc.Driver',
    dbUrl:
      'jdbc:mysql://127.0.0.1:3306/jeecg-boot?characterEncoding=UTF-8&useUnicode=true&useSSL=false&tinyInt1isBit=false&allowPublicKeyRetrieval=true&serverTimezone=Asia/Shanghai',
  },
  '2': { dbDriver: 'oracle.jdbc.OracleDriver', dbUrl: 'jdbc:oracle:thin:@127.0.0.1:1521:ORCL' },
  '3': { dbDriver: 'com.microsoft.sqlserver.jdbc.SQLServerDriver', dbUrl: 'jdbc:sqlserver://127.0.0.1:1433;SelectMethod=cursor;DatabaseName=jeecgboot' },
  '5': { dbDriver: 'org.mariadb.jdbc.Driver', dbUrl: 'jdbc:mariadb://127.0.0.1:3306/jeecg-boot?characterEncoding=UTF-8&useSSL=false' },
  '6': { dbDriver: 'org.postgresql.Driver', dbUrl: 'jdbc:postgresql://127.0.0.1:5432/jeecg-boot' },
  '7': {
    dbDriver: 'dm.jdbc.driver.DmDriver',
    dbUrl: 'jdbc:dm://127.0.0.1:5236/?jeecg-boot&zeroDateTimeBehavior=convertToNull&useUnicode=true&characterEncoding=utf-8',
  },
  '8': { dbDriver: 'com.kingbase8.Driver', dbUrl: 'jdbc:kingbase8://127.0.0.1:54321/jeecg-boot' },
  '9': { dbDriver: 'com.oscar.Driver', dbUrl: 'jdbc:oscar://192.168.1.125:2003/jeecg-boot' },
  '10': { dbDriver: 'org.sqlite.JDBC', dbUrl: 'jdbc:sqlite:jeecg-boot.db' },
  '11': { dbDriver: 'com.ibm.db2.jcc.DB2Driver', dbUrl: 'jdbc:db2://127.0.0.1:50000/jeecg-boot' },
  '12': { dbDriver: 'org.hsqldb.jdbc.JDBCDriver', dbUrl: 'jdbc:hsqldb:hsql://127.0.0.1/jeecg-boot' },
  '13': { dbDriver: 'org.apache.derby.jdbc.ClientDriver', dbUrl: 'jdbc:derby://127.0.0.1:1527/jeecg-boot' },
  '14': { dbDriver: 'org.h2.Driver', dbUrl: 'jdbc:h2:tcp://127.0.0.1:8082/jeecg-boot' },
  '15': { dbDriver: '', dbUrl: '' },
};
