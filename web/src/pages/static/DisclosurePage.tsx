import { EmptyPage } from '../../components/EmptyPage';

export default function DisclosurePage() {
  return <EmptyPage title="Affiliate Disclosure" />;
}
