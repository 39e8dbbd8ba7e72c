/**
 * 职务管理 (system/SysPositionList) — rendered entirely from the shared definition: search 职务编码 / 职务名称
 * (like), 职级 (position_rank), 创建时间 (range); the columns, the form and the Excel columns come from the same
 * fields. Column overrides (`ColumnOverrides` from crud/) go here if the generated ones are ever not enough.
 */
export { positionEntity } from '@pk/contract';
