import { Component, type ReactNode } from 'react';
import { MESSAGES } from '../../../domain/messages';

/** The router's error screen of docs/spec.md §8: heading and the error's message. */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-bold text-red-700">{MESSAGES.unexpectedError}</h1>
      <p className="mt-4 rounded-lg bg-red-50 p-4 font-mono text-sm text-red-900">{message}</p>
      <a className="mt-6 inline-block text-brand-700 underline" href="/">
        Kembali ke Beranda
      </a>
    </main>
  );
}

type BoundaryState = { error: unknown; failed: boolean };

/** Catches a render error (or a screen's chunk that failed to load) and shows RouteError instead. */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error, failed: true };
  }

  // Moving to another page leaves the error screen behind, without remounting the layout.
  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ error: null, failed: false });
  }

  override render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
