import { useEffect, useState } from 'react';
import { loadDictItem } from './api';
import { splitValue } from './rules';

/**
 * Display texts of a comma-joined picker value: labels known from the last pick win; other parts are looked up
 * once through `loadDictItem/{dict}?delNotExist=false` (a registered table dictionary such as
 * `sys_user,realname,username`): the reply has one text per key, an unknown key as itself, so one unknown value
 * never hides the others.
 */
export function useLabels(value: string | undefined, known: Record<string, string>, dict?: string): Record<string, string> {
  const [fetched, setFetched] = useState<Record<string, string>>({});
  const missing = splitValue(value).filter((v) => !(v in known) && !(v in fetched));
  const missingKey = missing.join(',');
  useEffect(() => {
    if (!dict || !missingKey) return;
    let live = true;
    void loadDictItem(dict, missingKey, true)
      .then((r) => {
        if (!live || !r.success) return;
        const keys = missingKey.split(',');
        // delNotExist=false: one text per key, in key order; anything else cannot be matched position by position.
        if (!Array.isArray(r.result) || r.result.length !== keys.length) return;
        setFetched((f) => ({ ...f, ...Object.fromEntries(keys.map((k, i) => [k, r.result[i]])) }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dict, missingKey]);
  return { ...fetched, ...known };
}
