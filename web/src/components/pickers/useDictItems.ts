import { useEffect, useState } from 'react';
import { feedback } from '../feedback';
import { getDictItems, type DictOption } from './api';
import { PICKER_MSG } from './rules';

/** Items of a dictionary code (`getDictItems`); an empty code is the 001 §5 error 'dictionary code cannot be empty'. */
export function useDictItems(dictCode: string | undefined): DictOption[] {
  const [items, setItems] = useState<DictOption[]>([]);
  useEffect(() => {
    if (!dictCode) {
      feedback.message.error(PICKER_MSG.emptyDictCode);
      return;
    }
    let live = true;
    void getDictItems(dictCode)
      .then((r) => {
        if (!live) return;
        if (r.success) setItems(r.result);
        else feedback.message.warning(r.message);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dictCode]);
  return items;
}
