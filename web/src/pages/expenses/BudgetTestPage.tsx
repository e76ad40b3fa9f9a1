import { EmptyPage } from '../../components/EmptyPage';

export default function BudgetTestPage() {
  return <EmptyPage title="Budget" />;
}
