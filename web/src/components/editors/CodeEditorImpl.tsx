/**
 * Code editor (001 §2, §9): CodeMirror with a language selector (the list of 001 §2), a fullscreen toggle, line
 * numbers, a placeholder shown after 300 ms, height 240 and tab size 2. Loaded lazily through `CodeEditor`.
 */
import { useEffect, useState } from 'react';
import CodeMirror, { type Extension } from '@uiw/react-codemirror';
import { Button, Select, Space, Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { CODE_EDITOR_HEIGHT, CODE_LANGUAGES, CODE_PLACEHOLDER_DELAY_MS, CODE_TAB_SIZE, findLanguage } from './languages';
import type { CodeEditorProps } from './types';

export default function CodeEditorImpl({
  value,
  onChange,
  language = 'Javascript',
  languageChange = true,
  placeholder,
  height = CODE_EDITOR_HEIGHT,
  disabled,
  lineNumbers = true,
  fullScreen = true,
}: CodeEditorProps) {
  const [lang, setLang] = useState(findLanguage(language)?.name ?? 'Javascript');
  const [extension, setExtension] = useState<Extension | null>(null);
  const [full, setFull] = useState(false);
  const [shownPlaceholder, setShownPlaceholder] = useState<string | undefined>(undefined);

  useEffect(() => setLang(findLanguage(language)?.name ?? 'Javascript'), [language]);

  useEffect(() => {
    let live = true;
    void findLanguage(lang)
      ?.load()
      .then((ext) => live && setExtension(ext));
    return () => {
      live = false;
    };
  }, [lang]);

  useEffect(() => {
    const t = setTimeout(() => setShownPlaceholder(placeholder), CODE_PLACEHOLDER_DELAY_MS);
    return () => clearTimeout(t);
  }, [placeholder]);

  const box: React.CSSProperties = full
    ? { position: 'fixed', inset: 0, zIndex: 1100, background: '#fff', padding: 8, display: 'flex', flexDirection: 'column' }
    : { border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' };

  return (
    <div style={box} data-testid="code-editor" data-fullscreen={full ? 'true' : 'false'}>
      {(languageChange || fullScreen) && (
        <Space style={{ padding: '4px 8px', justifyContent: 'space-between', width: '100%', borderBottom: '1px solid #f0f0f0' }}>
          {languageChange ? (
            <Select
              size="small"
              value={lang}
              aria-label="语言"
              style={{ width: 140 }}
              onChange={setLang}
              options={CODE_LANGUAGES.map((l) => ({ value: l.name, label: l.name }))}
            />
          ) : (
            <span />
          )}
          {fullScreen && (
            <Tooltip title={full ? '退出全屏' : '全屏'}>
              <Button
                size="small"
                type="text"
                aria-label={full ? '退出全屏' : '全屏'}
                icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={() => setFull((f) => !f)}
              />
            </Tooltip>
          )}
        </Space>
      )}
      <CodeMirror
        value={value ?? ''}
        onChange={(v) => onChange?.(v)}
        height={full ? 'calc(100vh - 60px)' : `${height}px`}
        editable={!disabled}
        readOnly={disabled}
        placeholder={shownPlaceholder}
        basicSetup={{ lineNumbers, tabSize: CODE_TAB_SIZE, foldGutter: lineNumbers }}
        indentWithTab
        extensions={extension ? [extension] : []}
      />
    </div>
  );
}
