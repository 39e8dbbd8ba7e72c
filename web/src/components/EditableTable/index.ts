export { EditableTable, type EditableTableHandle, type EditableTableProps } from './EditableTable';
export { TableStore, type SavePayload } from './store';
export type { ColumnDef, ColumnType, Row, ValidateRule, Option } from './types';
export { COLUMN_TYPES } from './types';
