import { EmptyPage } from '../../components/EmptyPage';

export default function FeedbackPage() {
  return <EmptyPage title="Feedback" />;
}
