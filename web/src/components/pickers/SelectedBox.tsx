import { SearchOutlined } from '@ant-design/icons';
import { Button, Select, Space } from 'antd';
import { ellipsis, splitValue } from './rules';

export interface SelectedBoxProps {
  /** Comma-joined value. */
  value?: string;
  /** value part → display text. */
  labels: Record<string, string>;
  placeholder?: string;
  disabled?: boolean;
  /** Tags shown before a "+N" tag (default: all). */
  maxTagCount?: number;
  /** Remove one part (the tag's close icon) or clear all (`null`). */
  onRemove(part: string | null): void;
  onOpen(): void;
  /** Accessible name of the open button. */
  buttonLabel: string;
  'data-testid'?: string;
}

/**
 * The closed state shared by the modal pickers (001 §2 "multi-select box plus a button"): the chosen items as
 * tags (texts cut to 12 characters, 001 §9), a clear icon, and a button that opens the picker's modal.
 */
export function SelectedBox({ value, labels, placeholder, disabled, maxTagCount, onRemove, onOpen, buttonLabel, ...rest }: SelectedBoxProps) {
  const parts = splitValue(value);
  return (
    <Space.Compact style={{ width: '100%' }} data-testid={rest['data-testid']}>
      <Select
        mode="multiple"
        open={false}
        value={parts}
        options={parts.map((p) => ({ value: p, label: ellipsis(labels[p] ?? p) }))}
        placeholder={placeholder}
        disabled={disabled}
        maxTagCount={maxTagCount}
        allowClear
        onClear={() => onRemove(null)}
        onDeselect={(p: string) => onRemove(p)}
        onClick={() => !disabled && onOpen()}
        style={{ width: '100%' }}
        showSearch={false}
      />
      <Button icon={<SearchOutlined />} onClick={onOpen} disabled={disabled} aria-label={buttonLabel} />
    </Space.Compact>
  );
}
