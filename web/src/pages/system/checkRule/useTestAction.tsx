/** The 功能测试 row action of the rule lists: the rule code being tested (null = closed) and the action column entry. */
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from 'antd';
import type { EntityRow } from '../../../crud';

export function useTestAction(): { testing: string | null; close: () => void; extraActions: (row: EntityRow) => ReactNode } {
  const [testing, setTesting] = useState<string | null>(null);
  const extraActions = useMemo(
    () =>
      function RuleTestAction(row: EntityRow): ReactNode {
        return (
          <Button type="link" size="small" onClick={() => setTesting(String(row.ruleCode ?? ''))}>
            功能测试
          </Button>
        );
      },
    [],
  );
  return { testing, close: () => setTesting(null), extraActions };
}
