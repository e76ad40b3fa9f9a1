import { Loader, Overlay } from '@mantine/core';
import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A modal whose code (its form, the shared rules, date pickers: often 50 KB gzip and more) loads
 * when it is first wanted instead of with the page (issue 27, weight on a phone). `preload` starts
 * the download early: give it to the trigger's `onPointerEnter` and `onFocus` (`preloadOn`), so a
 * click rarely waits. Until the first `opened`, nothing renders; after it the modal stays mounted,
 * so it closes with its transition and keeps its state as an eagerly loaded one would. While the
 * code is still on its way, a dimmed page with a spinner answers the click.
 */
export function lazyModal<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed download (offline) may be tried again
      throw error;
    });
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));

  function DeferredModal(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <Suspense fallback={props.opened ? <ModalLoading /> : null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  /** Props for a trigger: start loading when the pointer comes near or the keyboard gets there. */
  const preloadOn = { onPointerEnter: () => void preload().catch(() => {}), onFocus: () => void preload().catch(() => {}) };
  return Object.assign(DeferredModal, { preload, preloadOn });
}

function ModalLoading() {
  return (
    <Overlay fixed center backgroundOpacity={0.35} zIndex={300}>
      <Loader role="status" aria-label="Loading…" color="white" />
    </Overlay>
  );
}
