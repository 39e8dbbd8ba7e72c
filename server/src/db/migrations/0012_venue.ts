import { sql, type Kysely } from 'kysely';

/**
 * The venue (issue 13): a crew row gets a free-text remark (备注), as the other game tables have, so the 船员表 screen
 * has a text to search and an import a text to find its rows by.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ship_table')
    .addColumn('remark', sql`varchar(255)`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ship_table').dropColumn('remark').execute();
}
