import { Avatar } from '@mantine/core';
import { avatarColor } from '../../components/avatarColor';

/** A person's picture, or their initials in white on a colour derived from the name (AA contrast). */
export function PersonAvatar({ name, src, size = 44 }: { name: string; src?: string | null; size?: number }) {
  return <Avatar src={src ?? null} name={name} color={avatarColor(name)} variant="filled" size={size} radius="xl" alt="" aria-hidden />;
}
