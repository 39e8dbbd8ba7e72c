/**
 * The state machine of one upload widget (001 §4): items go uploading → done | error; the value is emitted only
 * when every item is done; an outside value change (form reset, record loaded) re-reads the list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '../../api/request';
import { feedback } from '../feedback';
import {
  addItem,
  DEFAULT_BIZ,
  fileAccessUrl,
  isImageType,
  itemsFromValue,
  MSG,
  readReply,
  removeItem,
  updateItem,
  uploadFailureText,
  UPLOAD_TIMEOUT_MS,
  UPLOAD_URL,
  valueOf,
  type UploadItem,
  type UploadValue,
} from './uploadRules';

export interface UploadListOptions {
  value: unknown;
  onChange?: (value: UploadValue) => void;
  image: boolean;
  biz: string | undefined;
  number: number;
  returnUrl: boolean;
  /**
   * How files are sent, for the editable table's upload cells (001 §3, §7): the column's action URL, the access
   * token only when its token flag is set (anonymous otherwise), the reply field holding the stored path, a timeout.
   */
  request?: { url?: string; anonymous?: boolean; responseName?: string; timeout?: number };
  /** Toast '<file name> upload failed.' on a failure (default true); a table cell shows its error icon instead (001 §8). */
  notify?: boolean;
}

let seq = 0;
const nextUid = () => `up-${Date.now().toString(36)}-${(seq += 1)}`;

export function useUploadList({ value, onChange, image, biz, number, returnUrl, request, notify = true }: UploadListOptions) {
  const [items, setItemsState] = useState<UploadItem[]>(() => itemsFromValue(value));
  const itemsRef = useRef(items);
  const lastEmitted = useRef(JSON.stringify(valueOf(items, returnUrl)));
  const lastValue = useRef(JSON.stringify(value ?? null));
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const setItems = useCallback(
    (next: (prev: UploadItem[]) => UploadItem[]) => {
      const list = next(itemsRef.current);
      itemsRef.current = list;
      setItemsState(list);
      const v = valueOf(list, returnUrl);
      const key = JSON.stringify(v);
      if (v !== undefined && key !== lastEmitted.current) {
        lastEmitted.current = key;
        onChangeRef.current?.(v);
      }
    },
    [returnUrl],
  );

  // an outside change of the value (not the echo of our own emission) replaces the list
  useEffect(() => {
    const key = JSON.stringify(value ?? null);
    if (key === lastValue.current) return;
    lastValue.current = key;
    const fromValue = itemsFromValue(value);
    if (JSON.stringify(valueOf(fromValue, returnUrl)) === lastEmitted.current) return;
    lastEmitted.current = JSON.stringify(valueOf(fromValue, returnUrl));
    itemsRef.current = fromValue;
    setItemsState(fromValue);
  }, [value, returnUrl]);

  const upload = useCallback(
    async (file: File) => {
      if (image && !isImageType(file.type)) {
        void feedback.message.warning(MSG.notImage);
        return;
      }
      const uid = nextUid();
      setItems((list) => addItem(list, { uid, name: file.name, type: file.type, size: file.size, status: 'uploading', percent: 0 }, number));
      const form = new FormData();
      form.append('file', file, file.name);
      form.append('biz', biz || DEFAULT_BIZ);
      form.append('isup', '1');
      let outcome: { path: string } | { error: string };
      const field = request?.responseName;
      try {
        // silent: the widget itself shows the failure (toast, error icon, 上传出错 dialog)
        const reply = await http.upload<unknown>(request?.url || UPLOAD_URL, form, {
          silent: true,
          anonymous: request?.anonymous,
          timeout: request?.timeout ?? UPLOAD_TIMEOUT_MS,
        });
        outcome = readReply(field && reply.success ? { success: true, message: String((reply as unknown as Record<string, unknown>)[field] ?? '') } : reply);
      } catch (e) {
        outcome = { error: uploadFailureText(e) };
      }
      if ('path' in outcome) {
        setItems((list) => updateItem(list, uid, { status: 'done', percent: 100, path: outcome.path, url: fileAccessUrl(outcome.path) }));
      } else {
        setItems((list) => updateItem(list, uid, { status: 'error', message: outcome.error }));
        if (notify) void feedback.message.error(MSG.failedOf(file.name));
      }
    },
    [image, biz, number, setItems, request?.url, request?.anonymous, request?.responseName, request?.timeout, notify],
  );

  const remove = useCallback((uid: string) => setItems((list) => removeItem(list, uid)), [setItems]);
  const replace = useCallback((list: UploadItem[]) => setItems(() => list), [setItems]);

  return { items, upload, remove, replace };
}
