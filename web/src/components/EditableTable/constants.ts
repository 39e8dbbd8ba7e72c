import { MSG as SHARED_MSG } from '../../messages';

/** Editable-table constants (001 §9). */
export const ROW_HEIGHT = 61;
export const MAX_HEIGHT = 400;
/** Rows kept mounted from the first one in view: the virtual window's overscan makes up the rows a body shows (layout.overscanFor). */
export const VISIBLE_LINES = 9;
export const DEFAULT_ADD_COUNT = 1;
/** addIndex 0 means "append at the bottom". */
export const ADD_INDEX_BOTTOM = 0;
export const DEFAULT_SORT_KEY = 'orderNum';
/** Without an explicit width a column takes 92 % divided by the visible columns, or 120 px when none are visible. */
export const DEFAULT_WIDTH_SHARE = 92;
export const DEFAULT_WIDTH_PX = 120;
export const MIN_WIDTH = { date: 135, datetime: 190, sel_user: 190, sel_depart: 190 } as const;
export const SEQ_WIDTH = 60;
export const SELECTION_WIDTH = 40;
export const SELECTION_WIDTH_WITH_STATISTICS = 60;
/**
 * The input-pop widget's default size outside a table (150×200). Not applied here: this table only has input_pop
 * cells, which use INPUT_POP_CELL_SIZE, and the project has no stand-alone input-pop widget. Kept as the spec value.
 */
export const INPUT_POP_SIZE = { width: 150, height: 200 };
/** input_pop cells: the popup's size (cells/Cell.tsx InputPop). */
export const INPUT_POP_CELL_SIZE = { width: 300, height: 210 };
/** The textarea inside that popup (cells/Cell.tsx InputPop). */
export const TEXTAREA_POP_SIZE = { width: 300, height: 210 };
export const MULTI_MAX_TAGS = 1;
/**
 * Tree dropdown max height (400 px). Not applied in this table: none of its 16 column types opens a tree dropdown
 * (sel_depart opens the department picker's modal). The tree widgets apply it themselves: pickers/TreeSelectPicker
 * (popup max height 400) and pickers/DepartPicker (tree box max height 400). Kept as the spec value.
 */
export const TREE_DROPDOWN_MAX_HEIGHT = 400;
export const UPLOAD_NAME_LENGTH = 5;
/** Upload cells keep at most this many files unless the column says otherwise; 0 = unset, unlimited (cells/UploadCell uploadLimit). */
export const UPLOAD_DEFAULT_NUMBER = 0;
export const UPLOAD_DEFAULT_BIZ = 'temp';
/** Timing (001 §9). */
export const INSERT_GUARD_MS = 1500;
export const BLUR_VALIDATE_MS = 100;
/** The scrolling flag clears this long after the last scroll (store.scroll; a click meanwhile opens its editor then). */
export const SCROLL_FLAG_MS = 100;
export const SOCKET_HEARTBEAT_MS = 10_000;
export const SOCKET_TIMEOUT_MS = 6_000;
export const SOCKET_RECONNECT_MS = 5_000;
/** Sub-table popover (001 §4). */
export const SUB_TABLE_SPACE_BELOW = 350;
export const SUB_TABLE_RETRIES = 3;
/** Temporary id suffix of rows that were never saved (001 §3). */
export const TEMP_ID_SUFFIX = '_temp';
export const ADD_SETTINGS_KEY = 'JVXE_ADD_BUTTON_SETTING';

/** JeecgBoot wording (001 §8). */
export const MSG = {
  subTableFailed: '打开子表失败',
  saved: SHARED_MSG.saved,
  selectRecord: '请选择一条记录',
  confirmDeleteTitle: SHARED_MSG.confirmDeleteTitle,
  /** 001 §5: 'confirm delete / delete selected data?', also 'really delete these N items?'. */
  confirmDelete: (n: number) => `确定要删除选中的 ${n} 条数据吗?`,
  /** A lazy tree node's children could not be loaded and the error said nothing. */
  loadChildrenFailed: '加载子节点失败',
  uploadError: SHARED_MSG.uploadError,
  unknownError: SHARED_MSG.unknownError,
  uploadFailed: SHARED_MSG.uploadFailed,
  sum: '合计',
  average: '平均值',
} as const;
