import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Card, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { redisApi } from './api';
import { REDIS_UI_MSG as T } from './messages';

interface Entry {
  id: number;
  command: string;
  output: string;
  error: boolean;
}

/** Most entries kept on screen and commands kept in the history. */
const MAX_ENTRIES = 100;
const MAX_HISTORY = 50;

/**
 * Redis终端 (`modules/monitor/RedisTerminal`): a console over `POST /sys/actuator/redis/terminal`. The server runs
 * only its read-only whitelist and answers text as redis-cli prints it; a refusal is shown in red. ↑ / ↓ walk the
 * history of this page.
 */
export default function RedisTerminal() {
  const commands = useQuery({ queryKey: ['redis', 'terminalCommands'], queryFn: redisApi.commands, staleTime: Infinity });
  const [line, setLine] = useState('');
  const [entries, setEntries] = useState<Entry[]>([]);
  const [history, setHistory] = useState<string[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const seq = useRef(0);
  const screen = useRef<HTMLDivElement>(null);
  const list = commands.data?.success ? commands.data.result : null;

  useEffect(() => {
    const el = screen.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries]);

  const run = async () => {
    const command = line.trim();
    if (!command || busy) return;
    setBusy(true);
    setHistory((h) => [...h.filter((c) => c !== command), command].slice(-MAX_HISTORY));
    setCursor(null);
    setLine('');
    let entry: Entry;
    try {
      const res = await redisApi.terminal(command);
      entry = res.success
        ? { id: ++seq.current, command, output: res.result.output + (res.result.truncated ? `\n${T.truncatedNote}` : ''), error: false }
        : { id: ++seq.current, command, output: res.message, error: true };
    } catch (e) {
      entry = { id: ++seq.current, command, output: e instanceof Error ? e.message : String(e), error: true };
    }
    setEntries((l) => [...l, entry].slice(-MAX_ENTRIES));
    setBusy(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    if (!history.length) return;
    e.preventDefault();
    let next = cursor ?? history.length;
    next = e.key === 'ArrowUp' ? Math.max(0, next - 1) : next + 1;
    if (next >= history.length) {
      setCursor(null);
      setLine('');
    } else {
      setCursor(next);
      setLine(history[next]!);
    }
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="redis-terminal">
      {list && !list.configured && <Alert type="info" showIcon title={commands.data?.message || undefined} data-testid="redis-terminal-off" />}
      <Card title={T.terminalHeading} size="small" extra={<Button onClick={() => setEntries([])}>{T.clearScreen}</Button>}>
        <Typography.Paragraph type="secondary">{T.terminalHint}</Typography.Paragraph>
        <div
          ref={screen}
          data-testid="redis-terminal-screen"
          style={{
            background: '#141414',
            color: '#d9d9d9',
            fontFamily: 'Menlo, Consolas, monospace',
            fontSize: 13,
            padding: 12,
            height: 420,
            overflow: 'auto',
            borderRadius: 6,
            whiteSpace: 'pre-wrap',
            wordBreak: 'break-all',
          }}
        >
          {entries.map((en) => (
            <div key={en.id} style={{ marginBottom: 8 }}>
              <div style={{ color: '#52c41a' }}>&gt; {en.command}</div>
              <div style={{ color: en.error ? '#ff7875' : undefined }} data-error={en.error ? '1' : undefined}>
                {en.output}
              </div>
            </div>
          ))}
        </div>
        <Space.Compact style={{ width: '100%', marginTop: 12 }}>
          <Input
            value={line}
            onChange={(e) => setLine(e.target.value)}
            onPressEnter={() => void run()}
            onKeyDown={onKeyDown}
            placeholder={T.commandPlaceholder}
            maxLength={2000}
            aria-label={T.commandPlaceholder}
            style={{ fontFamily: 'Menlo, Consolas, monospace' }}
            autoFocus
          />
          <Button type="primary" loading={busy} onClick={() => void run()}>
            {T.run}
          </Button>
        </Space.Compact>
      </Card>
      {list && (
        <Card title={T.allowed} size="small">
          <Space wrap>
            {list.commands.map((c) => (
              <Tooltip key={c.name} title={c.usage}>
                <Tag style={{ cursor: 'pointer' }} onClick={() => setLine(c.name + ' ')}>
                  {c.name}
                </Tag>
              </Tooltip>
            ))}
          </Space>
        </Card>
      )}
    </Space>
  );
}
