/** The Contabil mark and name. */
export function Logo({ tone = 'dark', size = 32 }: { tone?: 'dark' | 'light'; size?: number }) {
  return (
    <span
      style={{
        display: 'inline-flex',
        flex: 'none',
        whiteSpace: 'nowrap',
        alignItems: 'center',
        gap: 10,
        fontWeight: 800,
        fontSize: size * 0.62,
        letterSpacing: '-0.02em',
        color: tone === 'light' ? 'var(--color-text-inverse)' : 'var(--color-brand-800)',
      }}
    >
      <svg
        width={size}
        height={size}
        viewBox="0 0 64 64"
        aria-hidden="true"
        style={{ flex: 'none', maxWidth: 'none' }}
      >
        <rect width="64" height="64" rx="14" fill={tone === 'light' ? '#ffffff' : '#0d7059'} />
        <path
          d="M43 22.5A14 14 0 1 0 43 41.5"
          fill="none"
          stroke={tone === 'light' ? '#0d7059' : '#ffffff'}
          strokeWidth="7"
          strokeLinecap="round"
        />
        <circle cx="45" cy="32" r="4" fill="#f7b538" />
      </svg>
      Contabil
    </span>
  )
}
