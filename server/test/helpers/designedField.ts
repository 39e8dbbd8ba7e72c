/**
 * A field row of the online form designer as the client sends it (online-contract.md §1.1): shown in the form and
 * the list, nullable, a text widget, labelled with its name — `extra` overrides any of it. Shared by the online
 * form tests (test/online).
 */
export function designedField(dbFieldName: string, dbType: string, dbLength: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    dbFieldName,
    dbFieldTxt: dbFieldName,
    dbType,
    dbLength,
    dbPointLength: 0,
    dbIsKey: 0,
    dbIsNull: 1,
    isShowForm: 1,
    isShowList: 1,
    fieldShowType: 'text',
    ...extra,
  };
}
