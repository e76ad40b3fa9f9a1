import { Badge, Box, Button, Card, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconApps,
  IconArrowRight,
  IconCamera,
  IconChecklist,
  IconCoins,
  IconCreditCard,
  IconFileSearch,
  IconGift,
  IconHeartHandshake,
  IconMapPin,
  IconPhotoOff,
  IconPlayerPlayFilled,
  IconReceipt2,
  IconRocket,
  IconSparkles,
  IconTarget,
  IconUserOff,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { ProductTour } from '../../components/ProductTour';
import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader, type NavLinkItem } from '../../components/PublicHeader';
import { Reveal } from '../../components/Reveal';
import { useSession } from '../../platform/SessionProvider';

const NAV: NavLinkItem[] = [
  { label: 'Features', href: '#features' },
  { label: 'About Us', href: '#about' },
  { label: 'Stories', href: '/stories' },
];

interface CardItem {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  title: string;
  text: string;
}

const PROBLEMS: CardItem[] = [
  {
    icon: IconApps,
    title: 'App overload',
    text: 'Group chats, spreadsheets, notes and five booking apps: planning one trip means juggling them all.',
  },
  {
    icon: IconCoins,
    title: 'Money confusion',
    text: 'Who paid for dinner? Who still owes for the cabin? Shared costs turn into awkward maths.',
  },
  {
    icon: IconFileSearch,
    title: 'Scattered information',
    text: 'Confirmations, addresses and plans hide in inboxes and threads when you need them most.',
  },
  {
    icon: IconUserOff,
    title: 'Someone out of the loop',
    text: 'One friend always misses the update and finds out about the plan change at the airport.',
  },
  {
    icon: IconCreditCard,
    title: 'Missed rewards',
    text: 'Points and miles go unused because nobody knows whose card should book what.',
  },
  {
    icon: IconPhotoOff,
    title: 'Lost memories',
    text: "The best photos stay on everyone's phone and never make it into one shared album.",
  },
];

const FEATURES: CardItem[] = [
  {
    icon: IconUsersGroup,
    title: 'Plan together in real time',
    text: 'One shared itinerary the whole crew edits at once, with everyone seeing changes as they happen.',
  },
  {
    icon: IconReceipt2,
    title: 'Split expenses and settle up',
    text: 'Log costs as you go, split them equally or your way, and see exactly who owes whom.',
  },
  {
    icon: IconCamera,
    title: 'Shared memory keeper',
    text: 'Photos and videos from every phone in one album, with comments and favorites.',
  },
  {
    icon: IconGift,
    title: 'Rewards optimiser',
    text: 'Know which credit card or airline miles should book each part of the trip.',
  },
  {
    icon: IconSparkles,
    title: 'Travel Wrapped',
    text: 'A yearly summary of your trips, places and moments, ready to share with the crew.',
  },
  {
    icon: IconChecklist,
    title: 'Smart checklists',
    text: 'Personalised packing and to-do lists for beach weekends, ski trips, city breaks and more.',
  },
];

const STEPS = [
  {
    title: 'Create & Invite',
    text: 'Start a trip with a destination, dates and budget, then invite friends from your list or by e-mail.',
  },
  {
    title: 'Plan Together',
    text: 'Build the itinerary, share reservations, split expenses and tick off checklists as a group.',
  },
  {
    title: 'Travel & Remember',
    text: 'Keep everyone in sync on the road, settle up fairly and collect the photos in one place.',
  },
];

function FeatureCard({ item, tone }: { item: CardItem; tone: 'problem' | 'solution' }) {
  const Icon = item.icon;
  return (
    <Card withBorder padding="lg" h="100%" shadow={tone === 'solution' ? 'sm' : undefined}>
      <ThemeIcon size={44} radius="md" variant="light" color={tone === 'problem' ? 'coral' : 'lagoon'} mb="md" aria-hidden>
        <Icon size={24} stroke={1.8} />
      </ThemeIcon>
      <Title order={3} fz="lg" mb={6}>
        {item.title}
      </Title>
      <Text c="dimmed" fz="sm" lh={1.6}>
        {item.text}
      </Text>
    </Card>
  );
}

