/** Dictionaries: plain codes (sys_dict), the table-dictionary registry, `_dictText` translation (contract §5.6, §6). */
export { dictModel, dictService, DictService, DICT_VERSION_KEY, invalidateDictCache, queryAllDictItems, type DictModel } from './service.js';
export {
  DICT_MSG,
  TABLE_DICT_MAX_ROWS,
  isTableDictCode,
  registeredTableDicts,
  resolveTableDict,
  setTableDictScope,
  type DictCaller,
  type DictScope,
  type TableDict,
  type TableDictRow,
} from './tableRegistry.js';
export { loadTreeRows, parseCondition, resolveTreeQuery, TREE_MSG, type TreeSelectModel } from './treeRegistry.js';
