export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  height?: number;
  placeholder?: string;
}

export interface MarkdownEditorProps {
  value?: string;
  onChange?: (markdown: string) => void;
  /** 001 §9: default 300, at least 200. */
  height?: number;
  disabled?: boolean;
}

export interface CodeEditorProps {
  value?: string;
  onChange?: (code: string) => void;
  /** A name from `CODE_LANGUAGES` (001 §2). */
  language?: string;
  /** Show the language selector (default true). */
  languageChange?: boolean;
  placeholder?: string;
  /** 001 §9: default 240. */
  height?: number;
  disabled?: boolean;
  lineNumbers?: boolean;
  fullScreen?: boolean;
}
