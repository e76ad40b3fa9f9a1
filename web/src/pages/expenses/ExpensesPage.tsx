import { EmptyPage } from '../../components/EmptyPage';

export default function ExpensesPage() {
  return <EmptyPage title="Expenses" />;
}
