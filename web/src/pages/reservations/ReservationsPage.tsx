import { EmptyPage } from '../../components/EmptyPage';

export default function ReservationsPage() {
  return <EmptyPage title="Reservations" />;
}
