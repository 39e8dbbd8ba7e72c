import { describe, expect, it } from 'vitest';
import { CODE_EDITOR_HEIGHT, CODE_LANGUAGE_NAMES, CODE_LANGUAGES, CODE_PLACEHOLDER_DELAY_MS, CODE_TAB_SIZE, findLanguage } from './languages';
import { RICH_EDITOR_HEIGHT, RICH_EDITOR_TOOLBAR, TINYMCE_ZH_CN, TOOLBAR_TOOLTIPS } from './richEditorConfig';
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
  it('height 300 and a Chinese string for every toolbar button', () => {
    expect(RICH_EDITOR_HEIGHT).toBe(300);
    const buttons = RICH_EDITOR_TOOLBAR.split(/[\s|]+/).filter(Boolean);
    for (const b of buttons) {
      const english = TOOLBAR_TOOLTIPS[b];
      expect(english, b).toBeTruthy();
      expect(TINYMCE_ZH_CN[english], english).toMatch(/[\u4e00-\u9fa5]/);
    }
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
