/**
 * The broadcast form (a modal, never prompts): title, message, type and an optional action URL.
 * The server reaches every user and answers how many; the console says so in its words.
 */
import { Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { modalStyles } from '../../../components/modalStyles';
import { AdminNotificationMessages as M, BROADCAST_LIMITS, BROADCAST_TYPES, DEFAULT_BROADCAST_TYPE } from '../../../platform/domain';
import { notify } from '../../../platform/notify';
import { useAdminAction } from '../kit/useAdminAction';
import { useAdminBroadcast } from './useAdminBroadcast';
import { FormActions } from '../../../components/FormActions';

const TYPE_LABELS: Record<string, string> = { announcement: 'Announcement', update: 'Update', maintenance: 'Maintenance', feature: 'Feature' };

export function BroadcastModal({ opened, onClose, onSent }: { opened: boolean; onClose: () => void; onSent?: () => void }) {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [type, setType] = useState<string>(DEFAULT_BROADCAST_TYPE);
  const [actionUrl, setActionUrl] = useState('');
  const [send, sending] = useAdminBroadcast();
  const { run } = useAdminAction();

  const submit = async () => {
    if (!title.trim() || !message.trim()) {
      notify.error(M.titleAndMessageRequired);
      return;
    }
    const outcome = await run(
      M.broadcastAction,
      send({ title, message, type: type.toUpperCase() as 'ANNOUNCEMENT', actionUrl: actionUrl.trim() || null }),
      // One notice: the seed's two success texts, as its title and its line.
      (count) => ({ title: M.broadcastSent, message: M.sentTo.replace('{count}', String(count)) }),
    );
    if (outcome.ok) {
      setTitle('');
      setMessage('');
      setActionUrl('');
      setType(DEFAULT_BROADCAST_TYPE);
      onSent?.();
      onClose();
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Broadcast Notification" styles={modalStyles} closeOnClickOutside={!sending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={BROADCAST_LIMITS.title} data-autofocus />
          <Textarea
            label="Message"
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={BROADCAST_LIMITS.message}
          />
          <Select
            label="Type"
            data={BROADCAST_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] ?? value }))}
            value={type}
            onChange={(v) => setType(v ?? DEFAULT_BROADCAST_TYPE)}
            allowDeselect={false}
          />
          <TextInput
            label="Action URL (optional)"
            placeholder="/dashboard or https://..."
            value={actionUrl}
            onChange={(e) => setActionUrl(e.currentTarget.value)}
            maxLength={BROADCAST_LIMITS.actionUrl}
          />
          <FormActions onCancel={onClose} saving={sending} submitLabel="Send to all users" mt="xs" />
        </Stack>
      </form>
    </Modal>
  );
}
