/**
 * The rich editor's configuration (001 §2, §9: height 300, Chinese, no menubar, image upload), kept free of TinyMCE
 * itself so it can be tested without loading the editor. The Chinese UI is TinyMCE's own community language pack
 * for version 8 (`tinymce-i18n/langs8/zh-CN.js`, which registers `zh-CN`): RichTextEditorImpl imports its URL and
 * TinyMCE loads it (`language_url`) when an editor starts, so it is fetched only with the editor, served from
 * node_modules (built into dist/assets).
 */

/** The language the pack registers (TinyMCE 8 codes use a hyphen). */
export const TINYMCE_LANGUAGE = 'zh-CN';

/** 001 §9: rich editor height 300. */
export const RICH_EDITOR_HEIGHT = 300;

export const RICH_EDITOR_PLUGINS = 'lists advlist link image media table wordcount fullscreen';

export const RICH_EDITOR_TOOLBAR =
  'undo redo | blocks | bold italic | alignleft aligncenter alignright alignjustify | bullist numlist outdent indent | link unlink image media table | removeformat | fullscreen';

/** TinyMCE's (English) tooltip of each toolbar button, so a test can check the language pack translates every one. */
export const TOOLBAR_TOOLTIPS: Record<string, string> = {
  undo: 'Undo',
  redo: 'Redo',
  blocks: 'Blocks',
  bold: 'Bold',
  italic: 'Italic',
  alignleft: 'Align left',
  aligncenter: 'Align center',
  alignright: 'Align right',
  alignjustify: 'Justify',
  bullist: 'Bullet list',
  numlist: 'Numbered list',
  outdent: 'Decrease indent',
  indent: 'Increase indent',
  link: 'Insert/edit link',
  unlink: 'Remove link',
  image: 'Insert/edit image',
  media: 'Insert/edit media',
  table: 'Table',
  removeformat: 'Clear formatting',
  fullscreen: 'Fullscreen',
};

export interface RichEditorInitOptions {
  /** URL of the zh-CN language pack file (TinyMCE loads it before the editor's UI). */
  languageUrl: string;
  height?: number;
  placeholder?: string;
  /** Upload one pasted or chosen image; resolves with the URL to insert. */
  uploadImage(blob: Blob, fileName: string): Promise<string>;
}

/** The TinyMCE `init` of the rich editor: Chinese, no menubar, height 300 by default, images through `uploadImage`. */
export function richEditorInit({ languageUrl, height = RICH_EDITOR_HEIGHT, placeholder, uploadImage }: RichEditorInitOptions) {
  return {
    language: TINYMCE_LANGUAGE,
    language_url: languageUrl,
    height,
    menubar: false,
    branding: false,
    promotion: false,
    placeholder,
    // the oxide skin and the default content CSS are registered by RichTextEditorImpl's imports (skin.js,
    // content.js), so nothing is fetched from a CDN or a base URL
    plugins: RICH_EDITOR_PLUGINS,
    toolbar: RICH_EDITOR_TOOLBAR,
    image_advtab: false,
    automatic_uploads: true,
    images_upload_handler: (blobInfo: { blob(): Blob; filename(): string }) => uploadImage(blobInfo.blob(), blobInfo.filename()),
  };
}
