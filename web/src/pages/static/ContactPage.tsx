import { EmptyPage } from '../../components/EmptyPage';

export default function ContactPage() {
  return <EmptyPage title="Contact" />;
}
