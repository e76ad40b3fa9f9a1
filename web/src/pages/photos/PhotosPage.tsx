import { EmptyPage } from '../../components/EmptyPage';

export default function PhotosPage() {
  return <EmptyPage title="Photos" />;
}
