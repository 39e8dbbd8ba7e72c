/**
 * Button permissions of the CRUD pages: the one mechanism of web/src/access (permission.ts rules,
 * usePermission.tsx hook and component), re-exported under the names the CRUD kit has used since the spine issue.
 */
export { parseAuthList as parseButtonAuth, type AuthItem } from '../access/permission';
export { useAuth, usePermission, hasAuth, readButtonAuth, readAllAuth, BUTTON_AUTH_KEY, ALL_AUTH_KEY, Authorized } from '../access/usePermission';
