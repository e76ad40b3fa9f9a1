/**
 * Sharing a year: the image (story or link preview) downloaded from the server, and the opt-in
 * public link, revocable (after a confirmation). The image shows no one else's data and no money.
 */
import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { graphql, useFragment } from 'react-relay';
import type { WrappedShare_viewer$key } from '../../__generated__/WrappedShare_viewer.graphql';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { MemoriesMessages as M } from '../../platform/domain';
import { ownId } from '../../platform/globalId';
import { notify } from '../../platform/notify';
import { sessionStore } from '../../platform/session';
import { useMakeWrappedShare, useRevokeWrappedShare } from './useWrappedShare';

const Fragment = graphql`
  fragment WrappedShare_viewer on User @argumentDefinitions(year: { type: "Int!" }) {
    userId: id
    wrappedShare(year: $year) {
      year
      path
    }
  }
`;

const DOWNLOAD_FAILED = 'The image could not be made. Please try again.';

export function WrappedShare({ viewer, year }: { viewer: WrappedShare_viewer$key; year: number }) {
  const data = useFragment(Fragment, viewer);
  const [make, making] = useMakeWrappedShare();
  const [revoke, revoking] = useRevokeWrappedShare();
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const link = data.wrappedShare ? new URL(data.wrappedShare.path, window.location.origin).toString() : null;

  const download = async (format: 'story' | 'preview') => {
    setDownloading(format);
    try {
      const token = await sessionStore.accessToken();
      const res = await fetch(`/api/wrapped/${ownId(data.userId, 'User')}/${year}.png?format=${format}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = `tripcrew-wrapped-${year}-${format}.png`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      notify.error(DOWNLOAD_FAILED);
    } finally {
      setDownloading(null);
    }
  };

  const makeLink = async () => {
    const outcome = await make(year);
    if (outcome.ok) notify.success(M.shareMade);
    else notify.error(outcome.message);
  };

  const revokeLink = async () => {
    const outcome = await revoke(year);
    setConfirming(false);
    if (outcome.ok) notify.success(M.shareRevoked);
    else notify.error(outcome.message);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="wrapped-share">
      <Title order={2} fz="lg" id="wrapped-share">
        Share your year
      </Title>
      <Text fz="sm" c="gray.7" mt={4}>
        The image shows your trips, days, countries, cities, distance and flights: never your crew’s names or any money.
      </Text>
      <Group gap="sm" mt="md">
        <Button variant="light" loading={downloading === 'story'} onClick={() => download('story')}>
          Download story image
        </Button>
        <Button variant="light" loading={downloading === 'preview'} onClick={() => download('preview')}>
          Download wide image
        </Button>
      </Group>
      <Stack gap="xs" mt="md">
        {link ? (
          <>
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput label="Public link" value={link} readOnly style={{ flex: 1, minWidth: 220 }} onFocus={(e) => e.currentTarget.select()} />
              <CopyButton value={link}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
                Revoke link
              </Button>
            </Group>
            <Text fz="xs" c="gray.7">
              Anyone with the link sees this image and its summary until you revoke it.
            </Text>
          </>
        ) : (
          <Group>
            <Button onClick={makeLink} loading={making}>
              Make a public link
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Revoke the public link?"
        confirmLabel="Revoke link"
        loading={revoking}
        onConfirm={revokeLink}
        onClose={() => setConfirming(false)}
      >
        The link stops working at once for everyone who has it. You can make a new one later.
      </ConfirmDialog>
    </Paper>
  );
}
