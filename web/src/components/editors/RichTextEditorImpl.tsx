/**
 * The rich-text editor itself (001 §2, §9): TinyMCE 8 served from node_modules (self-hosted, GPL licence key),
 * Chinese UI, no menubar, height 300, image upload through `POST /sys/common/upload` (biz `jeditor`,
 * `jeditor=1`; `local` → inline base64). Loaded lazily through `RichTextEditor` (index.tsx), never in the first
 * bundle.
 */
import { Editor } from '@tinymce/tinymce-react';
import tinymce from 'tinymce';
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
import { RICH_EDITOR_HEIGHT, RICH_EDITOR_TOOLBAR, TINYMCE_LANGUAGE, TINYMCE_ZH_CN } from './richEditorConfig';
import { toDataUrl, uploadEditorImage } from './upload';
import type { RichTextEditorProps } from './types';

tinymce.addI18n(TINYMCE_LANGUAGE, TINYMCE_ZH_CN);

export default function RichTextEditorImpl({ value, onChange, disabled, height = RICH_EDITOR_HEIGHT, placeholder }: RichTextEditorProps) {
  return (
    <Editor
      licenseKey="gpl"
      value={value ?? ''}
      disabled={disabled}
      onEditorChange={(html) => onChange?.(html)}
      init={{
        language: TINYMCE_LANGUAGE,
        height,
        menubar: false,
        branding: false,
        promotion: false,
        placeholder,
        // the oxide skin and the default content CSS are registered by the imports above (skin.js, content.js),
        // so nothing is fetched from a CDN or a base URL
        plugins: 'lists advlist link image media table wordcount fullscreen',
        toolbar: RICH_EDITOR_TOOLBAR,
        image_advtab: false,
        automatic_uploads: true,
        images_upload_handler: async (blobInfo) => {
          const blob = blobInfo.blob();
          const result = await uploadEditorImage(blob, blobInfo.filename(), true);
          return result.kind === 'local' ? toDataUrl(blob) : result.url;
        },
      }}
    />
  );
}
