import type { ReactNode } from 'react';
import { tokens } from '@plinth/shared-ui/theme';

const KEY_NAMES: Record<string, string> = { Mod: 'Control', Ctrl: 'Control', Cmd: 'Command', Shift: 'Shift', Alt: 'Alt', Enter: 'Enter', Esc: 'Escape' };

/** One key, drawn as a keycap. */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 20,
        height: 20,
        padding: `0 ${tokens.space.xs}`,
        border: `1px solid ${tokens.color.borderStrong}`,
        borderBottomWidth: 2,
        borderRadius: tokens.radius.sm,
        background: tokens.color.surfaceRaised,
        color: tokens.color.textMuted,
        fontFamily: tokens.font.body,
        fontSize: tokens.fontSize.xs,
        fontWeight: tokens.fontWeight.medium,
        lineHeight: 1,
      }}
    >
      {children}
    </kbd>
  );
}

/** True on Apple platforms, where the command key stands in for Control. */
export function usesCommandKey(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): boolean {
  return /Mac|iPhone|iPad/.test(platform);
}

export interface ShortcutHintProps {
  /** Keys pressed together; 'Mod' is ⌘ on Apple platforms and Ctrl elsewhere. */
  keys: readonly string[];
  platform?: string;
}

/** A keyboard shortcut such as Ctrl K: keycaps for sight, the spelled-out keys for screen readers. */
export function ShortcutHint({ keys, platform }: ShortcutHintProps) {
  const mac = usesCommandKey(platform);
  const shown = keys.map((key) => (key === 'Mod' ? (mac ? '⌘' : 'Ctrl') : key));
  const spoken = keys.map((key) => (key === 'Mod' ? (mac ? 'Command' : 'Control') : (KEY_NAMES[key] ?? key))).join(' ');
  return (
    <span aria-label={spoken} role="img" css={{ display: 'inline-flex', gap: 3, verticalAlign: 'middle' }}>
      {shown.map((key, i) => (
        <Kbd key={i}>{key}</Kbd>
      ))}
    </span>
  );
}
