/**
 * /wrapped/:token: a traveller's public Wrapped link. The server gives the page its Open Graph
 * head (the share image); the page shows the same image, or says the link no longer works.
 */
import { Anchor, Image, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';

export default function PublicWrappedPage() {
  const { token = '' } = useParams();
  const [missing, setMissing] = useState(false);
  return (
    <Stack gap="lg" maw={560} mx="auto" py="xl" px="md" align="center">
      <Title order={1} ta="center">
        A year of travel
      </Title>
      {missing ? (
        <Text ta="center" data-testid="wrapped-link-gone">
          This Wrapped link no longer works: its owner may have revoked it.
        </Text>
      ) : (
        <Image
          src={`/api/wrapped/public/${encodeURIComponent(token)}.png?format=story`}
          alt="A traveller’s year on Tripcrew: trips, days away, countries, cities, distance and flights."
          radius="lg"
          w="100%"
          maw={420}
          onError={() => setMissing(true)}
        />
      )}
      <Anchor component={Link} to="/signup">
        Make your own travel year with Tripcrew
      </Anchor>
    </Stack>
  );
}
