/** A list column of long text (a template's or message's content): one line cut at `width` px, the whole text on hover. */
import type { TableColumnType } from 'antd';
import type { EntityRow } from '../../crud';

export function clipped(width: number): Partial<TableColumnType<EntityRow>> {
  return {
    width,
    render: (v: unknown) => {
      const text = v === null || v === undefined ? '' : String(v);
      return (
        <span
          title={text}
          style={{ display: 'inline-block', maxWidth: width - 16, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'middle' }}
        >
          {text}
        </span>
      );
    },
  };
}
