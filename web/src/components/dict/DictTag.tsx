/**
 * Shows the dictionary text of a value as tags (a comma list gives one tag per item; unknown values as they are).
 *
 * @example <DictTag dictCode="priority" value="H" />
 */
import { Space, Tag } from 'antd';
import { useDictOptions } from '../../crud/useDictOptions';
import { MULTI_SEPARATOR, dictText, splitMulti } from './values';

/** Tag colours for well-known codes; others use the default tag. */
const COLORS: Record<string, Record<string, string>> = {
  priority: { H: 'red', M: 'orange', L: 'blue' },
};

export interface DictTagProps {
  dictCode: string;
  value?: string | number | null;
  separator?: string;
}

export function DictTag({ dictCode, value, separator = MULTI_SEPARATOR }: DictTagProps) {
  const { options } = useDictOptions(dictCode);
  const values = splitMulti(value === null || value === undefined ? '' : String(value), separator);
  if (!values.length) return null;
  return (
    <Space size={4} wrap>
      {values.map((v) => (
        <Tag key={v} color={COLORS[dictCode]?.[v]}>
          {dictText(options, v)}
        </Tag>
      ))}
    </Space>
  );
}
