/**
 * /guides/:city and /dashboard/guides/:city: a stored city guide, section by section, with its
 * sticky section navigation and working buttons; any city without a published guide gets the
 * generic 'City Guide'. The server sends this page's own title and preview tags with its HTML.
 */
import { Anchor, Badge, Box, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBookmark, IconMail } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { AFFILIATE_DISCLOSURE, GuideMessages, type GuideContent } from '../../platform/domain';
import { errorMessage } from '../../platform/api';
import { useDocumentTitle } from '../../platform/documentTitle';
import { notify } from '../../platform/notify';
import { sessionStore } from '../../platform/session';
import { useSaveToWishlist } from '../explore/useWishlist';
import { GenericGuide } from './GenericGuide';
import { GuideActivities } from './GuideActivities';
import { useRestData } from '../../platform/restData';
import { guidePath, signedInRequest, SITE_INFO_PATH, type Guide } from './guideApi';
import { GuideBudget, GuidePlans, GuideTips, GuideWhenToGo } from './GuidePlanning';
import { GuideSectionNav } from './GuideSectionNav';
import { GuideStay } from './GuideStay';
import styles from './guide.module.css';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-title`} className={styles.section}>
      <Title order={2} id={`${id}-title`} fz={{ base: 24, sm: 28 }} mb="md">
        {title}
      </Title>
      {children}
    </Box>
  );
}

export default function GuidePage() {
  const { city = '' } = useParams();
  // The reader's own read counts their view, even when the page came with the server's.
  const guide = useRestData(guidePath(city), (b) => (b as { guide: Guide }).guide, { countsView: true });
  const site = useRestData(SITE_INFO_PATH, (b) => b as { flight_search_url: string; map_tiles_url?: string });
  useDocumentTitle(guide.state === 'ready' ? guide.value.title : null);
  const failure = guide.state === 'failed' ? guide.message : null;
  useEffect(() => {
    if (failure) notify.error(failure);
  }, [failure]);
  if (guide.state === 'loading') return <GuideSkeleton />;
  if (guide.state === 'ready' && guide.value.content) {
    return (
      <StoredGuide
        guide={guide.value}
        content={guide.value.content}
        searchTemplate={site.state === 'ready' ? site.value.flight_search_url : null}
        tilesUrl={site.state === 'ready' ? (site.value.map_tiles_url ?? null) : null}
      />
    );
  }
  return <GenericGuide city={city} />;
}

function GuideSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the guide">
      <Skeleton h="60vh" mih={360} radius="lg" />
      <Skeleton h={40} radius="md" />
      <Skeleton h={200} radius="md" />
    </Stack>
  );
}

function StoredGuide({
  guide,
  content,
  searchTemplate,
  tilesUrl,
}: {
  guide: Guide;
  content: GuideContent;
  searchTemplate: string | null;
  tilesUrl: string | null;
}) {
  const { pathname } = useLocation();
  const base = pathname.startsWith('/dashboard') ? '/dashboard' : '';
  const [save, saving] = useSaveToWishlist();
  const [mailing, setMailing] = useState(false);
  const f = content.quickFacts;
  const planQuery = `city=${encodeURIComponent(guide.city)}&lat=${content.latitude}&lon=${content.longitude}`;

  const emailItinerary = async () => {
    if (!sessionStore.current) {
      notify.info('Please sign in to e-mail yourself this itinerary.');
      return;
    }
    setMailing(true);
    try {
      const { sent_to } = await signedInRequest<{ sent_to: string }>(`/api/backend/guide/${guide.slug}/email-itinerary`, { method: 'POST', body: {} });
      notify.success(`${GuideMessages.itineraryEmailed} (${sent_to})`);
    } catch (error) {
      notify.error(errorMessage(error) || GuideMessages.emailFailed);
    } finally {
      setMailing(false);
    }
  };

  return (
    <Stack gap={40}>
      <Box className={styles.hero} style={{ backgroundImage: `linear-gradient(180deg, rgba(0,0,0,.1), rgba(0,0,0,.6)), url(${guide.image_url})` }}>
        <Stack gap="sm" className={styles.heroText}>
          <Badge color="white" c="dark" variant="filled" w="fit-content">
            Last updated {content.updatedLabel}
          </Badge>
          <Title order={1} c="white" fz={{ base: 32, sm: 48 }}>
            {guide.title}
          </Title>
          {guide.description && (
            <Text c="white" fz="lg" maw={680}>
              {guide.description}
            </Text>
          )}
        </Stack>
      </Box>
      <Group gap="xs" role="group" aria-label="Guide topics">
        {content.tags.map((tag) => (
          <Badge key={tag} variant="light" size="lg">
            {tag}
          </Badge>
        ))}
      </Group>
      <GuideSectionNav />
      <Section id="quick-facts" title="Quick Facts">
        <Box component="dl" className={styles.facts}>
          {(
            [
              ['Best time', f.bestTime],
              ['Daily budget', f.dailyBudget],
              ['Must-try', f.mustTry],
              ['Hidden gem', f.hiddenGem],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <Text component="dt" fw={700} fz="sm" c="lagoon.8">
                {label}
              </Text>
              <Text component="dd" m={0}>
                {value}
              </Text>
            </div>
          ))}
        </Box>
      </Section>
      <Section id="where-to-stay" title="Where to Stay">
        <GuideStay slug={guide.slug} city={guide.city} content={content} tilesUrl={tilesUrl} />
      </Section>
      <Section id="activities" title="What to Do">
        <GuideActivities slug={guide.slug} city={guide.city} content={content} />
      </Section>
      <Section id="when-to-go" title="When to Go">
        <GuideWhenToGo content={content} searchTemplate={searchTemplate} />
      </Section>
      <Section id="itineraries" title="Sample Itineraries">
        <GuidePlans content={content} />
      </Section>
      <Section id="map-and-tips" title="Map & Local Tips">
        <GuideTips content={content} />
      </Section>
      <Section id="budget" title="Budget Guide">
        <GuideBudget content={content} />
      </Section>
      <Group gap="sm">
        <Button component={Link} to={`/dashboard/explore?${planQuery}`} color="coral.8" size="md">
          Plan {guide.city} Trip
        </Button>
        <Button component={Link} to={`${base}/guides`} variant="light" size="md">
          More guides
        </Button>
        <Button
          variant="default"
          size="md"
          loading={saving}
          leftSection={<IconBookmark size={16} aria-hidden />}
          onClick={() => void save({ kind: 'guide', itemKey: guide.slug, title: guide.title, subtitle: guide.country, url: `/guides/${guide.slug}` })}
        >
          Save for later
        </Button>
        <Button variant="default" size="md" loading={mailing} leftSection={<IconMail size={16} aria-hidden />} onClick={() => void emailItinerary()}>
          Email itinerary
        </Button>
      </Group>
      <Text fz="sm" c="dimmed" role="note">
        {AFFILIATE_DISCLOSURE}{' '}
        <Anchor component={Link} to={`${base}/disclosure`} fz="sm" underline="always">
          Affiliate disclosure
        </Anchor>
      </Text>
    </Stack>
  );
}
