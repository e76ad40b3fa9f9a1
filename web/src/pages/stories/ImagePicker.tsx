import { Button, CloseButton, FileButton, Group } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../platform/api';
import { notify } from '../../platform/notify';
import { uploadStoryImage } from './uploadImage';
import classes from './stories.module.css';

/** Chooses and uploads a picture (cover or item); shows it once uploaded, with a remove control. */
export function ImagePicker({ label, value, onChange }: { label: string; value: string | null; onChange: (url: string | null) => void }) {
  const [uploading, setUploading] = useState(false);
  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      onChange(await uploadStoryImage(file));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Group gap="sm" align="center">
      {value && <img src={value} alt="" className={classes.itemImage} />}
      <FileButton onChange={pick} accept="image/jpeg,image/png,image/gif,image/webp">
        {(props) => (
          <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={14} />} loading={uploading}>
            {value ? `Change ${label.toLowerCase()}` : label}
          </Button>
        )}
      </FileButton>
      {value && <CloseButton aria-label={`Remove ${label.toLowerCase()}`} onClick={() => onChange(null)} />}
    </Group>
  );
}
