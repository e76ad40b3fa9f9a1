import { EmptyPage } from '../../components/EmptyPage';

export default function AdminAnalyticsPage() {
  return <EmptyPage title="Analytics" />;
}
