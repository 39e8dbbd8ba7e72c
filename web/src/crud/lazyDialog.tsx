/**
 * A dialog whose code loads when it is first opened (then it stays mounted, so its closing motion and state work
 * as before): a list page's first open does not wait for the code of its add/edit dialog and the like.
 *
 * @example
 *   const UserModal = lazyDialog(() => import('./UserModal').then((m) => m.UserModal), (p) => p.open);
 */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpen: (props: P) => boolean): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P): ReactNode {
    const [used, setUsed] = useState(false);
    const open = isOpen(props);
    if (open && !used) setUsed(true);
    if (!open && !used) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
