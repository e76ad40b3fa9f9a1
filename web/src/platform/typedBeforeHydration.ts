import { useEffect, useRef } from 'react';

/**
 * A ref for a controlled input of a prerendered page. What a visitor typed before the app took the
 * page over stays in the field's DOM, but not in React's state, and the next render would blank it
 * (with a submit button that stays disabled). Once hydrated, a non-empty field that differs from
 * the state is handed to `setValue`.
 */
export function useTypedBeforeHydration(value: string, setValue: (typed: string) => void) {
  const ref = useRef<HTMLInputElement>(null);
  const first = useRef({ value, setValue });
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed && typed !== first.current.value) first.current.setValue(typed);
  }, []);
  return ref;
}
