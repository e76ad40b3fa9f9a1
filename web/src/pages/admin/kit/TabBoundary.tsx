import { Component, type ReactNode } from 'react';
import { LoadError } from './LoadError';
import { RetryAttempt } from './retryKey';

interface State {
  error: Error | null;
  attempt: number;
}

/**
 * Catches a tab whose data failed to load, shows the console's load error, and mounts the tab
 * afresh on Retry; its queries take the attempt into their fetch key (useAdminFetchKey), so they
 * are asked again rather than answered with the error Relay kept.
 */
export class TabBoundary extends Component<{ what: string; children: ReactNode }, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override render() {
    const { error, attempt } = this.state;
    if (error) return <LoadError what={this.props.what} message={error.message} onRetry={() => this.setState({ error: null, attempt: attempt + 1 })} />;
    return (
      <RetryAttempt.Provider value={attempt}>
        <div key={attempt}>{this.props.children}</div>
      </RetryAttempt.Provider>
    );
  }
}
