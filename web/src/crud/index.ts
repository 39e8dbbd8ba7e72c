/** The CRUD page kit: a list page and form dialog rendered from an EntityDef (docs/ARCHITECTURE.md, web rules). */
export { ListPage, listQueryKey, type SearchExtra, type ListPageProps, type ListPageContext, type ColumnOverrides } from './ListPage';
export { usePaging, type Paging, type PagingParams } from './usePaging';
export { listPagination, totalText, PAGE_SIZES, DEFAULT_PAGE_SIZE, INITIAL_SORT, type ListPaginationOptions } from './listPagination';
export { SearchButtons } from './SearchButtons';
export { FormModal, fieldRules, type FormModalProps, type FormModalExtension } from './FormModal';
export { useFormSubmit, type FormSubmit, type FormSubmitOptions } from './useFormSubmit';
export { useAuth, usePermission, Authorized, hasAuth, readButtonAuth, readAllAuth, BUTTON_AUTH_KEY, ALL_AUTH_KEY, type AuthItem } from './auth';
export { useDictOptions, dictQueryKey, type DictItem, type DictOption } from './useDictOptions';
export { DictSelect } from './fields';
export { buildListParams, buildFilterParams, buildSortParams, buildExportParams } from './query';
export { buildFormBody, toFormValues, type EntityRow } from './formBody';
export { formatRule } from './formatRule';
export { duplicateRule, uniqueRules, DUPLICATE_CHECK_URL } from './duplicateRule';
export { checkRuleRule, checkRules, askCheckRule, CHECK_BY_CODE_URL } from './checkRuleValidator';
export { serverRule, SERVER_RULE_DELAY } from './serverRule';
export { RemoteTable, type RemoteTableProps, type SearchItem } from './RemoteTable';
export { useListController, type ListController, type ListControllerOptions } from './useListController';
export {
  listSource,
  entityListSource,
  fetchList,
  firstPageQuery,
  initialListParams,
  listKey,
  LIST_FRESH_MS,
  type ListSource,
  type ListData,
} from './listSource';
export { type RowAction, type ToolbarAction, type ListActionContext, type ActionConfirm } from './actions';
export { lazyDialog } from './lazyDialog';
