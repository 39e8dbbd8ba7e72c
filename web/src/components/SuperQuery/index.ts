/** The advanced query builder (001 §2/§4/§5, contract §5.5). */
export { SuperQuery, type SuperQueryOutput, type SuperQueryProps } from './SuperQuery';
export { queryFields, superQueryParams, SQ_MSG, SUPER_QUERY_TITLE } from './superQueryRules';
