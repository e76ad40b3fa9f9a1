import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { placeItemType } from './editorModel';
import { StoryPlaceActions } from './StoryPlaceActions';
import type { StorySectionRow } from './storyApi';
import classes from './stories.module.css';

/** A story's sections in order: places with their pictures, titled lists of favourites, text. */
export function StorySections({ city, sections }: { city: string; sections: StorySectionRow[] }) {
  return (
    <Stack gap="xl">
      {sections.map((s) => {
        if (s.section_type === 'text') {
          return (
            <Stack key={s.id} gap="xs" component="section">
              {s.content.heading && <Title order={2}>{s.content.heading}</Title>}
              {/* Sanitised by the server when saved: only paragraphs, emphasis, lists, quotes and links remain. */}
              {s.content.body && <div className={classes.body} dangerouslySetInnerHTML={{ __html: s.content.body }} />}
            </Stack>
          );
        }
        if (s.section_type === 'best_time') {
          const months = s.content.months ?? [];
          return (
            <Stack key={s.id} gap="xs" component="section">
              <Title order={2}>{s.content.title || 'Best Time to Visit'}</Title>
              {months.length > 0 && (
                <Group gap={6} role="list" aria-label="Best months">
                  {months.map((m) => (
                    <Badge key={m} variant="light" role="listitem">
                      {m}
                    </Badge>
                  ))}
                </Group>
              )}
              {s.content.note && <Text>{s.content.note}</Text>}
            </Stack>
          );
        }
        if (s.section_type === 'places') {
          const title = s.content.title;
          return (
            <Stack key={s.id} gap="sm" component="section">
              {title && <Title order={2}>{title}</Title>}
              {(s.content.items ?? []).map((item, i) => (
                <Paper key={i} withBorder p="md">
                  <Group align="flex-start" wrap="nowrap" gap="md">
                    {item.image_url && <img src={item.image_url} alt={item.name} className={classes.itemImage} loading="lazy" />}
                    <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600}>{item.name}</Text>
                      {item.note && <Text size="sm">{item.note}</Text>}
                      <StoryPlaceActions place={item.name} city={city} type={placeItemType(title)} />
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
          );
        }
        return (
          <Stack key={s.id} gap="sm" component="section">
            {s.content.title && <Title order={2}>{s.content.title}</Title>}
            {(s.content.lists ?? []).map((list, i) => (
              <Stack key={i} gap={4}>
                {list.title && list.title !== s.content.title && <Title order={3}>{list.title}</Title>}
                <List spacing={4}>
                  {(list.items ?? []).map((item, j) => (
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
