/** The permission codes live in the wire contract (packages/contract/src/permissions.ts); re-exported for the server. */
export { PERM, ALL_PERM_CODES, type PermCode } from '@pk/contract';
