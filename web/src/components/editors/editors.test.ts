import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_EDITOR_HEIGHT, CODE_LANGUAGE_NAMES, CODE_LANGUAGES, CODE_PLACEHOLDER_DELAY_MS, CODE_TAB_SIZE, findLanguage } from './languages';
import { imageInputAttributes, MARKDOWN_DEFAULT_HEIGHT, MARKDOWN_IMAGE_LIMIT, MARKDOWN_MIN_HEIGHT, markdownHeight } from './markdownConfig';
import { RICH_EDITOR_HEIGHT, RICH_EDITOR_TOOLBAR, richEditorInit, TINYMCE_LANGUAGE, TOOLBAR_TOOLTIPS } from './richEditorConfig';
import { fileAccessUrl, readUploadReply } from './upload';

describe('code editor (001 §2, §9)', () => {
  it('offers exactly the languages of 001 §2, in order', () => {
    expect(CODE_LANGUAGE_NAMES).toEqual(['CSS', 'Javascript', 'HTML', 'Java', 'Objective-C', 'Python', 'R', 'Shell', 'SQL', 'Swift', 'Vue', 'Markdown']);
    expect(CODE_EDITOR_HEIGHT).toBe(240);
    expect(CODE_TAB_SIZE).toBe(2);
    expect(CODE_PLACEHOLDER_DELAY_MS).toBe(300);
  });

  it('finds languages by name or alias', () => {
    expect(findLanguage('javascript')?.name).toBe('Javascript');
    expect(findLanguage('js')?.name).toBe('Javascript');
    expect(findLanguage('objective-c')?.name).toBe('Objective-C');
    expect(findLanguage('bash')?.name).toBe('Shell');
    expect(findLanguage('cobol')).toBeUndefined();
    expect(findLanguage(undefined)).toBeUndefined();
  });

  it('every language loads its CodeMirror support', async () => {
    const loaded = await Promise.all(CODE_LANGUAGES.map((l) => l.load()));
    for (const ext of loaded) expect(ext).toBeTruthy();
  });
});

describe('rich editor (001 §2, §9)', () => {
  afterEach(() => {
    delete (globalThis as { tinymce?: unknown }).tinymce;
  });

  it('config: height 300, no menubar, Chinese (zh-CN), the toolbar, uploads through the given handler', async () => {
    const upload = vi.fn(async () => '/s/a.png');
    const init = richEditorInit({ languageUrl: '/assets/zh-CN.js', uploadImage: upload });
    expect(RICH_EDITOR_HEIGHT).toBe(300);
    expect(init).toMatchObject({
      height: 300,
      menubar: false,
      language: 'zh-CN',
      language_url: '/assets/zh-CN.js',
      toolbar: RICH_EDITOR_TOOLBAR,
      automatic_uploads: true,
    });
    expect(TINYMCE_LANGUAGE).toBe('zh-CN');
    expect(richEditorInit({ languageUrl: '', height: 500, uploadImage: upload }).height).toBe(500);
    const blob = new Blob(['x'], { type: 'image/png' });
    await expect(init.images_upload_handler({ blob: () => blob, filename: () => 'a.png' })).resolves.toBe('/s/a.png');
    expect(upload).toHaveBeenCalledWith(blob, 'a.png');
  });

  it('the TinyMCE 8 zh-CN language pack registers zh-CN and translates every toolbar button', async () => {
    const registered: Record<string, Record<string, string>> = {};
    (globalThis as { tinymce?: unknown }).tinymce = { addI18n: (code: string, map: Record<string, string>) => (registered[code] = map) };
    await import('tinymce-i18n/langs8/zh-CN.js');
    const pack = registered[TINYMCE_LANGUAGE];
    expect(pack, 'the pack registers the language the editor asks for').toBeTruthy();
    // TinyMCE looks keys up as given, then lower-cased (I18n.add/translate)
    const lower = Object.fromEntries(Object.entries(pack).map(([k, v]) => [k.toLowerCase(), v]));
    const zh = (english: string) => pack[english] ?? lower[english.toLowerCase()];
    const buttons = RICH_EDITOR_TOOLBAR.split(/[\s|]+/).filter(Boolean);
    for (const b of buttons) {
      const english = TOOLBAR_TOOLTIPS[b];
      expect(english, b).toBeTruthy();
      expect(zh(english), english).toMatch(/[\u4e00-\u9fa5]/);
    }
    // and the dialogs of the image / link buttons
    for (const english of ['Insert/Edit Image', 'Insert/Edit Link', 'Upload', 'Source', 'Width', 'Height', 'Cancel', 'Save'])
      expect(zh(english), english).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('markdown editor (001 §2, §9)', () => {
  it('min height 200, default 300, one image at a time', () => {
    expect(MARKDOWN_MIN_HEIGHT).toBe(200);
    expect(MARKDOWN_DEFAULT_HEIGHT).toBe(300);
    expect(MARKDOWN_IMAGE_LIMIT).toBe(1);
    expect(markdownHeight(undefined)).toBe(300);
    expect(markdownHeight(120)).toBe(200);
    expect(markdownHeight(450)).toBe(450);
    expect(markdownHeight('abc')).toBe(300);
    expect(imageInputAttributes()).toEqual({ accept: 'image/*', multiple: false });
  });
});

describe('editor image upload replies (contract §7.1)', () => {
  it('a path becomes a static URL; absolute URLs are kept', () => {
    expect(fileAccessUrl('jeditor/a_1.png', '/jeecg-boot/sys/common/static')).toBe('/jeecg-boot/sys/common/static/jeditor/a_1.png');
    expect(fileAccessUrl('https://oss.example/x.png', '/s')).toBe('https://oss.example/x.png');
  });

  it("'local' means inline base64; a failure carries the server message", () => {
    expect(readUploadReply({ success: true, message: 'local' })).toEqual({ kind: 'local' });
    expect(readUploadReply({ success: true, message: 'jeditor/a.png' }, '/s')).toEqual({ kind: 'url', url: '/s/jeditor/a.png' });
    expect(() => readUploadReply({ success: false, message: '文件大小超出10MB限制' })).toThrow('文件大小超出10MB限制');
    expect(() => readUploadReply({ success: false })).toThrow('上传失败');
  });
});
