import type { EntityDef } from '@pk/contract';
import type { QueryField, QuerySpec } from './types.js';

/** camelCase property → snake_case column (`postRank` → `post_rank`). */
export function camelToSnake(prop: string): string {
  return prop.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

export function snakeToCamel(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The query allow-list of an entity definition; `columns` overrides the default camel → snake mapping. */
export function querySpecOf(entity: EntityDef, columns: Readonly<Record<string, string>> = {}): QuerySpec {
  const fields = new Map<string, QueryField>();
  for (const f of entity.fields) {
    fields.set(f.prop, {
      prop: f.prop,
      label: f.label,
      type: f.type,
      column: columns[f.prop] ?? camelToSnake(f.prop),
      filter: f.filter,
      sort: f.sort,
    });
  }
  return { fields, defaultSort: entity.defaultSort ?? { prop: 'createTime', order: 'desc' } };
}
