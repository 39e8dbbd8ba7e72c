/** Request query parameters → typed condition tree → Kysely expressions (contract §5, security §1.1). */
export type { Cond, QueryField, QuerySpec, RawParams, Scalar, SortSpec } from './types.js';
export { QUERY_LIMITS } from './types.js';
export { parseValueSyntax, typedValue } from './valueSyntax.js';
export { parseSuperQuery, SUPER_QUERY_MSG } from './superQuery.js';
export { buildSort, buildWhere, param, queryParams } from './buildQuery.js';
export { compileCond, escapeLike, likeExpr, likePattern, LIKE_ESCAPE } from './compile.js';
export { camelToSnake, querySpecOf, snakeToCamel } from './spec.js';
export { fetchPage, intParam, paging, PAGING, slicePage, type Paging } from './paging.js';
