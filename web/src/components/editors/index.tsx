/**
 * The editors (001 §2, §9), each loaded on first use: none of TinyMCE, the markdown editor or CodeMirror is in the
 * first bundle. Use them like any antd form control (`value` / `onChange`).
 *
 * @example <Form.Item name="content"><RichTextEditor /></Form.Item>
 */
import { Suspense, lazy } from 'react';
import { Spin } from 'antd';
import type { CodeEditorProps, MarkdownEditorProps, RichTextEditorProps } from './types';

// TinyMCE's core first: the editor chunk's theme and plugins need the global it sets (tinymceCore.ts)
const RichImpl = lazy(() => import('./tinymceCore').then(() => import('./RichTextEditorImpl')));
const MarkdownImpl = lazy(() => import('./MarkdownEditorImpl'));
const CodeImpl = lazy(() => import('./CodeEditorImpl'));

function Loading({ height }: { height: number }) {
  return (
    <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center', border: '1px dashed #d9d9d9' }}>
      <Spin />
    </div>
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Loading height={props.height ?? 300} />}>
      <RichImpl {...props} />
    </Suspense>
  );
}

export function MarkdownEditor(props: MarkdownEditorProps) {
  return (
    <Suspense fallback={<Loading height={props.height ?? 300} />}>
      <MarkdownImpl {...props} />
    </Suspense>
  );
}

export function CodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<Loading height={props.height ?? 240} />}>
      <CodeImpl {...props} />
    </Suspense>
  );
}

export type { CodeEditorProps, MarkdownEditorProps, RichTextEditorProps };
