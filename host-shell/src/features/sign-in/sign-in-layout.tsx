import { useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { tokens } from '@plinth/shared-ui/theme';
import { BrandLockup } from '@plinth/shared-ui/brand';
import { pickQuote } from './quotes';
import { sessionState, useSession } from '../../session/use-session';
import { safeReturnTo } from '../../session/require-session';

const HEADINGS: Record<string, { heading: string; subheading: string }> = {
  '/sign-in': { heading: 'Welcome back', subheading: 'Sign in to your account' },
  '/sign-in-mfa': { heading: 'Two-factor authentication', subheading: 'Enter the code from your authenticator app' },
  '/sign-up': { heading: 'Get started', subheading: 'Create a new account' },
};

/**
 * Sign-in layout (spec 000 §2.8): brand, heading, subheading, the form, terms and privacy notice on
 * one half; one randomly chosen customer quote in its own panel on the other (hidden below 768 px).
 * It runs the session check of §4.8.
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
    <div css={frame}>
      <main css={formPanel}>
        <BrandLockup size={28} fontSize={18} />
        <div css={{ width: '100%', maxWidth: 380, margin: 'auto 0', padding: `${tokens.space.xxl} 0` }}>
          <h1 css={{ margin: `0 0 ${tokens.space.xs}`, fontSize: tokens.fontSize.xxl, fontWeight: tokens.fontWeight.semibold, lineHeight: tokens.lineHeight.tight }}>{text.heading}</h1>
          <p css={{ margin: `0 0 ${tokens.space.xl}`, color: tokens.color.textMuted }}>{text.subheading}</p>
          {state === 'loading' ? (
            <div role="status" aria-label="Checking your session" aria-busy="true" css={{ display: 'grid', gap: tokens.space.lg }}>
              {[0, 1].map((field) => (
                <span key={field} aria-hidden="true" css={{ display: 'grid', gap: tokens.space.xs }}>
                  <span css={skeletonBar('30%', 12)} />
                  <span css={skeletonBar('100%', 38)} />
                </span>
              ))}
              <span aria-hidden="true" css={skeletonBar('100%', 40)} />
            </div>
          ) : (
            <Outlet />
          )}
        </div>
        <p css={{ maxWidth: 380, margin: 0, fontSize: tokens.fontSize.xs, color: tokens.color.textMuted }}>
          By continuing, you agree to Plinth's <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>, and to receive
          periodic emails with updates.
        </p>
      </main>
      <aside aria-label="What our customers say" css={quotePanel}>
        <figure css={{ position: 'relative', margin: 0, maxWidth: 460 }}>
          <span aria-hidden="true" css={{ position: 'absolute', top: -56, left: -8, fontSize: 120, lineHeight: 1, color: tokens.color.brand, opacity: 0.35, fontFamily: 'Georgia, serif' }}>
            “
          </span>
          <blockquote css={{ position: 'relative', margin: `0 0 ${tokens.space.xl}`, fontSize: tokens.fontSize.xl, lineHeight: tokens.lineHeight.snug, fontWeight: tokens.fontWeight.medium }}>
            {quote.text}
          </blockquote>
          <figcaption css={{ display: 'flex', alignItems: 'center', gap: tokens.space.md }}>
            <span aria-hidden="true" css={avatar}>
              {initials(quote.author)}
            </span>
            <span>
              <strong css={{ display: 'block', fontWeight: tokens.fontWeight.semibold }}>{quote.author}</strong>
              <span css={{ color: tokens.color.textMuted, fontSize: tokens.fontSize.sm }}>{quote.role}</span>
            </span>
          </figcaption>
        </figure>
      </aside>
    </div>
  );
}

/** A grey placeholder bar from the tokens (the sign-in page loads no primitive entry). */
function skeletonBar(width: string, height: number) {
  return { display: 'block', width, height, borderRadius: tokens.radius.md, background: tokens.color.surfaceHover, animation: 'plinth-pulse 1.6s ease-in-out infinite' } as const;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0])
    .slice(0, 2)
    .join('');
}

/** Two balanced halves; below 768 px the form alone, the quote panel hidden. */
const NARROW = '@media (max-width: 767px)';

const frame = {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
  minHeight: '100vh',
  background: tokens.color.background,
  color: tokens.color.text,
  [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' },
} as const;

const formPanel = {
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  padding: `${tokens.space.xl} ${tokens.space.xxl}`,
  '& > :first-child': { alignSelf: 'flex-start' },
  [NARROW]: { padding: `${tokens.space.xl} ${tokens.space.lg}` },
} as const;

const quotePanel = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: `${tokens.space.xxxl} ${tokens.space.xxl}`,
  borderLeft: `1px solid ${tokens.color.border}`,
  background: `radial-gradient(120% 80% at 100% 0%, color-mix(in srgb, ${tokens.color.brand} 18%, transparent), transparent 60%), ${tokens.color.surface}`,
  [NARROW]: { display: 'none' },
} as const;

const avatar = {
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 40,
  height: 40,
  borderRadius: tokens.radius.full,
  background: tokens.color.brand,
  color: tokens.color.onBrand,
  fontSize: tokens.fontSize.sm,
  fontWeight: tokens.fontWeight.semibold,
} as const;
