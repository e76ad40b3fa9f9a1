/** Every dialog: a clear bold title and a labelled close button. */
export const modalStyles = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } } as const;
export const closeButtonProps = { 'aria-label': 'Close' } as const;
