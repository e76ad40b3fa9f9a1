import { useParams } from 'react-router-dom';
import { EmptyPage } from '../../components/EmptyPage';

/** /guides/:city and /dashboard/guides/:city. */
export default function GuidePage() {
  const { city = '' } = useParams();
  const name = city
    .split('-')
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
  return <EmptyPage title={name ? `${name} City Guide` : 'City Guide'} />;
}
