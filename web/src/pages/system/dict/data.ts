/**
 * 数据字典 (system/DictList): the dictionary headers and their items, both from the shared definitions
 * (packages/contract/src/entities/dict.ts).
 */
import { dictItemEntity } from '@pk/contract';

export { dictEntity, dictItemEntity } from '@pk/contract';

/** The items drawer's list: `dictId` is the drawer's fixed param, not a search field. */
export const drawerItemEntity: typeof dictItemEntity = {
  ...dictItemEntity,
  fields: dictItemEntity.fields.map((f) => (f.prop === 'dictId' ? { ...f, filter: undefined } : f)) as unknown as typeof dictItemEntity.fields,
};
