import { useState } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { pickQuote } from './quotes';
import { sessionState, useSession } from '../../session/use-session';
import { safeReturnTo } from '../../session/require-session';

const HEADINGS: Record<string, { heading: string; subheading: string }> = {
  '/sign-in': { heading: 'Welcome back', subheading: 'Sign in to your account' },
  '/sign-in-mfa': { heading: 'Two-factor authentication', subheading: 'Enter the code from your authenticator app' },
  '/sign-up': { heading: 'Get started', subheading: 'Create a new account' },
};

/**
 * Sign-in layout (spec 000 §2.8): heading, subheading, the form, terms and privacy notice, and one
 * randomly chosen customer quote. It runs the session check of §4.8.
 */
export function SignInLayout() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [quote] = useState(() => pickQuote());
  const { data, isLoading, isError } = useSession();
  const state = sessionState(data, isLoading, isError);
  const returnTo = safeReturnTo(params.get('returnTo'));
  const keep = params.get('returnTo') ? `?returnTo=${encodeURIComponent(returnTo)}` : '';

  if (state === 'signed-in') return <Navigate to={returnTo} replace />;
  if (state === 'needs-mfa' && pathname !== '/sign-in-mfa') return <Navigate to={`/sign-in-mfa${keep}`} replace />;
  if (state === 'signed-out' && pathname === '/sign-in-mfa') return <Navigate to={`/sign-in${keep}`} replace />;

  const text = HEADINGS[pathname] ?? HEADINGS['/sign-in'];
  return (
    <div css={{ display: 'flex', minHeight: '100vh' }}>
      <main css={{ flex: '1 1 480px', display: 'flex', flexDirection: 'column', justifyContent: 'center', padding: '48px 32px', maxWidth: 520, margin: '0 auto' }}>
        <p css={{ fontWeight: 600, letterSpacing: 0.5, marginBottom: 32 }}>Plinth</p>
        <h1 css={{ fontSize: 28, margin: '0 0 4px' }}>{text.heading}</h1>
        <p css={{ margin: '0 0 24px', opacity: 0.75 }}>{text.subheading}</p>
        {state === 'loading' ? <p role="status">Checking your session…</p> : <Outlet />}
        <p css={{ fontSize: 12, opacity: 0.7, marginTop: 32 }}>
          By continuing, you agree to Plinth's <a href="/terms">Terms of Service</a> and <a href="/privacy">Privacy Policy</a>, and to receive
          periodic emails with updates.
        </p>
      </main>
      <aside
        aria-label="What our customers say"
        css={{ flex: '1 1 480px', display: 'flex', alignItems: 'center', padding: 48, '@media (max-width: 900px)': { display: 'none' } }}
      >
        <figure css={{ margin: 0, maxWidth: 440 }}>
          <blockquote css={{ fontSize: 22, lineHeight: 1.4, margin: '0 0 16px' }}>“{quote.text}”</blockquote>
          <figcaption>
            <strong>{quote.author}</strong>
            <span css={{ display: 'block', opacity: 0.7 }}>{quote.role}</span>
          </figcaption>
        </figure>
      </aside>
    </div>
  );
}
