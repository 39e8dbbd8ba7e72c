/**
 * 数据字典 (system/DictList): the dictionary headers and their items, both from the shared definitions
 * (packages/contract/src/entities/dict.ts).
 */
export { dictEntity, dictItemEntity } from '@pk/contract';
