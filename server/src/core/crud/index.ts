/**
 * The CRUD engine: an EntityDef (from @pk/contract) plus a table binding gives the eight standard endpoints.
 * A module calls `registerCrud(app, binding)` inside its plugin and adds only what is special to it.
 */
export { registerCrud, IMPORT_LIMITS } from './routes.js';
export { CrudService, PAGE_LIMITS, splitIds } from './service.js';
export { resolveBinding, toWire, ALWAYS_HIDDEN, AUDIT_PROPS, CRUD_MESSAGES, type ResolvedBinding } from './binding.js';
export { validateBody, checkId, CRUD_MSG } from './validate.js';
export type { CrudBinding, CrudHooks, CrudMessages, SaveContext, SaveExtras, DeleteContext, Row, Values } from './types.js';
export { writeDataLog } from './dataLog.js';
export { crudSchemas, entityBody, type CrudSchemas, type CrudSchemaExtras } from './schemas.js';
