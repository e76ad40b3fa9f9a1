import { Button, CloseButton, FileButton, Group } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { IMAGE_TYPES, useImageUpload } from './uploadImage';
import classes from './stories.module.css';

/** Chooses and uploads a picture (cover or item); shows it once uploaded, with a remove control. */
export function ImagePicker({ label, value, onChange }: { label: string; value: string | null; onChange: (url: string | null) => void }) {
  const { uploading, pick } = useImageUpload(onChange);
  return (
    <Group gap="sm" align="center">
      {value && <img src={value} alt="" className={classes.itemImage} />}
      <FileButton onChange={pick} accept={IMAGE_TYPES}>
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
