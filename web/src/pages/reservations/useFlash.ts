import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a success message stays on the reservation screens. */
export const FLASH_MS = 3000;

/** A success message shown in the page that clears itself after 3 s (a newer one restarts the clock). */
export function useFlash(): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((text: string) => {
    clearTimeout(timer.current);
    setMessage(text);
    timer.current = setTimeout(() => setMessage(null), FLASH_MS);
  }, []);
  return [message, show];
}
