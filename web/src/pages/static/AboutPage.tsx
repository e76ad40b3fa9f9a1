import { EmptyPage } from '../../components/EmptyPage';

export default function AboutPage() {
  return <EmptyPage title="About" />;
}
