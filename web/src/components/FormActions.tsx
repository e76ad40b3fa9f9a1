import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A form's last row, right-aligned: Cancel (held while saving) and the submit button (spinning
 * while saving). Spacing props go to the row.
 */
export function FormActions({
  onCancel,
  saving,
  submitLabel,
  submitDisabled,
  ...row
}: { onCancel: () => void; saving: boolean; submitLabel: ReactNode; submitDisabled?: boolean } & Omit<GroupProps, 'children' | 'justify'>) {
  return (
    <Group justify="flex-end" {...row}>
      <Button variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button type="submit" loading={saving} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
