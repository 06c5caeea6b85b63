/**
 * A part of the page that loads its code on demand (a toast, the update prompt, the footer): while
 * the code loads it shows `fallback`, and if the code cannot be loaded (offline before the service
 * worker has stored it, a build replaced under an open tab) it keeps showing `fallback` and logs
 * why, instead of the failure taking the whole page down.
 */
import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  /** What the failure log calls this part. */
  name: string;
  fallback: ReactNode;
  children: ReactNode;
}

class LoadFailure extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`loading ${this.props.name} failed`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export function LazyPart({ name, fallback, children }: Props) {
  return (
    <LoadFailure name={name} fallback={fallback}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadFailure>
  );
}

/**
 * A message shown plainly at the top of the screen: what a toast or alert shows while (or if) its
 * own code is not there, so the message is never lost.
 */
export function PlainNotice({ text, testId }: { text: string; testId?: string }) {
  return (
    <div
      role="status"
      data-testid={testId}
      style={{
        position: 'fixed',
        top: 16,
        left: 16,
        right: 16,
        zIndex: 1400,
        padding: '10px 16px',
        borderRadius: 8,
        background: '#1f2329',
        color: '#fff',
        fontSize: 14,
        textAlign: 'center',
      }}
    >
      {text}
    </div>
  );
}
