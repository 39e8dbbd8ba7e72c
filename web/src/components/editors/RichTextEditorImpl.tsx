/**
 * The rich-text editor itself (001 §2, §9): TinyMCE 8 served from node_modules (self-hosted, GPL licence key),
 * Chinese UI (TinyMCE's zh-CN language pack), no menubar, height 300, image upload through `POST /sys/common/upload` (biz `jeditor`,
 * `jeditor=1`; `local` → inline base64). Loaded lazily through `RichTextEditor` (index.tsx), never in the first
 * bundle. TinyMCE's core is loaded just before this module (tinymceCore.ts, through index.tsx).
 */
import { Editor } from '@tinymce/tinymce-react';
import 'tinymce/models/dom/model';
import 'tinymce/themes/silver';
import 'tinymce/icons/default';
import 'tinymce/skins/ui/oxide/skin.js';
import 'tinymce/skins/ui/oxide/content.js';
import 'tinymce/skins/content/default/content.js';
import 'tinymce/plugins/lists';
import 'tinymce/plugins/advlist';
import 'tinymce/plugins/link';
import 'tinymce/plugins/image';
import 'tinymce/plugins/media';
import 'tinymce/plugins/table';
import 'tinymce/plugins/wordcount';
import 'tinymce/plugins/fullscreen';
// TinyMCE's zh-CN language pack, emitted as a file of its own: TinyMCE loads it (language_url) when the editor starts,
// when the global `tinymce` the pack calls exists. (Bundled as a side-effect import it ran before the CommonJS
// tinymce module had set that global.)
import zhCnUrl from 'tinymce-i18n/langs8/zh-CN.js?url';
import { richEditorInit } from './richEditorConfig';
import { toDataUrl, uploadEditorImage } from './upload';
import type { RichTextEditorProps } from './types';

export default function RichTextEditorImpl({ value, onChange, disabled, height, placeholder }: RichTextEditorProps) {
  return (
    <Editor
      licenseKey="gpl"
      value={value ?? ''}
      disabled={disabled}
      onEditorChange={(html) => onChange?.(html)}
      init={richEditorInit({
        languageUrl: zhCnUrl,
        height,
        placeholder,
        uploadImage: async (blob, fileName) => {
          const result = await uploadEditorImage(blob, fileName, true);
          return result.kind === 'local' ? toDataUrl(blob) : result.url;
        },
      })}
    />
  );
}
