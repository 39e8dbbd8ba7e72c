/**
 * A form rule answered by the server as the user types (duplicate check, check rules): sent once the typing pauses
 * (SERVER_RULE_DELAY), only when a value is given; a newer keystroke supersedes the waiting one (antd keeps only the
 * latest result). `ask` rejects with the message to show under the field.
 */
import type { Rule } from 'antd/es/form';

/** Milliseconds of no typing before the check is sent. */
export const SERVER_RULE_DELAY = 300;

const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; settle: () => void }>();

/** The rule; `key` names the field (one waiting check per key). */
export function serverRule(key: string, ask: (text: string) => Promise<void>): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const prev = waiting.get(key);
      if (prev) {
        clearTimeout(prev.timer);
        prev.settle(); // superseded: antd ignores its result
        waiting.delete(key);
      }
      const text = value === null || value === undefined ? '' : String(value);
      if (!text.trim()) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const entry = {
          settle: resolve,
          timer: setTimeout(() => {
            if (waiting.get(key) === entry) waiting.delete(key);
            ask(text).then(resolve, reject);
          }, SERVER_RULE_DELAY),
        };
        waiting.set(key, entry);
      });
    },
  };
}
