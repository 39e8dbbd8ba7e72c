/**
 * Prompt dialog with a text input (001 §2; JeecgBoot JPrompt): title, an optional description, one input.
 * OK with an empty input shows the `requiredMessage` when `required`; Enter confirms.
 *
 * @example
 *   const [prompt, holder] = usePrompt();
 *   const name = await prompt({ title: '请输入名称', placeholder: '名称' }); // null when cancelled
 *   return <>{holder}…</>;
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Input, Modal, Typography, type InputRef } from 'antd';

export interface PromptOptions {
  title?: string;
  content?: string;
  placeholder?: string;
  defaultValue?: string;
  required?: boolean;
  requiredMessage?: string;
  width?: number;
}

export interface PromptModalProps extends PromptOptions {
  open: boolean;
  onOk: (value: string) => void | Promise<void>;
  onCancel: () => void;
}

export function PromptModal({
  open,
  title = '提示',
  content,
  placeholder = '请输入内容',
  defaultValue = '',
  required,
  requiredMessage = '请输入内容',
  width = 416,
  onOk,
  onCancel,
}: PromptModalProps) {
  const [value, setValue] = useState(defaultValue);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    if (open) {
      setValue(defaultValue);
      setError(null);
      setTimeout(() => input.current?.focus(), 50);
    }
  }, [open, defaultValue]);

  const ok = async () => {
    if (required && !value.trim()) {
      setError(requiredMessage);
      return;
    }
    setBusy(true);
    try {
      await onOk(value);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={title} width={width} okText="确定" cancelText="取消" confirmLoading={busy} onOk={ok} onCancel={onCancel} destroyOnHidden>
      {content && <Typography.Paragraph>{content}</Typography.Paragraph>}
      <Input
        ref={input}
        aria-label={title}
        value={value}
        placeholder={placeholder}
        status={error ? 'error' : undefined}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError(null);
        }}
        onPressEnter={ok}
      />
      {error && <Typography.Text type="danger">{error}</Typography.Text>}
    </Modal>
  );
}

/** Imperative prompt: resolves with the text, or null when cancelled. Render `holder` once. */
export function usePrompt(): [(options?: PromptOptions) => Promise<string | null>, React.ReactNode] {
  const [current, setCurrent] = useState<{ options: PromptOptions; resolve: (v: string | null) => void } | null>(null);
  const prompt = useCallback((options: PromptOptions = {}) => new Promise<string | null>((resolve) => setCurrent({ options, resolve })), []);
  const holder = (
    <PromptModal
      {...(current?.options ?? {})}
      open={!!current}
      onOk={(v) => {
        current?.resolve(v);
        setCurrent(null);
      }}
      onCancel={() => {
        current?.resolve(null);
        setCurrent(null);
      }}
    />
  );
  return [prompt, holder];
}
