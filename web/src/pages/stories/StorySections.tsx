import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { graphql, useFragment } from 'react-relay';
import type { StorySections_story$key } from '../../__generated__/StorySections_story.graphql';
import { AddToTripButton, SaveToIdeasButton } from './AddToTripButton';
import { placeItemType } from './editorModel';
import { SavePlaceButton } from './SavePlaceButton';
import classes from './stories.module.css';

const Fragment = graphql`
  fragment StorySections_story on Story {
    city
    sections {
      id
      type
      heading
      body
      title
      items {
        name
        note
        imageUrl
      }
      lists {
        title
        items {
          name
          note
        }
      }
      months
      note
    }
  }
`;

/** A story's sections in order: places with their pictures, titled lists of favourites, text. */
export function StorySections({ story }: { story: StorySections_story$key }) {
  const { city, sections } = useFragment(Fragment, story);
  return (
    <Stack gap="xl">
      {sections.map((s) => {
        if (s.type === 'TEXT') {
          return (
            <Stack key={s.id} gap="xs" component="section">
              {s.heading && <Title order={2}>{s.heading}</Title>}
              {/* Sanitised by the server when saved: only paragraphs, emphasis, lists, quotes and links remain. */}
              {s.body && <div className={classes.body} dangerouslySetInnerHTML={{ __html: s.body }} />}
            </Stack>
          );
        }
        if (s.type === 'BEST_TIME') {
          return (
            <Stack key={s.id} gap="xs" component="section">
              <Title order={2}>{s.title || 'Best Time to Visit'}</Title>
              {s.months.length > 0 && (
                <Group gap={6} role="list" aria-label="Best months">
                  {s.months.map((m) => (
                    <Badge key={m} variant="light" role="listitem">
                      {m}
                    </Badge>
                  ))}
                </Group>
              )}
              {s.note && <Text>{s.note}</Text>}
            </Stack>
          );
        }
        if (s.type === 'PLACES') {
          return (
            <Stack key={s.id} gap="sm" component="section">
              {s.title && <Title order={2}>{s.title}</Title>}
              {s.items.map((item, i) => (
                <Paper key={i} withBorder p="md">
                  <Group align="flex-start" wrap="nowrap" gap="md">
                    {item.imageUrl && <img src={item.imageUrl} alt={item.name} className={classes.itemImage} loading="lazy" />}
                    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600}>{item.name}</Text>
                      {item.note && <Text size="sm">{item.note}</Text>}
                      <Group gap="xs" mt={4}>
                        <AddToTripButton place={item.name} city={city} type={placeItemType(s.title)} />
                        <SaveToIdeasButton place={item.name} city={city} />
                        <SavePlaceButton place={item.name} city={city} />
                      </Group>
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
          );
        }
        return (
          <Stack key={s.id} gap="sm" component="section">
            {s.title && <Title order={2}>{s.title}</Title>}
            {s.lists.map((list, i) => (
              <Stack key={i} gap={4}>
                {list.title && list.title !== s.title && <Title order={3}>{list.title}</Title>}
                <List spacing={4}>
                  {list.items.map((item, j) => (
                    <List.Item key={j}>
                      <Text span fw={600}>
                        {item.name}
                      </Text>
                      {item.note && <Text span c="dimmed">{` — ${item.note}`}</Text>}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
