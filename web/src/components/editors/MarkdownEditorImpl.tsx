/**
 * Markdown editor (001 §2, §9): @uiw/react-md-editor with its Chinese commands (zh-CN), default height 300 and
 * at least 200, image upload of one file at a time through `POST /sys/common/upload` (biz `jeditor`).
 * Loaded lazily through `MarkdownEditor`.
 */
import { useState } from 'react';
import MDEditor, { type ICommand } from '@uiw/react-md-editor';
import { getCommands, getExtraCommands, image } from '@uiw/react-md-editor/commands-cn';
import { feedback } from '../feedback';
import { imageInputAttributes, MARKDOWN_DEFAULT_HEIGHT, MARKDOWN_MIN_HEIGHT, markdownHeight } from './markdownConfig';
import { toDataUrl, uploadEditorImage } from './upload';
import type { MarkdownEditorProps } from './types';
import { MSG } from '../../messages';

/** Opens the file picker for one image. */
function pickImage(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    Object.assign(input, imageInputAttributes());
    input.onchange = () => resolve(input.files?.[0] ?? null);
    input.click();
  });
}

export default function MarkdownEditorImpl({ value, onChange, height = MARKDOWN_DEFAULT_HEIGHT, disabled }: MarkdownEditorProps) {
  const [h, setH] = useState(markdownHeight(height));
  const uploadImage: ICommand = {
    ...image,
    execute: async (_state, api) => {
      const file = await pickImage();
      if (!file) return;
      if (!file.type.includes('image')) {
        void feedback.message.warning(MSG.notImage);
        return;
      }
      try {
        const result = await uploadEditorImage(file, file.name, false);
        const url = result.kind === 'local' ? await toDataUrl(file) : result.url;
        api.replaceSelection(`![${file.name}](${url})`);
      } catch (err) {
        void feedback.message.error(err instanceof Error ? err.message : MSG.uploadFailed);
      }
    },
  };
  const commands = getCommands().map((c) => (c.name === 'image' ? uploadImage : c));
  return (
    <div data-color-mode="light" data-testid="markdown-editor">
      <MDEditor
        value={value ?? ''}
        onChange={(v) => onChange?.(v ?? '')}
        height={h}
        minHeight={MARKDOWN_MIN_HEIGHT}
        onHeightChange={(next) => setH(markdownHeight(next))}
        commands={commands}
        extraCommands={getExtraCommands()}
        textareaProps={{ disabled, placeholder: '请输入内容' }}
        preview="live"
      />
    </div>
  );
}
