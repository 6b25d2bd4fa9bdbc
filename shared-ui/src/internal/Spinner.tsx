
/** A small rotating ring; purely visual (the caller says what is loading). */
export function SpinnerGlyph({ size = 14 }: { size?: number }) {
  return (
    <span
      aria-hidden="true"
      css={{
        display: 'inline-block',
        width: size,
        height: size,
        flex: 'none',
        borderRadius: '50%',
        border: '2px solid currentColor',
        borderRightColor: 'transparent',
        animation: 'plinth-spin 0.7s linear infinite',
        opacity: 0.9,
        color: 'inherit',
        verticalAlign: 'middle',
      }}
    />
  );
}

