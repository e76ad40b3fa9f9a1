/**
 * Drag-and-drop or click to upload photos and videos, a progress bar per file. Files the browser
 * can already tell are refused (HEIC, not an image or a supported video, a photo over 50 MB) get
 * the server's message at once and are not sent.
 */
import { Group, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { PhotoMessages, fillPhotoMessage } from '../../platform/domain';
import { notify } from '../../platform/notify';
import { precheck, sendPhoto, VIDEO_TYPES } from './uploadPhoto';

/** What the file chooser offers (anything else dropped still comes to `start`, which explains). */
const ACCEPT = { 'image/*': [], ...Object.fromEntries(VIDEO_TYPES.map((type) => [type, []])), 'video/*': [] };

interface Upload {
  key: string;
  name: string;
  progress: number;
  state: 'sending' | 'done' | 'failed';
}

/** Uploads at once at most: enough to fill the connection, few enough to show steady progress. */
const AT_ONCE = 3;

export function UploadArea({ tripId, onUploaded }: { tripId: string; onUploaded: () => void }) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const busy = uploads.some((u) => u.state === 'sending');

  const start = async (files: File[]) => {
    const accepted: { file: File; key: string }[] = [];
    for (const file of files) {
      const refusal = precheck(file);
      if (refusal) notify.error(refusal);
      else accepted.push({ file, key: `${Date.now()}-${Math.random().toString(36).slice(2)}-${file.name}` });
    }
    if (!accepted.length) return;
    setUploads(accepted.map(({ file, key }) => ({ key, name: file.name, progress: 0, state: 'sending' })));
    const update = (key: string, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));
    let done = 0;
    const queue = [...accepted];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { file, key } = next;
        const result = await sendPhoto(tripId, file, (fraction) => update(key, { progress: Math.round(fraction * 100) }));
        if (result.ok) {
          done++;
          update(key, { state: 'done', progress: 100 });
        } else {
          update(key, { state: 'failed' });
          notify.error(result.message);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, accepted.length) }, worker));
    if (done) {
      notify.success(fillPhotoMessage(PhotoMessages.uploaded, { n: done }));
      onUploaded();
    }
  };

  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => void start(files)}
        // Every file comes to `start`, which gives each refusal its own message.
        onReject={(rejections) => void start(rejections.map((r) => r.file))}
        loading={busy}
        multiple
        accept={ACCEPT}
        aria-label="Upload photos or videos: drop them here or press to choose"
        radius="md"
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <IconPhotoUp size={40} stroke={1.5} aria-hidden />
          <div>
            <Text fw={600}>Drop photos or videos here or click to choose</Text>
            <Text fz="sm" c="dimmed">
              Photos: JPEG, PNG, GIF or WebP, up to 50 MB each (large ones are made smaller before upload). Videos: MP4, WebM or MOV.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {uploads.length > 0 && (
        <Stack gap={6} aria-live="polite">
          {uploads.map((u) => (
            <div key={u.key}>
              <Group justify="space-between" gap="xs">
                <Text fz="sm" truncate style={{ flex: 1, minWidth: 0 }}>
                  {u.name}
                </Text>
                <Text fz="xs" c={u.state === 'failed' ? 'red.8' : 'dimmed'}>
                  {u.state === 'failed' ? 'Failed' : `${u.progress}%`}
                </Text>
              </Group>
              <Progress
                value={u.progress}
                color={u.state === 'failed' ? 'red' : u.state === 'done' ? 'teal' : 'lagoon'}
                aria-label={`Uploading ${u.name}`}
                animated={u.state === 'sending'}
              />
            </div>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
