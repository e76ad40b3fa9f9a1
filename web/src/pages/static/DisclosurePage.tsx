/** /disclosure and /dashboard/disclosure: how affiliate links work on Tripcrew. */
import { Stack, Text, Title } from '@mantine/core';
import { AFFILIATE_DISCLOSURE } from '../../platform/domain';

export default function DisclosurePage() {
  return (
    <Stack gap="md" maw={760}>
      <Title order={1}>Affiliate Disclosure</Title>
      <Text fz="lg">{AFFILIATE_DISCLOSURE}</Text>
      <Text>
        Our city guides link to partners such as Booking.com and GetYourGuide. When you book through one of these links, the partner may pay us a commission.
        The price you pay is the same as it would be without the link.
      </Text>
      <Text>
        Partners never pay to appear in a guide: our editors choose hotels, activities and tips on their own merits, and we update guides when places change.
      </Text>
      <Text>Commissions help keep Tripcrew free for every crew planning a trip together.</Text>
    </Stack>
  );
}
