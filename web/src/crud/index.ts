/** The CRUD page kit: a list page and form dialog rendered from an EntityDef (docs/ARCHITECTURE.md, web rules). */
export { ListPage, listQueryKey, PAGE_SIZES, type SearchExtra, type ListPageProps, type ListPageContext, type ColumnOverrides } from './ListPage';
export { FormModal, fieldRules, type FormModalProps } from './FormModal';
export { useAuth, usePermission, Authorized, hasAuth, readButtonAuth, readAllAuth, BUTTON_AUTH_KEY, ALL_AUTH_KEY, type AuthItem } from './auth';
export { useDictOptions, dictQueryKey, type DictItem, type DictOption } from './useDictOptions';
export { DictSelect } from './fields';
export { buildListParams, buildFilterParams, buildSortParams, buildExportParams } from './query';
export { buildFormBody, toFormValues, type EntityRow } from './formBody';