function SectionHeading({ eyebrow, title, text }: { eyebrow: string; title: string; text?: string }) {
  return (
    <Stack gap={8} align="center" ta="center" mb={40} maw={680} mx="auto">
      <Text tt="uppercase" fw={700} fz="xs" c="lagoon.8" style={{ letterSpacing: '0.12em' }}>
        {eyebrow}
      </Text>
      <Title order={2} fz={{ base: 28, sm: 38 }} lh={1.15}>
        {title}
      </Title>
      {text && (
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }}>
          {text}
        </Text>
      )}
    </Stack>
  );
}

const FREE_BADGES = ['Free', 'No credit card needed', 'Now in beta'];

export default function LandingPage() {
  const { user } = useSession();
  return (
    <Box bg="white">
      <a className="tc-skip-link" href="#main">
        Skip to content
      </a>
      <PublicHeader links={NAV} />
      <main id="main">
        {/* Hero */}
        <Box style={{ background: 'var(--tc-gradient)' }} c="white" pt={{ base: 56, sm: 96 }} pb={{ base: 64, sm: 112 }}>
          <Container size="lg">
            <Stack gap="lg" maw={760}>
              <Group gap={8}>
                {FREE_BADGES.map((label) => (
                  <Badge key={label} variant="white" color="lagoon.9" size="lg" radius="sm">
                    {label}
                  </Badge>
                ))}
              </Group>
              <Title order={1} fz={{ base: 38, sm: 60 }} lh={1.05} style={{ letterSpacing: '-0.03em' }}>
                Plan trips together. Travel as a crew.
              </Title>
              <Text fz={{ base: 'lg', sm: 22 }} lh={1.5} c="lagoon.0">
                Tripcrew keeps your group's plans, costs, checklists and memories in one place, so every friend knows the plan and nobody is left chasing money
                after the trip.
              </Text>
              <Group gap="md">
                <Button component={Link} to="/signup" size="lg" color="coral.8" rightSection={<IconArrowRight size={20} />}>
                  Start Planning Your Trip
                </Button>
                <Button component={Link} to="/how-it-works" size="lg" variant="white" color="lagoon.9" leftSection={<IconPlayerPlayFilled size={18} />}>
                  See How It Works
                </Button>
                {user && (
                  <Button component={Link} to="/dashboard" size="lg" variant="outline" color="white">
                    Go to dashboard
                  </Button>
                )}
              </Group>
              <Text fz="sm" c="lagoon.1">
                Free to use during the beta. No credit card needed.
              </Text>
            </Stack>
          </Container>
        </Box>

        {/* Problem */}
        <Box component="section" id="problems" aria-label="The problem" py={{ base: 64, sm: 96 }} bg="gray.0">
          <Container size="lg">
            <Reveal>
              <SectionHeading
                eyebrow="The problem"
                title="Group trips are fun. Planning them isn't."
                text="Sound familiar? These are the headaches every crew knows."
              />
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                {PROBLEMS.map((item) => (
                  <FeatureCard key={item.title} item={item} tone="problem" />
                ))}
              </SimpleGrid>
            </Reveal>
          </Container>
        </Box>

        {/* Solution */}
        <Box component="section" id="features" py={{ base: 64, sm: 96 }} style={{ scrollMarginTop: 64 }}>
          <Container size="lg">
            <Reveal>
              <SectionHeading
                eyebrow="Features"
                title="Everything your crew needs, in one app"
                text="From the first idea to the last photo, Tripcrew keeps the whole group together."
              />
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
                {FEATURES.map((item) => (
                  <FeatureCard key={item.title} item={item} tone="solution" />
                ))}
              </SimpleGrid>
            </Reveal>
          </Container>
        </Box>

        {/* How it works */}
        <Box component="section" id="how-it-works" py={{ base: 64, sm: 96 }} bg="lagoon.0" style={{ scrollMarginTop: 64 }}>
          <Container size="lg">
            <Reveal>
              <SectionHeading eyebrow="How it works" title="Three steps from group chat to great trip" />
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48} style={{ alignItems: 'center' }}>
                <Stack gap="xl">
                  {STEPS.map((step, index) => (
                    <Group key={step.title} align="flex-start" wrap="nowrap" gap="md">
                      <ThemeIcon size={44} radius="xl" fz="lg" fw={800} aria-hidden>
                        {index + 1}
                      </ThemeIcon>
                      <div>
                        <Title order={3} fz="lg">
                          {index + 1}. {step.title}
                        </Title>
                        <Text c="dark.4" fz="sm" lh={1.6} mt={4}>
                          {step.text}
                        </Text>
                      </div>
                    </Group>
                  ))}
                </Stack>
                <ProductTour />
              </SimpleGrid>
            </Reveal>
          </Container>
        </Box>

        {/* Sign-in prompt */}
        <Box component="section" id="signin" py={{ base: 56, sm: 80 }} style={{ scrollMarginTop: 64 }}>
          <Container size="md">
            <Reveal>
              <Paper withBorder p={{ base: 'lg', sm: 40 }} radius="lg" shadow="sm">
                <Group justify="space-between" gap="lg">
                  <Stack gap={6} maw={520}>
                    <Title order={2} fz={{ base: 24, sm: 30 }}>
                      {user ? 'Welcome back!' : 'Already part of a crew?'}
                    </Title>
                    <Text c="dimmed">
                      {user
                        ? 'Your trips, expenses and checklists are waiting on your dashboard.'
                        : 'Sign in to pick up where your group left off: trips, expenses, checklists and photos.'}
                    </Text>
                  </Stack>
                  {user ? (
                    <Button component={Link} to="/dashboard" size="md">
                      Go to dashboard
                    </Button>
                  ) : (
                    <Group gap="sm">
                      <Button component={Link} to="/signin" size="md">
                        Sign In
                      </Button>
                      <Button component={Link} to="/signup" size="md" variant="light">
                        Create an account
                      </Button>
                    </Group>
                  )}
                </Group>
              </Paper>
            </Reveal>
          </Container>
        </Box>

        {/* About */}
        <Box component="section" id="about" py={{ base: 64, sm: 96 }} bg="gray.0" style={{ scrollMarginTop: 64 }}>
          <Container size="lg">
            <Reveal>
              <SectionHeading
                eyebrow="About us"
                title="Built by friends who travel together"
                text="We started Tripcrew after one too many trips planned across ten apps and settled on the back of a receipt."
              />
              <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
                {[
                  {
                    icon: IconTarget,
                    title: 'Our mission',
                    text: 'Make group travel as easy to plan as it is fun to take, so friends spend their energy on the trip, not the logistics.',
                  },
                  {
                    icon: IconHeartHandshake,
                    title: 'Our community',
                    text: 'Travellers who share city guides, stories and tips, and beta testers whose feedback shapes every release.',
                  },
                  {
                    icon: IconWorld,
                    title: 'Our vision',
                    text: 'One place where every group trip lives: the plan, the money, the memories, and the next adventure.',
                  },
                ].map((item) => (
                  <FeatureCard key={item.title} item={item} tone="solution" />
                ))}
              </SimpleGrid>
            </Reveal>
          </Container>
        </Box>

        {/* Get started */}
        <Box component="section" id="getstarted" py={{ base: 64, sm: 96 }} c="white" style={{ background: 'var(--tc-gradient)', scrollMarginTop: 64 }}>
          <Container size="md">
            <Reveal>
              <Stack align="center" ta="center" gap="lg">
                <ThemeIcon size={56} radius="xl" variant="white" color="lagoon.8" aria-hidden>
                  <IconRocket size={30} />
                </ThemeIcon>
                <Title order={2} fz={{ base: 28, sm: 40 }}>
                  Ready for your next group trip?
                </Title>
                <List
                  spacing={6}
                  center
                  icon={
                    <ThemeIcon size={20} radius="xl" variant="white" color="lagoon.8" aria-hidden>
                      <IconMapPin size={12} />
                    </ThemeIcon>
                  }
                  c="lagoon.0"
                >
                  <List.Item>Free to use: no credit card needed</List.Item>
                  <List.Item>Join the beta and help shape what comes next</List.Item>
                  <List.Item>Invite your whole crew in minutes</List.Item>
                </List>
                <Group gap="md" justify="center">
                  <Button component={Link} to="/signup" size="lg" color="coral.8">
                    Join Beta
                  </Button>
                  <Button component={Link} to="/signup" size="lg" variant="white" color="lagoon.9">
                    Start Planning Your Trip
                  </Button>
                </Group>
              </Stack>
            </Reveal>
          </Container>
        </Box>
      </main>
      <PublicFooter />
    </Box>
  );
}
