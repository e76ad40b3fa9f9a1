import { EmptyPage } from '../../components/EmptyPage';

export default function MappedPage() {
  return <EmptyPage title="Mapped" />;
}
