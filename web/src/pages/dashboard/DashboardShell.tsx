import { RelayBoundary } from '../../platform/relay/RelayBoundary';
import DashboardLayout from './DashboardLayout';

/** /dashboard/*: the signed-in shell and its pages, inside Relay's environment. */
export default function DashboardShell() {
  return (
    <RelayBoundary>
      <DashboardLayout />
    </RelayBoundary>
  );
}
