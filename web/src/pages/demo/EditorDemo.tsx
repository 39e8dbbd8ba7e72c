/** 组件示例 → 编辑器: rich text (TinyMCE), markdown and code editors, each loaded on first use. */
import { useState } from 'react';
import { Card, Tabs, Typography } from 'antd';
import { CodeEditor, MarkdownEditor, RichTextEditor } from '../../components/editors';

export default function EditorDemo() {
  const [html, setHtml] = useState('<p>海盗王后台管理系统：<strong>富文本</strong>编辑器示例。</p>');
  const [md, setMd] = useState('# Markdown 示例\n\n- 支持 **粗体**、`代码` 与图片上传（一次一张）');
  const [code, setCode] = useState('function hello(name) {\n  return `你好，${name}`;\n}\n');
  return (
    <Card title="编辑器" data-testid="editor-demo">
      <Tabs
        items={[
          {
            key: 'rich',
            label: '富文本',
            children: (
              <>
                <RichTextEditor value={html} onChange={setHtml} />
                <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} ellipsis={{ rows: 2 }} data-testid="rich-value">
                  {html}
                </Typography.Paragraph>
              </>
            ),
          },
          { key: 'md', label: 'Markdown', children: <MarkdownEditor value={md} onChange={setMd} /> },
          {
            key: 'code',
            label: '代码',
            children: <CodeEditor value={code} onChange={setCode} language="javascript" placeholder="请输入代码" />,
          },
        ]}
      />
    </Card>
  );
}
